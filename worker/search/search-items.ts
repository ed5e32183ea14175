// GET /api/feed-items?search=… (issue 14): one page of the person's items that match their words, in the
// list's filters and order (or by relevance), each with a highlighted snippet. The words are parsed
// here (parse-query.ts) into the query's match; the reading core reads the page (db/items: its
// full-text path); the snippets are cut here from each item's text.
import type { SearchResult } from '../contracts/feeds';
import { type ItemQuery, queryItems } from '../db/items';
import type { Reader } from '../db/reader';
import { htmlToText } from '../html/text';
import { parseSearch } from './parse-query';
import { buildSnippet } from './snippet';

/** A search: the person's words and the ItemQuery they narrow (its order may be relevance). */
export type SearchQuery = Omit<ItemQuery, 'match'> & { search: string };

export async function searchFeedItems(reader: Reader, { search, ...query }: SearchQuery) {
  const parsed = parseSearch(search);
  // Only `link:` terms: no words for the index, a filter on the list (ranked by date, nothing to score).
  const order = parsed.match === undefined && query.order === 'relevance' ? 'newest' : query.order;
  const page = await queryItems(reader, {
    ...query,
    order,
    match: parsed.match,
    rankTerms: parsed.rankTerms,
    link: parsed.link,
    // The web app follows the cursor of a short or empty page (issue 29: a phrase's page reads a window).
    boundedScan: parsed.sparse,
    oldestInWindows: true,
  });
  const items: SearchResult[] = page.items.map((item) => ({
    ...item,
    snippet: buildSnippet([item.description, item.content ? htmlToText(item.content) : null], parsed.terms),
  }));
  return { items, nextCursor: page.nextCursor };
}
