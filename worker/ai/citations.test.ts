// Issue 25: citations parsed strictly, kept only when they name an item the person can see, and each
// sentence checked against its items.
import { describe, expect, it } from 'vitest';
import { article, second } from '../test/ai-sources';
import { keepVisibleCitations, numbersToIds, parseCitedAnswer, UNSEEN_NOTE, withoutMarkers } from './citations';
import { checkCitationsOffline, checkSentence, everySentenceFailed, supportScoreOf } from './support-check';
import { parseVerdicts } from './support-judge';

describe('citations in a model’s answer', () => {
  it('are read sentence by sentence, with headings, markers before or after the full stop', () => {
    const parsed = parseCitedAnswer(
      '<h3>Storage</h3><p>Solar batteries fell in price. [1] Wind farms come with batteries [2].</p><ul><li>Both need lithium. [1][2]</li></ul>',
    );
    expect(parsed).toEqual({
      ok: true,
      citations: [
        { sentence: 'Solar batteries fell in price.', itemIds: [], numbers: [1], heading: 'Storage' },
        { sentence: 'Wind farms come with batteries.', itemIds: [], numbers: [2], heading: 'Storage' },
        { sentence: 'Both need lithium.', itemIds: [], numbers: [1, 2], heading: 'Storage' },
      ],
    });
    expect(withoutMarkers('<p>Prices fell. [1][2]</p>')).toBe('<p>Prices fell.</p>');
  });

  it('make an answer malformed when any sentence lacks one', () => {
    expect(parseCitedAnswer('<p>Written by the fake model.</p>')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/without a citation/),
    });
    expect(parseCitedAnswer('<p>One sentence. Another sentence without a number. [1]</p>')).toMatchObject({
      ok: false,
    });
    expect(parseCitedAnswer('<p>Cited. [1]</p><p>Not cited at all.</p>')).toMatchObject({ ok: false });
  });

  it('naming an item the person cannot see are dropped, and the sentence is marked unverified', () => {
    const parsed = parseCitedAnswer('<p>Solar batteries fell in price. [1]</p><p>A merger was announced. [7]</p>');
    if (!parsed.ok) throw new Error('expected a parsed answer');
    const drafts = parsed.citations.map((citation) => numbersToIds(citation, [article, second]));
    const kept = keepVisibleCitations(drafts, new Set([article.id, second.id]));
    expect(kept[0]).toEqual({ sentence: 'Solar batteries fell in price.', itemIds: [article.id] });
    expect(kept[1]).toMatchObject({ itemIds: [], unverified: true, note: UNSEEN_NOTE });
    const checked = checkCitationsOffline(kept, [article, second]);
    expect(checked.map((citation) => citation.support)).toEqual(['supported', 'unverified']);
  });
});

describe('the offline support check', () => {
  it('passes a sentence its items say and flags one whose numbers or names they never mention', () => {
    expect(checkSentence('Solar batteries fell in price again this year.', [article])).toMatchObject({
      support: 'supported',
      passage: 'Solar batteries fell in price again this year.',
    });
    expect(checkSentence('Solar batteries fell 40 percent in price this year.', [article])).toMatchObject({
      support: 'not',
      note: 'Its sources never mention 40.',
    });
    expect(checkSentence('Analysts at Goldman say solar storage is now cheaper than gas.', [article])).toMatchObject({
      support: 'not',
      note: expect.stringContaining('Goldman'),
    });
    expect(checkSentence('Nuclear fusion reactors will power every home by spring.', [article]).support).toBe('not');
  });

  it('scores a generation by its share of supported sentences and refunds one where none passed', () => {
    expect(
      supportScoreOf([{ support: 'supported' }, { support: 'not' }, { support: 'partly' }, { support: 'supported' }]),
    ).toBe(0.5);
    expect(supportScoreOf([])).toBeNull();
    expect(everySentenceFailed([{ support: 'not' }, { support: 'unverified' }])).toBe(true);
    expect(everySentenceFailed([{ support: 'not' }, { support: 'partly' }])).toBe(false);
    expect(everySentenceFailed([])).toBe(false);
  });
});

describe('the model’s support verdicts', () => {
  it('are read only when there is exactly one readable verdict per sentence', () => {
    const answer =
      '{"verdicts":[{"n":1,"verdict":"supported","passage":"p"},{"n":2,"verdict":"not supported","passage":""}]}';
    expect(parseVerdicts(answer, 2)).toEqual([
      { n: 1, verdict: 'supported', passage: 'p' },
      { n: 2, verdict: 'not', passage: '' },
    ]);
    expect(parseVerdicts(`\`\`\`json\n${answer}\n\`\`\``, 2)).toHaveLength(2);
    expect(parseVerdicts(answer, 3)).toBeNull();
    expect(parseVerdicts('{"verdicts":[{"n":1,"verdict":"probably"}]}', 1)).toBeNull();
    expect(parseVerdicts('Sure! Here you go.', 1)).toBeNull();
  });
});
