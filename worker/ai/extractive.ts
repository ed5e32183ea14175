// The offline model's reading of items: their sentences (whole ones only, boilerplate gone), the best of
// them chosen by maximal marginal relevance (relevant to what the items share, unlike what is already
// chosen, spread over the items), and themes: the words most specific to this window of items against
// the feed's history, never the words of the feed's own name.
import { isBoilerplateLine } from './boilerplate';
import type { SourceItem } from './prompts';
import { isCompleteSentence, splitSentences, wordsOf, writtenWithoutSpaces } from './segment';

/** Common function words of the languages most feeds are in; others keep theirs, which only blunts the ranking. */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between
  both but by can could did do does doing down during each even few for from further had has have having he her here
  hers him his how however i if in into is it its itself just like made make many may me might more most much must my
  new no nor not now of off on once one only or other our ours out over own said same says she should since so some
  still such than that the their theirs them then there these they this those through to too under until up upon us
  very was we were what when where which while who whom why will with within without would year years you your yours
  get gets got via per it's we're they're don't can't won't week today yesterday told according two three first last
  day days time times monday tuesday wednesday thursday friday saturday sunday january february march april june july
  august september october november december morning evening night tonight tomorrow month months ago
  der die das und ist nicht mit von den dem des ein eine einer sich auf für als auch auch wird werden wurde sind bei
  le la les des une est pas pour dans sur par qui que avec plus sont aux ces son ses été
  el los las del una por para con que más como pero sus fue han este esta entre sin sobre también
  il di che non per una con sono della delle degli alla anche come più gli nel nella
  o os as um uma para com não mais como dos das foi são pelo pela`.split(/\s+/),
);

export type SourceSentence = { item: number; position: number; text: string; terms: string[] };

/** The words that carry meaning: no function words, no bare numbers, no one-letter words. */
export function termsOf(text: string): string[] {
  const minLength = writtenWithoutSpaces(text) ? 2 : 3;
  return wordsOf(text).filter((word) => [...word].length >= minLength && !STOPWORDS.has(word) && !/^\p{N}/u.test(word));
}

/** Sentences a summary may quote: whole, of a readable length, with words that mean something. */
function quotable(text: string): boolean {
  const length = [...text].length;
  const compact = writtenWithoutSpaces(text);
  if (length < (compact ? 12 : 30) || length > 500) return false;
  if (!isCompleteSentence(text) || isBoilerplateLine(text)) return false;
  if (/https?:\/\/|www\.|\S+@\S+\.\S+/.test(text)) return false;
  return termsOf(text).length >= (compact ? 3 : 4);
}

/** Every quotable sentence of every item, in reading order. */
export function quotableSentences(items: SourceItem[]): SourceSentence[] {
  const sentences: SourceSentence[] = [];
  items.forEach((item, index) => {
    splitSentences(item.text).forEach((text, position) => {
      if (quotable(text)) sentences.push({ item: index, position, text, terms: termsOf(text) });
    });
  });
  return sentences;
}

/** How many of a set of documents (word sets) hold each word. */
function documentFrequencies(documents: Iterable<Set<string>>) {
  const df = new Map<string, number>();
  let count = 0;
  for (const words of documents) {
    count++;
    for (const word of words) df.set(word, (df.get(word) ?? 0) + 1);
  }
  return { df, count };
}

/** Earlier items of the same feeds (titles and text), against which this window's words are weighed. */
export type History = { df: Map<string, number>; count: number };

export function historyOf(texts: string[]): History {
  return documentFrequencies(texts.map((text) => new Set(termsOf(text))));
}

/** Words of the feeds' names ("Giant Bombcast"): a theme of every item, so a theme of none. */
const nameWordsOf = (items: SourceItem[]) => new Set(items.flatMap((item) => termsOf(item.source)));

/**
 * How specific each word of the window is: log-odds of its share of the window's items against its
 * share of the history's (smoothed), or, with no history, its inverse document frequency in the window
 * (a word in every item says nothing about any one of them).
 */
function specificity(items: SourceItem[], history: History | undefined) {
  const window = documentFrequencies(items.map((item) => new Set(termsOf(`${item.title}\n${item.text}`))));
  const names = nameWordsOf(items);
  const weights = new Map<string, number>();
  for (const [word, count] of window.df) {
    if (names.has(word)) continue;
    const inWindow = (count + 0.5) / (window.count + 1);
    const before = history ? ((history.df.get(word) ?? 0) + 0.5) / (history.count + 1) : inWindow ** 2;
    weights.set(word, Math.max(0, Math.log(inWindow / before)));
  }
  return { window, weights };
}

/** The words that best describe these items across feeds: recurring in the window, rare before it. */
export function themesOf(items: SourceItem[], count: number, history?: History): string[] {
  const { window, weights } = specificity(items, history);
  const recurring = items.length >= 2 ? 2 : 1;
  return [...window.df]
    .filter(([word, df]) => df >= recurring && (weights.get(word) ?? 0) > 0)
    .map(([word, df]) => ({ word, score: df * (weights.get(word) ?? 0) }))
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, count)
    .map(({ word }) => word);
}

const overlap = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return a.size === 0 || b.size === 0 ? 0 : shared / Math.sqrt(a.size * b.size);
};

/** Relevance against redundancy: λ close to 1 favours relevance, lower values favour variety. */
const MMR_LAMBDA = 0.7;
/** A sentence this similar to one already chosen says the same thing again. */
const REDUNDANT = 0.6;

/**
 * The best `count` sentences across the items by maximal marginal relevance (Carbonell & Goldstein
 * 1998), at most a fair share from any one item, returned in reading order.
 */
export function pickSentences(items: SourceItem[], count: number, history?: History): SourceSentence[] {
  const candidates = quotableSentences(items);
  if (candidates.length === 0) return [];
  const { weights } = specificity(items, history);
  const frequency = new Map<string, number>();
  for (const sentence of candidates)
    for (const term of sentence.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const titles = items.map((item) => new Set(termsOf(item.title)));
  const scored = candidates.map((sentence) => {
    const distinct = new Set(sentence.terms);
    let weight = 0;
    for (const term of distinct) weight += Math.log1p(frequency.get(term) ?? 0) * (0.5 + (weights.get(term) ?? 0));
    const title = titles[sentence.item] ?? new Set<string>();
    const titleShare = [...distinct].filter((term) => title.has(term)).length / distinct.size;
    const position = sentence.position === 0 ? 1.4 : sentence.position < 3 ? 1.15 : 1;
    return {
      sentence,
      words: distinct,
      score: (weight / Math.sqrt(distinct.size + 4)) * (1 + 0.5 * titleShare) * position,
    };
  });
  const top = Math.max(...scored.map((entry) => entry.score)) || 1;
  const perItem = Math.max(1, Math.ceil(count / items.length) + 1);
  const used = new Map<number, number>();
  const chosen: typeof scored = [];
  const pool = [...scored];
  while (chosen.length < count && pool.length > 0) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    pool.forEach((entry, index) => {
      if ((used.get(entry.sentence.item) ?? 0) >= perItem) return;
      const similarity = Math.max(0, ...chosen.map((other) => overlap(entry.words, other.words)));
      if (similarity >= REDUNDANT) return;
      const value = MMR_LAMBDA * (entry.score / top) - (1 - MMR_LAMBDA) * similarity;
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    });
    if (best === -1) break;
    const [entry] = pool.splice(best, 1);
    if (!entry) break;
    chosen.push(entry);
    used.set(entry.sentence.item, (used.get(entry.sentence.item) ?? 0) + 1);
  }
  return chosen.map((entry) => entry.sentence).sort((a, b) => a.item - b.item || a.position - b.position);
}
