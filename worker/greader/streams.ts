// One page of a stream, for stream/contents, stream/items/ids and reader/atom: the reading list, a feed,
// a label, the starred or the read items, newest or oldest first (r=o), without read items (xt), only
// starred ones (it), published within ot/nt (seconds), n at a time, continuing from c.
import type { FeedItem } from '../contracts/feeds';
import type { PeopleDb } from '../db/client';
import { listItems } from '../db/items';
import { listStarredItems } from '../db/stars';
import { ApiError } from '../lib/errors';
import type { Stream } from './ids';
import { feedOfStream, type ReaderSubscriptions } from './subscriptions';

export const MAX_PAGE = 1000;
const DEFAULT_PAGE = 20;

export type StreamQuery = {
  stream: Stream;
  count: number;
  continuation?: string;
  excludeRead: boolean;
  onlyStarred: boolean;
  oldestFirst: boolean;
  /** Epoch ms: nothing published before (ot) or after (nt). */
  notBefore: number | null;
  notAfter: number | null;
};

export type StreamPage = { items: FeedItem[]; continuation: string | null };

const EMPTY: StreamPage = { items: [], continuation: null };

/** The query parameters every stream call shares; bad numbers are a 400. */
export function streamQueryOf(stream: Stream, params: URLSearchParams): StreamQuery {
  const number = (name: string) => {
    const value = params.get(name);
    if (value === null || value === '') return null;
    if (!/^[0-9]{1,16}$/.test(value)) throw new ApiError('BAD_REQUEST', `Invalid ${name}`);
    return Number(value);
  };
  const excluded = params.getAll('xt');
  const included = params.getAll('it');
  const ot = number('ot');
  const nt = number('nt');
  return {
    stream,
    count: Math.min(MAX_PAGE, Math.max(1, number('n') ?? DEFAULT_PAGE)),
    continuation: params.get('c') || undefined,
    excludeRead: excluded.some((id) => /\/state\/com\.google\/read$/.test(id)),
    onlyStarred: included.some((id) => /\/state\/com\.google\/starred$/.test(id)),
    oldestFirst: params.get('r') === 'o',
    notBefore: ot === null ? null : ot * 1000,
    notAfter: nt === null ? null : nt * 1000 + 999,
  };
}

/** The starred stream pages by the last item shown: "<pubDate ms>:<id>". */
async function starredPage(db: PeopleDb, userId: number, query: StreamQuery): Promise<StreamPage> {
  const [pubDate, id] = (query.continuation ?? '').split(':').map(Number);
  const before =
    query.continuation && Number.isSafeInteger(pubDate) && Number.isSafeInteger(id)
      ? { pubDate: pubDate as number, id: id as number }
      : undefined;
  const page = await listStarredItems(db, userId, { limit: query.count, before });
  const last = page.at(-1);
  const items = page.filter(
    (item) =>
      (!query.excludeRead || !item.isRead) &&
      (query.notBefore === null || Date.parse(item.pubDate) >= query.notBefore) &&
      (query.notAfter === null || Date.parse(item.pubDate) <= query.notAfter),
  );
  return { items, continuation: page.length === query.count && last ? `${Date.parse(last.pubDate)}:${last.id}` : null };
}

export async function readStream(
  db: PeopleDb,
  user: { id: number; timezone: string },
  subscriptions: ReaderSubscriptions,
  query: StreamQuery,
): Promise<StreamPage> {
  const { stream } = query;
  if (stream.kind === 'starred' || query.onlyStarred) return starredPage(db, user.id, query);
  if (stream.kind === 'kept-unread') return EMPTY;

  let scope: { feedId?: number; categoryId?: number } = {};
  if (stream.kind === 'feed') {
    const feed = feedOfStream(subscriptions, stream.url);
    if (!feed) return EMPTY;
    scope = { feedId: feed.id };
  } else if (stream.kind === 'label') {
    const label = subscriptions.labelByName.get(stream.name);
    if (!label) return EMPTY;
    scope = { categoryId: label.categoryId };
  }
  const page = await listItems(db, user.id, user.timezone, {
    ...scope,
    filter: query.excludeRead ? 'unread' : 'all',
    sort: query.oldestFirst ? 'oldest' : 'newest',
    dateFilter: 'none',
    between: [query.notBefore, query.notAfter === null ? null : query.notAfter + 1],
    cursor: query.continuation,
    limit: query.count,
  });
  // The read stream is the reading list's read items: a page may show fewer than n, never a wrong one.
  const items = stream.kind === 'read' ? page.items.filter((item) => item.isRead) : page.items;
  return { items, continuation: page.nextCursor };
}
