// Issue 25: the offline model writes clean text, and every sentence it writes is an item's own sentence,
// citing it.
import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../html/text';
import { task } from '../test/ai-sources';
import { historyOf, pickSentences, themesOf } from './extractive';
import { composeOffline } from './offline';
import type { SourceItem } from './prompts';
import { isCompleteSentence, splitSentences, wordsOf } from './segment';
import { articleTextOf } from './source-text';

const item = (id: number, title: string, html: string, source = 'Daily Wire'): SourceItem => ({
  id,
  title,
  text: articleTextOf(html),
  link: `https://news.example/${id}`,
  source,
  pubDate: Date.UTC(2026, 10, 20, id),
});

describe('the offline model’s summaries', () => {
  it('leave out feed boilerplate: continue reading, related links, "appeared first on", share and subscribe lines, tracking footers', () => {
    const html = `<p>The city council approved a new budget for public parks on Tuesday evening. <a href="/x">Continue reading →</a></p>
      <p>Related: <a href="/a">Parks get more money</a></p>
      <p>Officials expect the first new playgrounds to open next spring across several districts.</p>
      <p>Share this: Facebook Twitter Email</p>
      <p>Subscribe to our newsletter for weekly updates in your inbox.</p>
      <p>The post <a href="/p">Council approves park budget</a> appeared first on Daily Wire.</p>
      <p><img src="https://feeds.feedburner.com/~r/x/~4/abc?utm_source=feedburner">View the original article at feedburner.</p>`;
    const answer = composeOffline(
      task({ contentLength: 'detailed', items: [item(1, 'Park budget', html)], scope: { kind: 'article', name: 'x' } }),
    );
    const text = htmlToPlainText(answer.html);
    expect(text).toContain('The city council approved a new budget for public parks on Tuesday evening.');
    expect(text).toContain('Officials expect the first new playgrounds to open next spring across several districts.');
    for (const boilerplate of [
      /continue reading/i,
      /related:/i,
      /appeared first on/i,
      /share this/i,
      /subscribe/i,
      /feedburner/i,
    ]) {
      expect(text).not.toMatch(boilerplate);
    }
  });

  it('keep sentence boundaries: paragraphs never run into one another, and a lost space still ends a sentence', () => {
    const html = `<p>Protesters gathered outside the ministry all afternoon, a statement said</p>
      <p>The director of the museum resigned on Monday after weeks of pressure from the board.</p>
      <p>The board thanked her for ten years of service.The search for a successor begins in January.</p>`;
    const sentences = splitSentences(articleTextOf(html));
    expect(sentences).toContain(
      'The director of the museum resigned on Monday after weeks of pressure from the board.',
    );
    expect(sentences).toContain('The board thanked her for ten years of service.');
    expect(sentences).toContain('The search for a successor begins in January.');
    expect(sentences.some((sentence) => sentence.includes('said The director'))).toBe(false);
    const summary = composeOffline(
      task({
        items: [item(1, 'Museum', html), item(2, 'Other', '<p>Nothing else happened in the city today at all.</p>')],
        scope: { kind: 'feed', name: 'x' },
      }),
    );
    expect(summary.citations.map((c) => c.sentence)).not.toContainEqual(expect.stringContaining('said The'));
    // A fragment without a sentence end is not quoted.
    expect(summary.citations.map((c) => c.sentence)).not.toContainEqual(expect.stringContaining('a statement said'));
  });

  it('say the same thing once: a near-duplicate sentence from another item is left out (maximal marginal relevance)', () => {
    const same = 'The central bank raised interest rates by half a point to fight rising inflation.';
    const items = [
      item(
        1,
        'Rates up',
        `<p>${same}</p><p>Mortgage lenders said they would pass the increase on to borrowers within days.</p>`,
      ),
      item(
        2,
        'Bank moves',
        `<p>${same.replace('fight', 'combat')}</p><p>Shares of regional banks rose in early trading after the announcement.</p>`,
      ),
      item(
        3,
        'Markets',
        '<p>Bond yields climbed to their highest level in a decade as traders priced in more increases.</p>',
      ),
    ];
    const picked = pickSentences(items, 6).map((sentence) => sentence.text);
    expect(picked.filter((text) => text.startsWith('The central bank raised interest rates'))).toHaveLength(1);
    expect(picked).toContain(
      'Bond yields climbed to their highest level in a decade as traders priced in more increases.',
    );
  });

  it('find themes in what the items say, not in the feed’s name, weighed against the feed’s history', () => {
    const episodes = [
      ['Giant Bombcast 603: Borderlands', 'This week we talk about Borderlands 3 and its loot.'],
      ['Giant Bombcast 602: More Borderlands', 'We keep talking about Borderlands 3 and Control.'],
      ['Giant Bombcast 601: Control', 'A long talk about Control and its haunted office.'],
      ['Giant Bombcast 600: Vampires', 'We talk about Control, vampires and the week in games.'],
    ].map(([title, text], index) => item(index + 1, title as string, `<p>${text}</p>`, 'Giant Bombcast'));
    const history = historyOf(
      Array.from({ length: 40 }, (_, n) => `Giant Bombcast ${500 + n}: We talk about games this week, talk talk talk`),
    );
    const themes = themesOf(episodes, 4, history);
    expect(themes).not.toContain('giant');
    expect(themes).not.toContain('bombcast');
    // "talk" is in every episode before this window too: it says nothing about this one.
    expect(themes).not.toContain('talk');
    expect(themes.slice(0, 2).sort()).toEqual(['borderlands', 'control']);
  });

  it('segment the scripts without spaces and the right-to-left ones into sentences and words', () => {
    expect(splitSentences('东京今天下了一整天的大雨。大阪明天将会是晴朗的好天气。')).toEqual([
      '东京今天下了一整天的大雨。',
      '大阪明天将会是晴朗的好天气。',
    ]);
    expect(splitSentences('東京は一日中雨でした。大阪は明日晴れるでしょう！')).toHaveLength(2);
    expect(wordsOf('東京は一日中雨でした')).toContain('東京');
    // Thai marks a sentence's end with a space.
    const thai = splitSentences(
      'รัฐบาลประกาศมาตรการใหม่เพื่อช่วยเหลือเกษตรกรในภาคเหนือของประเทศ ประชาชนจำนวนมากออกมาแสดงความยินดีกับข่าวนี้ในวันนี้',
    );
    expect(thai).toHaveLength(2);
    expect(wordsOf('ภาษาไทยเป็นภาษาที่สวยงาม')).toEqual(['ภาษา', 'ไทย', 'เป็น', 'ภาษา', 'ที่', 'สวยงาม']);
    expect(splitSentences('أعلنت الحكومة عن خطة جديدة للنقل العام. هل ستنجح الخطة؟ يقول الخبراء إنها ممكنة.')).toEqual([
      'أعلنت الحكومة عن خطة جديدة للنقل العام.',
      'هل ستنجح الخطة؟',
      'يقول الخبراء إنها ممكنة.',
    ]);
    expect(splitSentences('הממשלה הודיעה על תוכנית חדשה. המומחים אומרים שהיא אפשרית.')).toHaveLength(2);
    // Hindi ends a sentence with the danda, Greek asks with ";".
    expect(splitSentences('सरकार ने नई योजना की घोषणा की। विशेषज्ञ इसे संभव मानते हैं।')).toHaveLength(2);
    expect(isCompleteSentence('Θα πετύχει το νέο σχέδιο της κυβέρνησης;')).toBe(true);
    // Abbreviations are not sentence ends.
    expect(splitSentences('Mr. Smith met U.S. Army officials in Washington on Friday. They talked for hours.')).toEqual(
      ['Mr. Smith met U.S. Army officials in Washington on Friday.', 'They talked for hours.'],
    );
  });

  it('quote only the items’ own sentences, each citing its item, and say how many items had no text', () => {
    const items = [
      item(
        11,
        'Solar',
        '<p>Solar batteries fell in price again this year across most markets.</p><p>Utilities are ordering more batteries than ever before, analysts say.</p>',
      ),
      item(12, 'Wind', '<p>Wind farms now often come with batteries attached to smooth their output.</p>'),
    ];
    const answer = composeOffline(task({ items, leftOut: 2, scope: { kind: 'feed', name: 'Energy' } }));
    expect(answer.lead).toMatch(/^2 items from 1 source\..* 2 items had no text and were left out\.$/);
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const citation of answer.citations) {
      const [id] = citation.itemIds;
      const source = items.find((candidate) => candidate.id === id);
      expect(source?.text).toContain(citation.sentence);
    }
  });
});
