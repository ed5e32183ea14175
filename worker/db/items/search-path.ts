// The full-text path of the planner (issue 14): a page of the person's items that match a search, in the
// query's filters and order (or by relevance). The subscriptions in scope from the reading list (no call
// where the session has it); for shards other than the person's own database, the marks or stars the
// filters need there (one round trip, none on one database); each shard's page in one statement, at
// once (search-page.ts: the index's matches, then the items rows with read state and stars joined);
// then the marks and stars of the rows shown from other shards (one round trip, none on one database).
import { readPersonalStateAt } from '../person-scope';
import type { Reader } from '../reader';
import { latestDateOfId, type SearchOrder } from '../search';
import { groupByShard, shardOfId } from '../shards';
import { type CursorPosition, encodeCursor, type ItemQuery } from './query';
import { readHandedState, type SearchPage, type SearchRow, searchShard } from './search-page';
import { rowsAsked, rowsShown } from './story-fold';
import type { RowPage } from './windows';
import { subscriptionsOf } from './windows';

/** The page's order across shards: each shard's rows come sorted; merged here the same way. */
function compareRows(order: SearchOrder) {
  // By relevance: best first (bm25 is negative, so ascending), and among equals the newest.
  if (order === 'relevance') return (a: SearchRow, b: SearchRow) => a.rank - b.rank || b.id - a.id;
  const sign = order === 'newest' ? -1 : 1;
  return (a: SearchRow, b: SearchRow) => sign * (a.pub_date - b.pub_date || a.id - b.id);
}

export async function readSearchPage(
  reader: Reader,
  query: ItemQuery & { match: string },
  position: CursorPosition | null,
): Promise<RowPage> {
  const { db, userId } = reader;
  const subscriptions = await subscriptionsOf(reader, query);
  if (subscriptions.length === 0) return { rows: [], nextCursor: null };
  const order = query.order as SearchOrder;
  const page: SearchPage = {
    userId,
    match: query.match,
    rankTerms: query.rankTerms,
    state: query.state === 'starred' ? 'all' : query.state,
    starred: query.state === 'starred' || query.starred === true,
    order,
    from: query.from ?? null,
    to: query.to ?? null,
    hasEnclosure: query.hasEnclosure,
    link: query.link,
    hiddenOf: query.hiddenOf,
    after: position ? { key: position.key, id: position.id } : undefined,
    limit: rowsAsked(query) + 1,
    cardsAsked: query.foldStories ? query.limit + 1 : undefined,
  };
  if (query.boundedScan && (order === 'newest' || order === 'relevance')) {
    page.boundedScan = true;
    if (order === 'newest' && position?.scanBelow !== undefined) page.scanBelow = position.scanBelow;
  }
  if (order === 'oldest' && query.oldestInWindows) page.oldestWindows = query.boundedScan ? 'always' : 'past-a-few';

  // The person's own database is one of the feed shards on one database (the primary is both shard 0s).
  const own = db.shards.indexOf(db);
  const elsewhere = (feedId: number) => shardOfId(feedId) !== own;
  const handed = await readHandedState(db, userId, subscriptions.map((row) => row.feedId).filter(elsewhere), page);
  const byFeed = new Map(subscriptions.map((row) => [row.feedId, row]));
  const shards = [...groupByShard(byFeed.keys())].map(([shard, feedIds]) =>
    searchShard(
      db,
      page,
      feedIds.map((id) => byFeed.get(id) as (typeof subscriptions)[number]),
      shard === own ? { joined: true } : { joined: false, ...handed },
    ),
  );
  const pages = await Promise.all(shards);
  // Sparse searches: every shard read a window; the highest start among those that stopped short is where
  // the page must stop, so that no row below it in any shard can rank above a row shown.
  const windowStart = Math.max(0, ...pages.map((shardPage) => shardPage.windowStart ?? 0));
  // Oldest first: the earliest end among the shards' windows that stopped short, past which a row not read
  // in that shard could rank before a row shown.
  const windowEnd = pages
    .flatMap((shardPage) => (shardPage.windowEnd ? [shardPage.windowEnd] : []))
    .sort((a, b) => a.key - b.key || a.id - b.id)[0];
  const rows = pages
    .flatMap((shardPage) => shardPage.rows)
    .filter(aboveWindow(order, windowStart))
    .filter(
      (row) => !windowEnd || row.pub_date < windowEnd.key || (row.pub_date === windowEnd.key && row.id <= windowEnd.id),
    )
    .sort(compareRows(order))
    .slice(0, page.limit);
  const shown = rows.slice(0, rowsShown(rows, query));
  // Rows of other shards whose marks (all and starred searches) or stars (all) their statement could not know.
  if (page.state === 'all') {
    await readPersonalStateAt(
      db,
      userId,
      shown.filter((row) => elsewhere(row.feed_id)),
      { marks: true, stars: !page.starred },
    );
  }
  for (const row of shown) row.source = byFeed.get(row.feed_id)?.name ?? '';
  const last = shown.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > shown.length && last) {
    const key = order === 'relevance' ? last.rank : last.pub_date;
    nextCursor = encodeCursor(query, { key, id: last.id, scanBelow: page.scanBelow });
  } else if (windowEnd) {
    // The window ended before the page filled: the next page reads the rows after its last.
    nextCursor = encodeCursor(query, windowEnd);
  } else if (windowStart > 0) {
    // The window ended before the page filled: the next page reads the rows below it.
    nextCursor =
      order === 'relevance'
        ? encodeCursor(query, { key: 0, id: windowStart })
        : encodeCursor(query, { key: latestDateOfId(windowStart) ?? 0, id: windowStart, scanBelow: windowStart });
  }
  return { rows: shown, nextCursor };
}

/** Rows that rank above every row below a window's start (0: none stopped short), in the page's order. */
function aboveWindow(order: SearchOrder, windowStart: number) {
  if (windowStart === 0) return () => true;
  if (order === 'relevance') return (row: SearchRow) => row.rank !== 0 || row.id >= windowStart;
  const lastDate = latestDateOfId(windowStart) ?? Number.POSITIVE_INFINITY;
  return (row: SearchRow) => row.pub_date > lastDate || (row.pub_date === lastDate && row.id >= windowStart);
}
