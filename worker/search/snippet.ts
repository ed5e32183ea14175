// The `snippet` of a search result: a short excerpt of the item's text around its first match, HTML
// escaped, with every word that matched wrapped in <mark>. Built here from the stored text rather than
// by FTS5 (whose snippet() needs the text inside the index, doubling what each item stores).
import { escapeText } from '../html/entities';
import { type SearchTerm, WORD } from './parse-query';

const SNIPPET_CHARS = 200;
/** How much text shows before the first match, so it reads in context. */
const LEAD_CHARS = 60;

/** A word as the index compares it: accents folded, any case (FTS5 unicode61 remove_diacritics 2). */
export const foldWord = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

type Matcher = (word: string) => boolean;

/** Whether a word of the text is one the search looked for (excluded words are never marked). */
function matcherOf(terms: SearchTerm[]): Matcher {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const term of terms) {
    if (term.excluded) continue;
    term.words.forEach((word, index) => {
      if (term.prefix && index === term.words.length - 1) prefixes.push(foldWord(word));
      else exact.add(foldWord(word));
    });
  }
  return (word) => {
    const folded = foldWord(word);
    return exact.has(folded) || prefixes.some((prefix) => folded.startsWith(prefix));
  };
}

function firstMatch(text: string, matches: Matcher): number {
  for (const found of text.matchAll(WORD)) if (matches(found[0])) return found.index;
  return -1;
}

/** Escapes the text, marking the matched words. */
function markWords(text: string, matches: Matcher): string {
  let html = '';
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    if (!matches(found[0])) continue;
    html += `${escapeText(text.slice(last, found.index))}<mark>${escapeText(found[0])}</mark>`;
    last = found.index + found[0].length;
  }
  return html + escapeText(text.slice(last));
}

/**
 * The excerpt of the first of `texts` (plain text, most telling first) that holds a match, starting a
 * little before it; the start of the first non-empty text when none does (the match was in the title).
 */
export function buildSnippet(texts: (string | null)[], terms: SearchTerm[]): string {
  const matches = matcherOf(terms);
  const candidates = texts.map((text) => (text ?? '').normalize('NFC')).filter((text) => text.trim() !== '');
  let text = candidates[0] ?? '';
  let at = -1;
  for (const candidate of candidates) {
    at = firstMatch(candidate, matches);
    if (at >= 0) {
      text = candidate;
      break;
    }
  }
  let start = Math.max(0, at - LEAD_CHARS);
  // Start and end on word boundaries: a cut word reads as a typo.
  if (start > 0) start = Math.min(at, text.indexOf(' ', start) + 1 || at);
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, at)) end = space;
  }
  const excerpt = text.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${markWords(excerpt, matches)}${end < text.length ? '…' : ''}`;
}
