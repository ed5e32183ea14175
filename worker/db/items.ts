// Feed items as one person sees them: only items of feeds they follow, with their own read marks.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { items, readMarks, subscriptions } from '../../schema';
import type { DateFilter, FeedItem } from '../contracts/feeds';
import { ApiError, notFound } from '../lib/errors';
import { startOfDay } from '../lib/time';
import type { Db } from './client';
import { markItem, readMarksAt } from './read-state';

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
  // Stars are a person's own, looked up for the page shown (stars.ts withStars).
  isStarred: false,
});

/** A first page looks this far back before widening; later pages use the span their cursor carries. */
const FIRST_SPAN_MS = 2 * 60 * 60 * 1000;
const WIDEN = 4;
const WINDOWS = 4;

type Scan = {
  userId: number;
  /** The subscriptions in scope (`s`): the person's, one feed's or one category's. */
  scope: SQL;
  unread: boolean;
  newest: boolean;
  from: number | null;
  to: number | null;
  cursor: Cursor | null;
};

type ScannedRow = ItemRow & { source: string; seq: number };

/**
 * One page of a person's items, newest or oldest first. D1 bills every row a statement touches, sorted
 * rows and JSON elements included, so the page is read as: the subscriptions in scope joined to their
 * items in a window of time, unsorted, and sorted here. Newest first, the window starts at the cursor,
 * as wide as the previous page needed, and the next one is sized from the density seen so far; past a
 * few windows (sparse feeds), and oldest first, each feed contributes at most a page, merged in SQL.
 * Read state: the subscription's watermark, corrected by the page's marks (read-state.ts).
 */
export async function listItems(db: Db, userId: number, timeZone: string, query: ItemQuery) {
  const [from, to] = query.between ?? dateRange(query.dateFilter, timeZone);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const take = query.limit + 1;
  const scope = [sql`s.user_id = ${userId}`];
  if (query.feedId !== undefined) scope.push(sql`s.feed_id = ${query.feedId}`);
  if (query.categoryId !== undefined) scope.push(sql`s.category_id = ${query.categoryId}`);
  const scan: Scan = {
    userId,
    scope: sql.join(scope, sql` and `),
    unread: query.filter === 'unread',
    newest: query.sort === 'newest',
    from,
    to,
    cursor,
  };

  let rows: ScannedRow[] = [];
  let span = cursor?.spanMs ?? FIRST_SPAN_MS;
  if (scan.newest) {
    // Windows of time back from the cursor (or from now). After the first, each is sized from the density
    // seen so far to hold what is still missing, with room to spare; `WIDEN` times wider when nothing was seen.
    const start = cursor ? cursor.pubDate : (to ?? Date.now());
    let upper: number | null = null;
    let lower = start - span;
    let reachedStart = false;
    for (let window = 0; window < WINDOWS && rows.length < take; window++) {
      reachedStart = from !== null && lower <= from;
      rows.push(...(await readWindow(db, scan, { lower: reachedStart ? null : lower, upper })));
      if (reachedStart) break;
      upper = lower;
      const covered = start - lower;
      span = rows.length > 0 ? (covered / rows.length) * (take - rows.length) * 1.5 : covered * WIDEN;
      lower = upper - Math.max(span, 60_000);
    }
    rows.sort(newestFirst);
    // Still short (sparse feeds, or the end of the list): the rest, at most a page per feed.
    if (rows.length < take && !reachedStart) {
      rows.push(...(await readPerFeed(db, scan, take - rows.length, upper)));
    }
  } else {
    rows = await readPerFeed(db, scan, take, null);
  }

  const page = rows.slice(0, query.limit);
  // Rows of an unread page passed the marks already; the others take theirs now.
  if (scan.unread) for (const row of page) row.is_read = 0;
  else await applyMarks(db, userId, page);
  const last = page.at(-1);
  const firstShown = page[0];
  // The next page's window: the time this page covered, with room to spare.
  const covered = firstShown && last ? Math.abs(firstShown.pub_date - last.pub_date) * 1.5 : span;
  return {
    items: page.map((row) => toFeedItem(row, row.source)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last, Math.max(covered, 60_000)) : null,
  };
}

const newestFirst = (a: ItemRow, b: ItemRow) => b.pub_date - a.pub_date || b.id - a.id;

/** Bounds every scan shares: the date filter and the cursor. */
function sharedBounds(scan: Scan): SQL[] {
  const bounds: SQL[] = [sql`c.feed_id = s.feed_id`];
  if (scan.from !== null) bounds.push(sql`c.pub_date >= ${scan.from}`);
  if (scan.to !== null) bounds.push(sql`c.pub_date < ${scan.to}`);
  const cursor = scan.cursor;
  if (cursor) {
    bounds.push(
      scan.newest
        ? sql`(c.pub_date < ${cursor.pubDate} or (c.pub_date = ${cursor.pubDate} and c.id < ${cursor.id}))`
        : sql`(c.pub_date > ${cursor.pubDate} or (c.pub_date = ${cursor.pubDate} and c.id > ${cursor.id}))`,
    );
  }
  return bounds;
}

const columns = sql`c.id, c.feed_id, c.seq, s.name as source, c.title, c.description, c.content, c.link, c.thumbnail,
  c.author, c.pub_date, c.created_at, c.seq <= s.read_seq as is_read`;

/** Only unread pages need each row's mark while scanning; other pages look up the marks of the page alone. */
const unreadOnly = (scan: Scan) =>
  scan.unread
    ? {
        join: sql`left join read_marks m on m.user_id = ${scan.userId} and m.feed_id = c.feed_id and m.seq = c.seq`,
        where: [sql`coalesce(m.is_read, c.seq <= s.read_seq) = 0`],
      }
    : { join: sql``, where: [] };

/** The scoped feeds' items published in [lower, upper), unsorted: every row of the window is wanted. */
function readWindow(db: Db, scan: Scan, range: { lower: number | null; upper: number | null }) {
  const bounds = sharedBounds(scan);
  if (range.lower !== null) bounds.push(sql`c.pub_date >= ${range.lower}`);
  if (range.upper !== null) bounds.push(sql`c.pub_date < ${range.upper}`);
  const unread = unreadOnly(scan);
  return db.all<ScannedRow>(sql`
    select ${columns} from subscriptions s join items c on ${sql.join([...bounds, ...unread.where], sql` and `)}
    ${unread.join}
    where ${scan.scope}`);
}

/** Each scoped feed's first `take` items in order (below `upper` when given), merged. */
function readPerFeed(db: Db, scan: Scan, take: number, upper: number | null) {
  const direction = scan.newest ? sql`desc` : sql`asc`;
  const bounds = sharedBounds(scan);
  if (upper !== null) bounds.push(sql`c.pub_date < ${upper}`);
  const unread = unreadOnly(scan);
  return db.all<ScannedRow>(sql`
    select ${columns} from subscriptions s
    join items c on c.id in (
      select c.id from items c ${unread.join}
      where ${sql.join([...bounds, ...unread.where], sql` and `)}
      order by c.pub_date ${direction}, c.id ${direction}
      limit ${take})
    where ${scan.scope}
    order by c.pub_date ${direction}, c.id ${direction}
    limit ${take}`);
}

/** Corrects the rows' watermark read state with the person's marks of exactly these items. */
async function applyMarks(db: Db, userId: number, rows: ScannedRow[]) {
  const markOf = await readMarksAt(db, userId, rows);
  for (const row of rows) row.is_read = markOf.get(`${row.feed_id}:${row.seq}`) ?? row.is_read;
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
