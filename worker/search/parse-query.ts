// A person's search text (issue 14's syntax) turned into a safe SQLite FTS5 MATCH expression. Words must
// all match (any case, accents folded by the index's tokenizer), "exact phrases" match in order,
// -word excludes, prefix* matches the start of a word. Everything the person typed becomes quoted FTS5
// strings made only of letters and digits, so no input can reach FTS5's own syntax (column filters,
// NEAR, operators, quotes): it is either words to find or nothing. Pure: the SQL is in db/search.ts.
// A search's cost is bounded here (issue 29): every word is a doclist the index reads and merges, and a
// short prefix is the union of every word that starts with it (75 one-letter prefixes took 8.1 s over
// 100,000 rows, holding the shard's database for everyone on it). So a search takes at most
// MAX_SEARCH_WORDS words, at most MAX_PREFIXES of them prefixes, each of MIN_PREFIX_LETTERS or more.
import { ApiError } from '../lib/errors';

export type SearchTerm = {
  /** Words of the term as the index splits them; several words form a phrase. */
  words: string[];
  /** The last word is a prefix (`word*`). */
  prefix: boolean;
  /** The term must not match (`-word`). */
  excluded: boolean;
};

export type ParsedSearch = { terms: SearchTerm[]; match: string };

/** Words in one search, a quoted phrase counting each of its words, left-out words too. */
export const MAX_SEARCH_WORDS = 8;
/** Prefix terms (`word*`) in one search. */
export const MAX_PREFIXES = 2;
/** Letters or digits before a `*`. */
export const MIN_PREFIX_LETTERS = 3;

/**
 * The characters FTS5's unicode61 tokenizer keeps in a word (categories L*, N* and Co); every other
 * character separates words, as it does in the index.
 */
export const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

export const wordsOf = (text: string) => text.normalize('NFC').match(WORD) ?? [];

/** Splits the text into terms: quoted phrases, `-` before a term excludes it, `*` after one makes a prefix. */
export function splitTerms(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const pattern = /(-?)(?:"([^"]*)"?|([^\s"]+))/g;
  for (const [, minus, quoted, bare] of text.matchAll(pattern)) {
    let body = quoted ?? bare ?? '';
    let prefix = false;
    if (quoted === undefined && body.endsWith('*')) {
      body = body.replace(/\*+$/, '');
      prefix = true;
    }
    const words = wordsOf(body);
    if (words.length > 0) terms.push({ words, prefix, excluded: minus === '-' });
  }
  return terms;
}

const phrase = (term: SearchTerm) => `"${term.words.join(' ')}"${term.prefix ? ' *' : ''}`;

/** The MATCH expression for the terms, or a 400 that says why the text cannot mean a search. */
export function parseSearch(text: string): ParsedSearch {
  const terms = splitTerms(text);
  const wanted = terms.filter((term) => !term.excluded);
  const excluded = terms.filter((term) => term.excluded);
  if (wanted.length === 0) {
    throw new ApiError(
      'BAD_REQUEST',
      excluded.length > 0
        ? 'Search needs a word to find, not only words to leave out'
        : 'Search needs at least one word of letters or digits',
    );
  }
  checkCost(terms);
  const found = wanted.map(phrase).join(' AND ');
  const match = excluded.length > 0 ? `(${found}) NOT (${excluded.map(phrase).join(' OR ')})` : found;
  return { terms, match };
}

/** A 400 naming the rule when the search would cost more than any search may (see the header). */
function checkCost(terms: SearchTerm[]) {
  const words = terms.reduce((n, term) => n + term.words.length, 0);
  if (words > MAX_SEARCH_WORDS) {
    throw new ApiError('BAD_REQUEST', `Search takes at most ${MAX_SEARCH_WORDS} words`);
  }
  const prefixes = terms.filter((term) => term.prefix);
  if (prefixes.length > MAX_PREFIXES) {
    throw new ApiError('BAD_REQUEST', `Search takes at most ${MAX_PREFIXES} prefixes (word*)`);
  }
  if (prefixes.some((term) => [...(term.words.at(-1) ?? '')].length < MIN_PREFIX_LETTERS)) {
    throw new ApiError('BAD_REQUEST', `A prefix needs at least ${MIN_PREFIX_LETTERS} letters or digits before the *`);
  }
}
