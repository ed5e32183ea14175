// Sentences and words in any of the 45 languages, with the runtime's own ICU (Intl.Segmenter, in workerd
// as in browsers and Node): its sentence rules know 。！？ and ؟, and its word rules carry dictionaries for
// the scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese). What ICU leaves to
// us: abbreviations ("Mr.", "U.S.") that it takes for sentence ends, two sentences glued without a space
// ("said.The"), and Thai, which marks a sentence end with a space, not a sign.

/** A sentence end: Latin, CJK, Arabic/Persian/Urdu, Devanagari signs, then any closing quotes or brackets. */
const SENTENCE_END = /[.!?。！？؟۔।\u037E]["'”’»」』)\]]*$/u;
/** Greek asks with ";" (U+037E, often typed as the semicolon). */
const GREEK_QUESTION = /\p{Script=Greek}[^;]*;["'”’»)]*$/u;
/** Scripts written without spaces between words. */
const NO_SPACES =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Scripts that end a sentence with a space rather than a sign. */
const SPACE_ENDED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;
/** What ends an abbreviation, not a sentence: initials (U.S., J.), titles and common short forms. */
const ABBREVIATION =
  /(?:^|[\s(])(?:(?:\p{L}\.){2,}|(?:\p{Lu}|Mr|Mrs|Ms|Dr|Prof|St|Sr|Jr|Mt|Gen|Gov|Sen|Rep|Lt|Col|Capt|Inc|Ltd|Co|Corp|No|vs|etc|approx|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|e\.g|i\.e)\.)$/u;

let sentenceSegmenter: Intl.Segmenter | undefined;
let wordSegmenter: Intl.Segmenter | undefined;

/** True when the text uses a script written without spaces between words. */
export const writtenWithoutSpaces = (text: string) => NO_SPACES.test(text);

/** True when the text reads as a whole sentence: it ends with a sentence sign (or is in a space-ended script). */
export function isCompleteSentence(text: string): boolean {
  // "…" and "..." end a cut-off excerpt, not a sentence.
  if (/(\.\.\.|…)["'”’)\]]*$/u.test(text)) return false;
  return SENTENCE_END.test(text) || GREEK_QUESTION.test(text) || (SPACE_ENDED.test(text) && !/[:：,，;；]$/.test(text));
}

/** Latin sentences glued by a lost space ("said.The director") are two sentences. */
const unglue = (line: string) => line.replace(/(\p{Ll}{2})([.!?])(["”’]?)(?=\p{Lu}\p{Ll})/gu, '$1$2$3 ');

/** Thai, Lao and Khmer: a space ends a sentence, but short runs are phrases of one sentence. */
function splitSpaceEnded(segment: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (const piece of segment.split(/\s+/).filter(Boolean)) {
    current = current ? `${current} ${piece}` : piece;
    if (current.length >= 40) {
      parts.push(current);
      current = '';
    }
  }
  if (current) {
    if (parts.length > 0 && current.length < 15) parts[parts.length - 1] += ` ${current}`;
    else parts.push(current);
  }
  return parts;
}

/**
 * The sentences of a text, in order. A line break always ends a sentence (paragraphs, list items and
 * headings never run into one another); within a line ICU decides, corrected for abbreviations.
 */
export function splitSentences(text: string): string[] {
  sentenceSegmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const sentences: string[] = [];
  for (const rawLine of text.split(/\n+/)) {
    const line = unglue(rawLine.replace(/\s+/g, ' ').trim());
    if (!line) continue;
    const merged: string[] = [];
    for (const { segment } of sentenceSegmenter.segment(line)) {
      const piece = segment.trim();
      if (!piece) continue;
      const previous = merged[merged.length - 1];
      if (previous !== undefined && ABBREVIATION.test(previous)) merged[merged.length - 1] = `${previous} ${piece}`;
      else merged.push(piece);
    }
    for (const piece of merged) {
      if (SPACE_ENDED.test(piece) && !SENTENCE_END.test(piece)) sentences.push(...splitSpaceEnded(piece));
      else sentences.push(piece);
    }
  }
  return sentences;
}

/** The words of a text, lower-cased: ICU's dictionaries for scripts without spaces, letters and digits otherwise. */
export function wordsOf(text: string): string[] {
  if (!writtenWithoutSpaces(text)) return text.toLowerCase().match(/[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu) ?? [];
  wordSegmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  const words: string[] = [];
  for (const { segment, isWordLike } of wordSegmenter.segment(text)) {
    if (isWordLike) words.push(segment.toLowerCase());
  }
  return words;
}
