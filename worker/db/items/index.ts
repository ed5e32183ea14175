// The reading core (DESIGN.md "db/items/"): every list of a person's items, on every surface (the web
// app's lists and search, the Google Reader and Fever APIs, the digest, the export), is one ItemQuery
// asked of this module. Only these three functions, cursorAfter (for a surface that shows fewer rows than
// it read), the benchmark's page floor and the query's types leave it (a Biome rule keeps the rest private): a surface translates
// its protocol into an ItemQuery, and nothing else.
import type { Reader } from '../reader';
import { countFollowed, unreadIds } from './by-id';
import { hasItemFilters, withHidden } from './conditions';
import { type ItemPage, planAndRead, toPage } from './planner';
import { checkQuery, encodeCursor, type ItemQuery } from './query';
import { countStarred, starredIds } from './starred';

/** Only for the benchmark's page floor (routes/dev.ts): a page's rows read as the core's statements select them. */
export { readPageFloorRows } from './page-floor';
export type { ItemPage } from './planner';
export type { ItemOrder, ItemQuery, ItemScope, ItemState, LinkFilter, PageRowRef } from './query';
export { MAX_ITEMS } from './query';

/** One page of the person's items that the query asks for, and the cursor of the next page (null: the last). */
export async function queryItems(reader: Reader, query: ItemQuery, now = Date.now()): Promise<ItemPage> {
  return toPage(await planAndRead(reader, query, now), query);
}

/**
 * The cursor that goes on with a date-ordered list after `item`, one of its rows: for a surface that read
 * more rows than it shows (a grouped list's page, worker/stories/story-cards.ts) and ends its page
 * earlier. `spanMs` is the time the next page's first window looks at (the core's own cursors carry it).
 */
export function cursorAfter(query: ItemQuery, item: { id: number; pubDate: string }, spanMs?: number): string {
  if (query.order !== 'newest' && query.order !== 'oldest')
    throw new Error(`cursorAfter goes on with date-ordered lists, not ${query.order}`);
  return encodeCursor(query, { key: Date.parse(item.pubDate), id: item.id, spanMs });
}

/**
 * Ids of the person's items that the query asks for, at most `limit` (up to MAX_ITEMS): unread and
 * starred ones by their own lean paths (largest id first, as Fever lists them), others as a page's ids.
 */
export async function itemIds(reader: Reader, asked: ItemQuery): Promise<number[]> {
  checkQuery(asked);
  const query = withHidden(asked, reader.userId);
  const plain = query.match === undefined && query.cursor === undefined && query.scope.kind !== 'ids';
  if (plain && query.state === 'unread' && !query.starred && query.order === 'id-descending')
    return unreadIds(reader, query);
  const lean = plain && !hasItemFilters(query);
  if (lean && query.state === 'starred' && query.scope.kind === 'all' && query.order === 'id-descending')
    return starredIds(reader.db, reader.userId, query.limit);
  const page = await planAndRead(reader, query);
  return page.rows.map((row) => row.id);
}

/** How many of the person's items the query takes: every state, or the starred ones (the sidebar's count). */
export async function countItems(
  reader: Reader,
  asked: Pick<ItemQuery, 'scope' | 'state' | 'from' | 'to' | 'hasEnclosure' | 'link' | 'includeHidden'>,
) {
  const query = withHidden(asked, reader.userId);
  const filtered = hasItemFilters(query);
  if (query.state === 'starred' && query.scope.kind === 'all' && !filtered)
    return countStarred(reader.db, reader.userId);
  if (query.state === 'all' && query.scope.kind !== 'ids')
    return countFollowed(reader, { ...query, order: 'newest', limit: 1 });
  throw new Error(`countItems counts every state or the starred items of every feed, not ${query.state}`);
}
