// GET /api/feed-items?search=… (issue 14): one page of the person's items that match their words, in the
// list's filters and order (or by relevance), each with a highlighted snippet. Reads top to bottom:
// the person's side first (subscriptions in scope, then stars or read marks when the filter needs them),
// then the items side (the index of each feed shard holding the feeds, merged; then the page's rows),
// then the page's read state and stars.
import type { FeedItem, SearchResult } from '../contracts/feeds';
import type { Db, PeopleDb } from '../db/client';
import { dateRange, type ItemQuery, toFeedItem } from '../db/items';
import { readMarksAt, subscriptionsInScope } from '../db/person-scope';
import { readMarksOfFeeds } from '../db/read-state';
import { itemRowsByIds, type SearchFilter, type SearchMatch, type SearchOrder, searchItemMatches } from '../db/search';
import { groupByShard } from '../db/shards';
import { starredAmong, starredItemIds } from '../db/stars';
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

/** The page's order across shards: each shard's matches come sorted; merged here the same way. */
function compareMatches(order: SearchOrder) {
  const key = (match: SearchMatch) => (order === 'relevance' ? match.rank : match.pub_date);
  const sign = order === 'newest' ? -1 : 1;
  return (a: SearchMatch, b: SearchMatch) => sign * (key(a) - key(b) || a.id - b.id);
}

/** Every shard holding some of the feeds searched at once, their best `limit` merged. */
async function searchShards(db: Db, filter: SearchFilter): Promise<SearchMatch[]> {
  const searches = [...groupByShard(filter.feedIds)].map(([shard, feedIds]) =>
    searchItemMatches(db.shards.at(shard), { ...filter, feedIds }),
  );
  return (await Promise.all(searches)).flat().sort(compareMatches(filter.order)).slice(0, filter.limit);
}

async function rowsOf(db: Db, ids: number[]) {
  const shards = [...groupByShard(ids)].map(([shard, shardIds]) => itemRowsByIds(db.shards.at(shard), shardIds));
  return new Map((await Promise.all(shards)).flat().map((row) => [row.id, row]));
}

export async function searchFeedItems(db: PeopleDb, userId: number, timeZone: string, query: SearchQuery) {
  const parsed = parseSearch(query.search);
  const subscriptions = await subscriptionsInScope(db, userId, { feedId: query.feedId, categoryId: query.categoryId });
  const feedIds = subscriptions.map((subscription) => subscription.feedId);
  const [from, to] = dateRange(query.dateFilter, timeZone);
  const filter: SearchFilter = {
    match: parsed.match,
    feedIds,
    order: query.sort,
    from,
    to,
    after: query.cursor ? decodeCursor(query.cursor, query.sort) : undefined,
    limit: query.limit + 1,
  };
  if (query.filter === 'starred') filter.onlyIds = await starredItemIds(db, userId);
  if (query.filter === 'unread' && feedIds.length > 0) {
    const marks = [...(await readMarksOfFeeds(db, userId, feedIds))];
    filter.unread = {
      readSeq: subscriptions.map((s) => [s.feedId, s.readSeq]),
      readMarks: marks.filter(([, isRead]) => isRead === 1).map(([key]) => key),
      keptUnread: marks.filter(([, isRead]) => isRead === 0).map(([key]) => key),
    };
  }

  const matches = await searchShards(db, filter);
  const page = matches.slice(0, query.limit);
  const rows = await rowsOf(
    db,
    page.map((match) => match.id),
  );
  const marks = await readMarksAt(db, userId, page);
  const starred = await starredAmong(
    db,
    userId,
    page.map((match) => match.id),
  );
  const sourceOf = new Map(subscriptions.map((s) => [s.feedId, s]));

  const items: SearchResult[] = [];
  for (const match of page) {
    const row = rows.get(match.id);
    const subscription = sourceOf.get(match.feed_id);
    if (!row || !subscription) continue;
    const isRead = marks.get(`${row.feed_id}:${row.seq}`) ?? (row.seq <= subscription.readSeq ? 1 : 0);
    const item: FeedItem = {
      ...toFeedItem({ ...row, is_read: isRead }, subscription.name),
      isStarred: starred.has(row.id),
    };
    items.push({
      ...item,
      snippet: buildSnippet([row.description, row.content ? htmlToText(row.content) : null], parsed.terms),
    });
  }
  const last = page.at(-1);
  const lastKey = last ? (query.sort === 'relevance' ? last.rank : last.pub_date) : 0;
  return {
    items,
    nextCursor: matches.length > query.limit && last ? encodeCursor(query.sort, lastKey, last.id) : null,
  };
}
