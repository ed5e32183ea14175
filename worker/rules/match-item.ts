// Whether one item matches a rule, in memory, the way the search index would find it (issue 26): a
// refresh tests each new item against the rules of the people who follow its feed without asking the
// index (the item's content text is at hand, and an index query per rule would cost a round trip each).
// Words are split and folded as FTS5's `unicode61 remove_diacritics 2` tokenizer does (letters, digits and
// private-use characters form words; case and accents fold), a phrase is consecutive words in one part of
// the item, `word*` a word's start; `title:`, `author:` and `content:` (summary and text) narrow a term to
// that part, `link:` is text in the address. worker/rules/match-item.test.ts holds it to the index.
import type { ParsedSearch, SearchTerm } from '../search/parse-query';
import { WORD } from '../search/parse-query';

/** What a rule can look at in an item: its text parts as plain text, and its address. */
export type MatchableItem = {
  title: string;
  summary: string | null;
  content: string | null;
  author: string | null;
  link: string | null;
};

/** Case and accents folded, as the index folds them. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** The words of a text as the index keeps them. */
export const tokensOf = (text: string | null) => (text ? (fold(text.normalize('NFC')).match(WORD) ?? []) : []);

export type PreparedItem = { title: string[]; summary: string[]; content: string[]; author: string[]; link: string };

/** An item split into words once, for testing it against many rules. */
export const prepareItem = (item: MatchableItem): PreparedItem => ({
  title: tokensOf(item.title),
  summary: tokensOf(item.summary),
  content: tokensOf(item.content),
  author: tokensOf(item.author),
  link: (item.link ?? '').toLowerCase(),
});

/** Whether `words` appear one after another in `tokens` (the last as a prefix, for `word*`). */
function hasPhrase(tokens: string[], words: string[], prefix: boolean) {
  const last = words.length - 1;
  for (let start = 0; start + last < tokens.length; start++) {
    let found = true;
    for (let k = 0; k <= last && found; k++) {
      const token = tokens[start + k] as string;
      const word = words[k] as string;
      found = k === last && prefix ? token.startsWith(word) : token === word;
    }
    if (found) return true;
  }
  return false;
}

function termMatches(item: PreparedItem, term: SearchTerm) {
  if (term.field === 'link') return item.link.includes(term.text ?? '');
  const words = term.words.map(fold);
  const parts =
    term.field === 'title'
      ? [item.title]
      : term.field === 'author'
        ? [item.author]
        : term.field === 'content'
          ? [item.summary, item.content]
          : [item.title, item.summary, item.content, item.author];
  return parts.some((tokens) => hasPhrase(tokens, words, term.prefix));
}

/** A parsed search as a test of one item: every wanted term matches, no excluded one does. */
export function compileMatch(parsed: Pick<ParsedSearch, 'terms'>) {
  const wanted = parsed.terms.filter((term) => !term.excluded);
  const excluded = parsed.terms.filter((term) => term.excluded);
  return (item: PreparedItem) =>
    wanted.every((term) => termMatches(item, term)) && !excluded.some((term) => termMatches(item, term));
}

/** Mute words: any one of the words or phrases, anywhere in the item's text. */
export function compileMuteWords(words: string[]) {
  const phrases = words.map((word) => tokensOf(word)).filter((tokens) => tokens.length > 0);
  return (item: PreparedItem) =>
    phrases.some((phrase) =>
      [item.title, item.summary, item.content, item.author].some((tokens) => hasPhrase(tokens, phrase, false)),
    );
}
