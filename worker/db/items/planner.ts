// The planner: one ItemQuery in, the cheapest way to read it chosen here, one page of items out. Every
// path selects the same columns (columns.ts), puts the same item filters in its SQL before its limit
// (conditions.ts) and maps rows the same way, so a filter or a column is added once for every surface.
//   ids given            → by id (by-id.ts): the items named, as the person sees them
//   order by id          → by id order (by-id.ts): Fever's since_id / max_id paging
//   a search             → full text (search-path.ts): the index's matches, cut to the page before rows
//   starred              → the stars (starred.ts): the person's stars joined to their items
//   otherwise            → windows of time / per feed (windows.ts): the scope's feeds, newest or oldest
import type { FeedItem } from '../../contracts/feeds';
import { ApiError } from '../../lib/errors';
import { countWithin } from '../../lib/response-budget';
import type { Reader } from '../reader';
import { readByIdOrder, readByIds } from './by-id';
import { type ItemRow, toFeedItem } from './columns';
import { withHidden } from './conditions';
import { checkQuery, decodeCursor, encodeCursor, type ItemQuery } from './query';
import { readSearchPage } from './search-path';
import { readStarredPage } from './starred';
import { type RowPage, readDatePage } from './windows';

export type ItemPage = { items: FeedItem[]; nextCursor: string | null };

/** The rows of a page, by the cheapest path for the query. */
export async function planAndRead(reader: Reader, asked: ItemQuery, now = Date.now()): Promise<RowPage> {
  checkQuery(asked);
  const query = withHidden(asked, reader.userId);
  // Bad input is refused whatever the person follows, before anything is read.
  const position = decodeCursor(query);
  if (query.scope.kind === 'ids') {
    return { rows: await readByIds(reader, query.scope.ids, query), nextCursor: null };
  }
  if (query.order === 'id-ascending' || query.order === 'id-descending') {
    if (query.state !== 'all') throw new ApiError('BAD_REQUEST', 'Paging by id lists every state: state must be all');
    return { rows: await readByIdOrder(reader, query, now), nextCursor: null };
  }
  if (query.match !== undefined) return readSearchPage(reader, { ...query, match: query.match }, position);
  if (query.state === 'starred' || query.starred) return readStarredPage(reader, query, position);
  return readDatePage(reader, query, position);
}

/** The page's items; with a `budgetChars`, those within it, and a cursor after the last one kept. */
export function toPage(page: RowPage, query: ItemQuery): ItemPage {
  const items = page.rows.map((row: ItemRow) => toFeedItem(row));
  if (query.budgetChars === undefined) return { items, nextCursor: page.nextCursor };
  const kept = countWithin(items, query.budgetChars);
  if (kept === items.length) return { items, nextCursor: page.nextCursor };
  const last = page.rows[kept - 1] as ItemRow & { rank?: number };
  const key = query.order === 'relevance' ? (last.rank ?? 0) : last.pub_date;
  return { items: items.slice(0, kept), nextCursor: encodeCursor(query, { key, id: last.id }) };
}
