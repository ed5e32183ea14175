// GET /api/feed-items?search=… (issue 14): one page of the person's items that match their words, in the
// list's filters and order (or by relevance), each with a highlighted snippet. Reads top to bottom, as
// the list pages do (db/items.ts): the person's subscriptions in scope from their reading list (the
// session's copy: no call); for shards other than the person's own database, the marks or stars the
// filter needs there (one round trip, none on one database); each shard's page in one statement, at
// once (db/search-page.ts: the index's matches, then the items rows with read state and stars joined);
// then the marks and stars of the rows shown from other shards (one round trip, none on one database).
import type { FeedItem, SearchResult } from '../contracts/feeds';
import type { PeopleDb } from '../db/client';
import { dateRange, type ItemQuery, toFeedItem } from '../db/items';
import { readPersonalStateAt } from '../db/person-scope';
import { listedInScope, readingListOf } from '../db/reading-list';
import type { SearchOrder } from '../db/search';
import { readHandedState, type SearchPage, type SearchRow, searchShard } from '../db/search-page';
import { groupByShard, shardOfId } from '../db/shards';
import { htmlToText } from '../html/text';
import { ApiError } from '../lib/errors';
import { parseSearch } from './parse-query';
import { buildSnippet } from './snippet';

export type SearchQuery = Omit<ItemQuery, 'filter' | 'sort' | 'between'> & {
  search: string;
  filter: 'all' | 'unread' | 'starred';
  sort: SearchOrder;
};

// A page's last row, so the next page starts after it: its date, or its rank by relevance.
const encodeCursor = (order: SearchOrder, key: number, id: number) => btoa(`search:${order}:${key}:${id}`);

function decodeCursor(cursor: string, order: SearchOrder): { key: number; id: number } {
  let text = '';
  try {
    text = atob(cursor);
  } catch {}
  const [tag, cursorOrder, key, id] = text.split(':');
  const parsed = { key: Number(key), id: Number(id) };
  if (tag !== 'search' || cursorOrder !== order || !Number.isFinite(parsed.key) || !Number.isSafeInteger(parsed.id)) {
    throw new ApiError('BAD_REQUEST', 'Invalid cursor');
  }
  return parsed;
}

/** The page's order across shards: each shard's rows come sorted; merged here the same way. */
function compareRows(order: SearchOrder) {
  const key = (row: SearchRow) => (order === 'relevance' ? row.rank : row.pub_date);
  const sign = order === 'newest' ? -1 : 1;
  return (a: SearchRow, b: SearchRow) => sign * (key(a) - key(b) || a.id - b.id);
}

export async function searchFeedItems(db: PeopleDb, userId: number, timeZone: string, query: SearchQuery) {
  const parsed = parseSearch(query.search);
  // Bad input is refused whatever the person follows, before anything is read.
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const list = await readingListOf(db, userId, query.readingList);
  const subscriptions = listedInScope(list, { feedId: query.feedId, categoryId: query.categoryId });
  if (subscriptions.length === 0) return { items: [], nextCursor: null };
  const [from, to] = dateRange(query.dateFilter, timeZone);
  const page: SearchPage = {
    userId,
    match: parsed.match,
    filter: query.filter,
    order: query.sort,
    from,
    to,
    after,
    limit: query.limit + 1,
  };

  // The person's own database is one of the feed shards on one database (the primary is both shard 0s).
  const own = db.shards.indexOf(db);
  const elsewhere = (feedId: number) => shardOfId(feedId) !== own;
  const handed = await readHandedState(
    db,
    userId,
    subscriptions.map((row) => row.feedId).filter(elsewhere),
    query.filter,
  );
  const byFeed = new Map(subscriptions.map((row) => [row.feedId, row]));
  const shards = [...groupByShard(byFeed.keys())].map(([shard, feedIds]) =>
    searchShard(
      db,
      page,
      feedIds.map((id) => byFeed.get(id) as (typeof subscriptions)[number]),
      shard === own ? { joined: true } : { joined: false, ...handed },
    ),
  );
  const rows = (await Promise.all(shards)).flat().sort(compareRows(query.sort)).slice(0, page.limit);
  const shown = rows.slice(0, query.limit);
  // Rows of other shards whose marks (all and starred searches) or stars (all) their statement could not know.
  if (query.filter !== 'unread') {
    await readPersonalStateAt(
      db,
      userId,
      shown.filter((row) => elsewhere(row.feed_id)),
      { marks: true, stars: query.filter === 'all' },
    );
  }

  const items: SearchResult[] = shown.map((row) => {
    const item: FeedItem = toFeedItem(row, byFeed.get(row.feed_id)?.name ?? '');
    return {
      ...item,
      snippet: buildSnippet([row.description, row.content ? htmlToText(row.content) : null], parsed.terms),
    };
  });
  const last = shown.at(-1);
  const lastKey = last ? (query.sort === 'relevance' ? last.rank : last.pub_date) : 0;
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeCursor(query.sort, lastKey, last.id) : null,
  };
}
