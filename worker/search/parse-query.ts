// A person's search text (issue 14's syntax) turned into a safe SQLite FTS5 MATCH expression. Words must
// all match (any case, accents folded by the index's tokenizer), "exact phrases" match in order,
// -word excludes, prefix* matches the start of a word. Everything the person typed becomes quoted FTS5
// strings made only of letters and digits, so no input can reach FTS5's own syntax (column filters,
// NEAR, operators, quotes): it is either words to find or nothing. Pure: the SQL is in db/search.ts.
// A search's cost is bounded here (issue 29): every word is a doclist the index reads and merges, and a
// short prefix is the union of every word that starts with it (75 one-letter prefixes took 8.1 s over
// 100,000 rows, holding the shard's database for everyone on it). So a search takes at most
// MAX_SEARCH_WORDS words, at most MAX_PREFIXES of them prefixes, each of MIN_PREFIX_LETTERS or more.
// Field prefixes (issue 26) narrow a term to one part of the item: `title:`, `author:`, `content:` (its
// summary and text) are column filters of the index; `link:` is not indexed, so it is a test on the
// item's address (its text, any case, anywhere in it), kept apart from the MATCH. Rules use this same
// language (worker/rules/match-item.ts matches one item in memory the way the index would).
import type { LinkFilter } from '../db/items';
import type { RankTerm } from '../db/search';
import { ApiError } from '../lib/errors';

/** The parts of an item a term can be narrowed to with `field:`. */
export const SEARCH_FIELDS = ['title', 'author', 'content', 'link'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export type SearchTerm = {
  /** Words of the term as the index splits them; several words form a phrase. */
  words: string[];
  /** Only in this part of the item (`title:word`); anywhere when left out. */
  field?: SearchField;
  /** For `link:`: the text as typed, lower case, which the item's address must contain. */
  text?: string;
  /** The last word is a prefix (`word*`). */
  prefix: boolean;
  /** The term must not match (`-word`). */
  excluded: boolean;
};

/**
 * A parsed search: its terms, the index's MATCH expression (none when every wanted term is a `link:`),
 * and the `link:` terms as a filter on the items row (none when there are none).
 */
export type ParsedSearch = {
  terms: SearchTerm[];
  match?: string;
  link?: LinkFilter;
  rankTerms?: RankTerm[];
  /**
   * The match can be far sparser than the rows of its words: a phrase of several words (every row with all
   * of them is read to find the few with them in order) or words left out (every row with the wanted ones).
   * Such a search reads its pages in bounded windows (db/items ItemQuery.boundedScan).
   */
  sparse?: boolean;
};

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

/**
 * Splits the text into terms: quoted phrases, `-` before a term excludes it, `*` after one makes a prefix,
 * `field:` right before a word or a phrase narrows it to that part of the item.
 */
export function splitTerms(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const pattern = /(-?)(?:(title|author|content|link):(?=[^\s]))?(?:"([^"]*)"?|([^\s"]+))/gi;
  for (const [, minus, fieldName, quoted, bare] of text.matchAll(pattern)) {
    let body = quoted ?? bare ?? '';
    let prefix = false;
    if (quoted === undefined && body.endsWith('*')) {
      body = body.replace(/\*+$/, '');
      prefix = true;
    }
    const field = fieldName?.toLowerCase() as SearchField | undefined;
    const words = wordsOf(body);
    if (words.length === 0) continue;
    const term: SearchTerm = { words, prefix, excluded: minus === '-' };
    if (field === 'link') {
      // An address is matched as typed: a prefix means nothing more than the text it starts with.
      term.field = field;
      term.text = body.normalize('NFC').toLowerCase().trim();
      term.prefix = false;
    } else if (field) term.field = field;
    terms.push(term);
  }
  return terms;
}

/** The index's columns a field looks in: `content:` is the item's summary and its text. */
const COLUMNS: Record<Exclude<SearchField, 'link'>, string> = {
  title: 'title',
  author: 'author',
  content: '{summary content}',
};

/** Each word of a term alone, as FTS5 strings (the last one a prefix for `word*`): how common it is. */
const probeWords = (term: SearchTerm) =>
  term.words.map((word, index) => `"${word}"${term.prefix && index === term.words.length - 1 ? ' *' : ''}`);

const phrase = (term: SearchTerm) => {
  const words = `"${term.words.join(' ')}"${term.prefix ? ' *' : ''}`;
  return term.field && term.field !== 'link' ? `${COLUMNS[term.field]} : ${words}` : words;
};

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
  const indexed = (term: SearchTerm) => term.field !== 'link';
  const wantedWords = wanted.filter(indexed);
  const excludedWords = excluded.filter(indexed);
  // FTS5 cannot answer "everything but": words left out need a word of the index to leave them out of.
  if (wantedWords.length === 0 && excludedWords.length > 0) {
    throw new ApiError('BAD_REQUEST', 'Search needs a word to find besides link: to leave words out');
  }
  const parsed: ParsedSearch = { terms };
  if (wantedWords.length > 0) {
    const found = wantedWords.map(phrase).join(' AND ');
    parsed.match = excludedWords.length > 0 ? `(${found}) NOT (${excludedWords.map(phrase).join(' OR ')})` : found;
    parsed.rankTerms = wantedWords.map((term) => ({ phrase: phrase(term), words: probeWords(term) }));
    parsed.sparse = excludedWords.length > 0 || wantedWords.some((term) => term.words.length > 1);
  }
  const links = (list: SearchTerm[]) => list.flatMap((term) => (term.field === 'link' && term.text ? [term.text] : []));
  const has = links(wanted);
  const lacks = links(excluded);
  if (has.length > 0 || lacks.length > 0) parsed.link = { has, lacks };
  return parsed;
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
