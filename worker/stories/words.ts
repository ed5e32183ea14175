// The words two reports of one story share: an item's title and lead text lowered, accents folded,
// punctuation dropped, the commonest English function words and a plural's final s left out. Outlets
// rewrite a story in their own words, so what survives between two reports is its names, numbers and
// key nouns; the function words would only make unrelated items look alike.

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have having
  he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
  nor not now of off on once only or other our ours ourselves out over own same she should so some such than
  that the their theirs them themselves then there these they this those through to too under until up very
  was we were what when where which while who whom why will with would you your yours yourself yourselves
  says said say new news according amid via per one two first last year years week day days time report
  reports reported just like get gets got may might must us mr mrs ms`.split(/\s+/),
);

/** How many words of the lead a fingerprint takes: the lead paragraph, where outlets agree most. */
export const LEAD_WORDS = 60;

/** Lower case, accents folded, every run of other characters one space. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** One word as a feature: a plural's final s dropped so that "recall" and "recalls" meet. */
function stem(word: string) {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The words that carry meaning, in order, stopwords and one-letter words left out. */
export function contentWords(text: string): string[] {
  const folded = foldText(text);
  if (folded === '') return [];
  return folded
    .split(' ')
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
    .map(stem);
}

/** The first `LEAD_WORDS` content words of the lead text. */
export function leadWords(text: string): string[] {
  return contentWords(text).slice(0, LEAD_WORDS);
}
