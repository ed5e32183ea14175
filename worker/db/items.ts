// Feed items as one person sees them: only items of feeds they follow, with their own read marks.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { items, readMarks, subscriptions } from '../../schema';
import type { DateFilter, FeedItem } from '../contracts/feeds';
import { ApiError, notFound } from '../lib/errors';
import { startOfDay } from '../lib/time';
import type { Db } from './client';
import { markItem } from './read-state';

export type ItemQuery = {
  categoryId?: number;
  feedId?: number;
  filter: 'all' | 'unread';
  sort: 'newest' | 'oldest';
  dateFilter: DateFilter;
  cursor?: string;
  limit: number;
  /** Published in [from, to) (epoch ms; null is open), instead of the date filter's days: sync clients. */
  between?: [number | null, number | null];
};

export type ItemRow = {
  id: number;
  feed_id: number;
  title: string;
  description: string | null;
  content: string | null;
  link: string | null;
  thumbnail: string | null;
  author: string | null;
  pub_date: number;
  created_at: number;
  is_read: number;
};

/** The [from, to) instants of a date filter in the person's time zone; null bounds are open. */
export function dateRange(filter: DateFilter, timeZone: string, now = Date.now()): [number | null, number | null] {
  switch (filter) {
    case 'none':
      return [null, null];
    case 'today':
      return [startOfDay(now, timeZone), null];
    case 'yesterday':
      return [startOfDay(now, timeZone, -1), startOfDay(now, timeZone)];
    case 'last7days':
      return [startOfDay(now, timeZone, -6), null];
    case 'last30days':
      return [startOfDay(now, timeZone, -29), null];
  }
}

type Cursor = { pubDate: number; id: number; spanMs?: number };

// The cursor also carries how wide a window of time the last page needed, so the next page starts there.
const encodeCursor = (row: { pub_date: number; id: number }, spanMs: number) =>
  btoa(`${row.pub_date}:${row.id}:${Math.round(spanMs)}`);

function decodeCursor(cursor: string): Cursor {
  try {
    const [pubDate, id, spanMs] = atob(cursor).split(':').map(Number);
    if (Number.isSafeInteger(pubDate) && Number.isSafeInteger(id))
      return { pubDate: pubDate as number, id: id as number, spanMs: spanMs && spanMs > 0 ? spanMs : undefined };
  } catch {}
  throw new ApiError('BAD_REQUEST', 'Invalid cursor');
}

export const toFeedItem = (row: ItemRow, source: string): FeedItem => ({
  id: row.id,
  feedId: row.feed_id,
  source,
  title: row.title,
  description: row.description,
  content: row.content,
  link: row.link,
  thumbnail: row.thumbnail,
  author: row.author,
  pubDate: new Date(row.pub_date).toISOString(),
  createdAt: new Date(row.created_at).toISOString(),
  isRead: row.is_read === 1,
});

type ScopedSubscription = { feed_id: number; name: string; read_seq: number };

/** The person's subscriptions in the page's scope: one index range of their subscription rows. */
function subscriptionsInScope(db: Db, userId: number, query: ItemQuery) {
  const scope = [sql`user_id = ${userId}`];
  if (query.feedId !== undefined) scope.push(sql`feed_id = ${query.feedId}`);
  if (query.categoryId !== undefined) scope.push(sql`category_id = ${query.categoryId}`);
  return db.all<ScopedSubscription>(
    sql`select feed_id, name, read_seq from subscriptions where ${sql.join(scope, sql` and `)}`,
  );
}

/** A first page looks this far back before widening; later pages use the span their cursor carries. */
const FIRST_SPAN_MS = 6 * 60 * 60 * 1000;
const WIDEN = 8;
const WINDOWS = 3;

/**
 * One page of a person's items, newest or oldest first. Each subscription's feed is read through the
 * (feed_id, pub_date, id) index. Newest first, the page reads a window of time back from its cursor,
 * sized from the previous page, and widens it only when the window held too few items: rows read stay
 * close to rows shown (README "Scaling"). Past a few windows (sparse feeds), and oldest first, each feed
 * contributes at most a page and those are merged. Read state comes with each row: the mark, else the
 * subscription's watermark (read-state.ts).
 */
export async function listItems(db: Db, userId: number, timeZone: string, query: ItemQuery) {
  const subs = await subscriptionsInScope(db, userId, query);
  if (subs.length === 0) return { items: [], nextCursor: null };
  const [from, to] = query.between ?? dateRange(query.dateFilter, timeZone);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const take = query.limit + 1;
  const scan: Scan = {
    userId,
    feeds: JSON.stringify(subs.map((s) => [s.feed_id, s.read_seq])),
    unread: query.filter === 'unread',
    newest: query.sort === 'newest',
    from,
    to,
    cursor,
  };

  let rows: ItemRow[] = [];
  let span = cursor?.spanMs ?? FIRST_SPAN_MS;
  if (scan.newest) {
    // Windows of time back from the cursor (or from now), each `WIDEN` times wider than the last.
    let upper: number | null = null;
    let lower = (cursor ? cursor.pubDate : (to ?? Date.now())) - span;
    let reachedStart = false;
    for (let window = 0; window < WINDOWS && rows.length < take; window++) {
      reachedStart = from !== null && lower <= from;
      rows.push(...(await readItems(db, scan, take - rows.length, { lower: reachedStart ? null : lower, upper })));
      if (reachedStart) break;
      upper = lower;
      span *= WIDEN;
      lower = upper - span;
    }
    // Still short (sparse feeds, or the end of the list): the rest, at most a page per feed.
    if (rows.length < take && !reachedStart) {
      rows.push(...(await readItems(db, scan, take - rows.length, { lower: null, upper, perFeed: true })));
    }
  } else {
    rows = await readItems(db, scan, take, { lower: null, upper: null, perFeed: true });
  }

  const names = new Map(subs.map((s) => [s.feed_id, s.name]));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const firstShown = page[0];
  // The next page's window: the time this page covered, with room to spare.
  const covered = firstShown && last ? Math.abs(firstShown.pub_date - last.pub_date) * 1.5 : span;
  return {
    items: page.map((row) => toFeedItem(row, names.get(row.feed_id) ?? '')),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last, Math.max(covered, 60_000)) : null,
  };
}

type Scan = {
  userId: number;
  /** JSON [[feedId, readSeq], …] of the subscriptions in scope. */
  feeds: string;
  unread: boolean;
  newest: boolean;
  from: number | null;
  to: number | null;
  cursor: Cursor | null;
};

/**
 * Items of the scanned feeds in sort order, after the cursor, published in [lower, upper) when those are
 * given. `perFeed`: each feed contributes at most `take`, for scans without a window of time.
 */
function readItems(
  db: Db,
  scan: Scan,
  take: number,
  range: { lower: number | null; upper: number | null; perFeed?: boolean },
) {
  const direction = scan.newest ? sql`desc` : sql`asc`;
  const bounds: SQL[] = [];
  if (scan.from !== null) bounds.push(sql`c.pub_date >= ${scan.from}`);
  if (scan.to !== null) bounds.push(sql`c.pub_date < ${scan.to}`);
  if (range.lower !== null) bounds.push(sql`c.pub_date >= ${range.lower}`);
  if (range.upper !== null) bounds.push(sql`c.pub_date < ${range.upper}`);
  const cursor = scan.cursor;
  if (cursor) {
    bounds.push(
      scan.newest
        ? sql`(c.pub_date < ${cursor.pubDate} or (c.pub_date = ${cursor.pubDate} and c.id < ${cursor.id}))`
        : sql`(c.pub_date > ${cursor.pubDate} or (c.pub_date = ${cursor.pubDate} and c.id > ${cursor.id}))`,
    );
  }
  const marks = (alias: string) =>
    sql.raw(
      `left join read_marks m on m.user_id = ${Number(scan.userId)} and m.feed_id = ${alias}.feed_id and m.seq = ${alias}.seq`,
    );
  if (scan.unread) bounds.push(sql`coalesce(m.is_read, c.seq <= s.read_seq) = 0`);
  return db.all<ItemRow>(sql`
    select i.id, i.feed_id, i.title, i.description, i.content, i.link, i.thumbnail, i.author, i.pub_date,
           i.created_at, coalesce(m.is_read, i.seq <= s.read_seq) as is_read
    from (select json_extract(value, '$[0]') as feed_id, json_extract(value, '$[1]') as read_seq
          from json_each(${scan.feeds})) s
    join items i on i.id in (
      select c.id from items c ${scan.unread ? marks('c') : sql``}
      where ${sql.join([sql`c.feed_id = s.feed_id`, ...bounds], sql` and `)}
      order by c.pub_date ${direction}, c.id ${direction}
      ${range.perFeed ? sql`limit ${take}` : sql``})
    ${marks('i')}
    order by i.pub_date ${direction}, i.id ${direction}
    limit ${take}`);
}

/** One item, if the person follows its feed. */
export async function getItem(db: Db, userId: number, itemId: number) {
  const [row] = await db
    .select({ item: items, source: subscriptions.name, readSeq: subscriptions.readSeq })
    .from(items)
    .innerJoin(subscriptions, and(eq(subscriptions.feedId, items.feedId), eq(subscriptions.userId, userId)))
    .where(eq(items.id, itemId))
    .limit(1);
  if (!row) throw notFound('Feed item');
  return row;
}

export async function getFeedItem(db: Db, userId: number, itemId: number): Promise<FeedItem> {
  const { item, source, readSeq } = await getItem(db, userId, itemId);
  const [mark] = await db
    .select({ isRead: readMarks.isRead })
    .from(readMarks)
    .where(and(eq(readMarks.userId, userId), eq(readMarks.feedId, item.feedId), eq(readMarks.seq, item.seq)));
  const isRead = mark ? mark.isRead : item.seq <= readSeq;
  return toFeedItem(
    {
      id: item.id,
      feed_id: item.feedId,
      title: item.title,
      description: item.description,
      content: item.content,
      link: item.link,
      thumbnail: item.thumbnail,
      author: item.author,
      pub_date: item.pubDate.getTime(),
      created_at: item.createdAt.getTime(),
      is_read: isRead ? 1 : 0,
    },
    source,
  );
}

export async function setItemRead(db: Db, userId: number, itemId: number, isRead: boolean) {
  const { item } = await getItem(db, userId, itemId);
  await markItem(db, userId, item, isRead);
}

export async function saveArticleContent(db: Db, itemId: number, content: string) {
  await db.update(items).set({ articleContent: content, articleFetchedAt: new Date() }).where(eq(items.id, itemId));
}
