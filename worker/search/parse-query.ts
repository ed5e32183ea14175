// A person's search text (issue 14's syntax) turned into a safe SQLite FTS5 MATCH expression. Words must
// all match (any case, accents folded by the index's tokenizer), "exact phrases" match in order,
// -word excludes, prefix* matches the start of a word. Everything the person typed becomes quoted FTS5
// strings made only of letters and digits, so no input can reach FTS5's own syntax (column filters,
// NEAR, operators, quotes): it is either words to find or nothing. Pure: the SQL is in db/search.ts.
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
  const found = wanted.map(phrase).join(' AND ');
  const match = excluded.length > 0 ? `(${found}) NOT (${excluded.map(phrase).join(' OR ')})` : found;
  return { terms, match };
}
