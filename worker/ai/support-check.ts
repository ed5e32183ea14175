// The offline support check (issue 25): is each cited sentence backed by the text of the items it cites?
// Deterministic, so the same summary always gets the same verdicts:
// - content-word coverage: the share of the sentence's meaningful words found in its cited items
//   (light stemming, so "battery" finds "batteries");
// - numbers and names must appear in the cited items: a sentence that adds a figure or a name its sources
//   never mention is not supported, however many other words it shares with them.
// The passage returned is the cited items' sentence that shares most words with it.
import type { Citation, SupportVerdict } from '../contracts/ai';
import type { DraftCitation } from './citations';
import { termsOf } from './extractive';
import type { SourceItem } from './prompts';
import { splitSentences, writtenWithoutSpaces } from './segment';

const SUPPORTED = 0.8;
const PARTLY = 0.5;

/** "batteries" and "battery", "announced" and "announce" meet at the same stem; other scripts are left as they are. */
const stem = (word: string) =>
  /^[a-z]+$/.test(word) && word.length > 4 ? word.replace(/(ies|es|s|ed|ing|ly|ment|er|y|e)$/, '') : word;

const numbersIn = (text: string) =>
  (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/[.,](?=\d{3}\b)/g, '').replace(',', '.'));

/** Capitalised words that are not the sentence's first: names of people, places, companies. */
function namesIn(sentence: string): string[] {
  const words = sentence.match(/[\p{Lu}][\p{L}\p{M}'’-]+/gu) ?? [];
  const first = sentence.match(/^\P{L}*([\p{L}\p{M}'’-]+)/u)?.[1];
  return words.filter((word, index) => !(index === 0 && word === first));
}

function bestPassage(sentenceTerms: Set<string>, sources: SourceItem[]): string | undefined {
  let best: { text: string; shared: number } | undefined;
  for (const item of sources) {
    for (const text of splitSentences(`${item.title}.\n${item.text}`)) {
      const shared = termsOf(text)
        .map(stem)
        .filter((term) => sentenceTerms.has(term)).length;
      if (!best || shared > best.shared) best = { text, shared };
    }
  }
  return best && best.shared > 0 ? best.text.slice(0, 600) : undefined;
}

export type Verdict = Pick<Citation, 'support'> & Partial<Pick<Citation, 'note' | 'passage'>>;

/** The deterministic verdict on one sentence against the items it cites. */
export function checkSentence(sentence: string, sources: SourceItem[]): Verdict {
  if (sources.length === 0) return { support: 'unverified', note: 'It cites no item.' };
  const sourceText = sources.map((item) => `${item.title}\n${item.text}`).join('\n');
  const sourceTerms = new Set(termsOf(sourceText).map(stem));
  const terms = new Set(termsOf(sentence).map(stem));
  const covered = [...terms].filter((term) => sourceTerms.has(term)).length;
  const coverage = terms.size === 0 ? 1 : covered / terms.size;
  const passage = bestPassage(terms, sources);
  const withPassage = passage ? { passage } : {};
  const sourceNumbers = new Set(numbersIn(sourceText));
  const missingNumbers = numbersIn(sentence).filter((n) => !sourceNumbers.has(n));
  const lowerSource = sourceText.toLowerCase();
  const missingNames = writtenWithoutSpaces(sentence)
    ? []
    : namesIn(sentence).filter((name) => !lowerSource.includes(name.toLowerCase()));
  if (missingNumbers.length > 0 || missingNames.length > 0) {
    const missing = [...missingNumbers, ...missingNames].slice(0, 3).join(', ');
    return { support: 'not', note: `Its sources never mention ${missing}.`, ...withPassage };
  }
  const support: SupportVerdict = coverage >= SUPPORTED ? 'supported' : coverage >= PARTLY ? 'partly' : 'not';
  if (support === 'supported') return { support, ...withPassage };
  return {
    support,
    note: `Only ${Math.round(coverage * 100)}% of its words are in its sources.`,
    ...withPassage,
  };
}

/** Verdicts for every citation: unverified ones stay so, the rest are checked against their items. */
export function checkCitationsOffline(citations: DraftCitation[], items: SourceItem[]): Citation[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return citations.map((citation) => {
    const base = {
      sentence: citation.sentence,
      itemIds: citation.itemIds,
      ...(citation.heading ? { heading: citation.heading } : {}),
    };
    if (citation.unverified) {
      return { ...base, support: 'unverified', note: citation.note ?? 'It could not be checked.' };
    }
    const sources = citation.itemIds.flatMap((id) => byId.get(id) ?? []);
    return { ...base, ...checkSentence(citation.sentence, sources) };
  });
}

/** Share of sentences judged supported; null when there is nothing to score. */
export function supportScoreOf(citations: Pick<Citation, 'support'>[]): number | null {
  if (citations.length === 0) return null;
  const supported = citations.filter((citation) => citation.support === 'supported').length;
  return Math.round((supported / citations.length) * 1000) / 1000;
}

/** True when no sentence passed: the generation is refunded (issue 25 "Credits"). */
export const everySentenceFailed = (citations: Pick<Citation, 'support'>[]) =>
  citations.length > 0 &&
  citations.every((citation) => citation.support === 'not' || citation.support === 'unverified');
