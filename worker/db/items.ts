// Pages of feed items as one person sees them: only items of feeds they follow, with their own read
// state, in whichever feed shards hold them. Single items by id are items-by-id.ts's.
import { eq, sql } from 'drizzle-orm';
import { users } from '../../schema';
import type { DateFilter, FeedItem, ItemText } from '../contracts/feeds';
import { ApiError } from '../lib/errors';
import { startOfDay } from '../lib/time';
import type { PeopleDb } from './client';
import { type Cursor, newestFirst, readPerFeed, readWindow, type Scan, type ScannedRow } from './page-reads';
import { listedInScope, readingListOf, type UsersRowCopy } from './reading-list';
import { markElsewhere } from './scoped-read';

export type ItemQuery = {
  categoryId?: number;
  feedId?: number;
  filter: 'all' | 'unread';
  sort: 'newest' | 'oldest';
  dateFilter: DateFilter;
  cursor?: string;
  limit: number;
  /** Only feeds the person includes in AI (digests). */
  includedInAi?: boolean;
  /** Published in [from, to) (epoch ms; null is open), instead of the date filter's days: sync clients. */
  between?: [number | null, number | null];
  /**
   * The person's remembered first-page spans (their user row, read with the session): given, a first page
   * of My Feed sizes its first window from them and keeps them up to date. Sync clients leave them out.
   */
  pageSpans?: PageSpans;
  /** The reading list copy on the person's users row when the caller has read it (the session's). */
  readingList?: UsersRowCopy;
};

export type PageSpans = {
  pageSpanMs: number | null;
  unreadPageSpanMs: number | null;
  /** Per category, all and unread (`<id>`, `<id>:unread`). */
  categoryPageSpans?: Record<string, number> | null;
};

/** An item as the page statements select it (snake_case columns). */
export type ItemRow = ItemText & {
  id: number;
  feed_id: number;
  pub_date: number;
  created_at: number;
  is_read: number;
  /** 1 when the person starred it, where the statement could tell (person-scope.ts isStarredSql). */
  is_starred?: number;
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
  // Stars are a person's own: the page statement looks them up (person-scope.ts isStarredSql), and
  // rows read in another database take them afterwards (readPersonalStateAt).
  isStarred: row.is_starred === 1,
});

/**
 * A first page looks this far back before widening, unless the person's own last first page says how far
 * it had to look (×`ROOM`); later pages use the span their cursor carries.
 */
const FIRST_SPAN_MS = 2 * 60 * 60 * 1000;
const ROOM = 1.1;
const WIDEN = 4;
const WINDOWS = 4;

/**
 * One page of a person's items, newest or oldest first. D1 bills every row a statement touches, sorted
 * rows and JSON elements included, so the page is read as: the subscriptions in scope joined to their
 * items in a window of time, unsorted, and sorted here. Newest first, the window starts at the cursor,
 * as wide as the previous page needed, and the next one is sized from the density seen so far; past a
 * few windows (sparse feeds), and oldest first, each feed contributes at most a page, merged in SQL.
 * One feed's page (a feed, or a scope of one) is that feed's index walked in order: one statement.
 * The subscriptions come from the person's reading list as values (reading-list.ts: no row read), but
 * every window costs one index probe per feed, whatever it finds, so a first page of My Feed starts from
 * the span the person's last one needed (`pageSpans`): one window.
 * Read state: the subscription's watermark, corrected by the person's marks, left-joined in the same
 * statement (a mark costs a row only where one exists; read-state.ts). Feeds in other feed shards are
 * read there by the same statement, at once (scoped-read.ts).
 */
export async function listItems(db: PeopleDb, userId: number, timeZone: string, query: ItemQuery) {
  const [from, to] = query.between ?? dateRange(query.dateFilter, timeZone);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const take = query.limit + 1;
  const list = await readingListOf(db, userId, query.readingList);
  const scope = { feedId: query.feedId, categoryId: query.categoryId, includedInAi: query.includedInAi };
  const scan: Scan = {
    userId,
    subscriptions: listedInScope(list, scope),
    unread: query.filter === 'unread',
    newest: query.sort === 'newest',
    from,
    to,
    cursor,
  };

  if (scan.subscriptions.length === 0) return { items: [], nextCursor: null };
  let rows: ScannedRow[] = [];
  const memory = rememberedSpan(query, scan);
  const remembered = memory?.span;
  let span = cursor?.spanMs ?? (remembered ? remembered * ROOM : FIRST_SPAN_MS);
  if (scan.newest && scan.subscriptions.length > 1) {
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
    const needed = rows[take - 1];
    if (memory && needed) await rememberSpan(db, scan.userId, memory, start - needed.pub_date);
  } else {
    rows = await readPerFeed(db, scan, take, null);
  }

  const page = rows.slice(0, query.limit);
  // Rows of other shards take the person's marks and stars now, for the rows shown only (an unread page
  // dropped those read on their own already, and took their stars then).
  await markElsewhere(db, scan, page);
  const last = page.at(-1);
  const firstShown = page[0];
  // The next page's window: the time this page covered, with room to spare.
  const covered = firstShown && last ? Math.abs(firstShown.pub_date - last.pub_date) * 1.5 : span;
  return {
    items: page.map((row) => toFeedItem(row, row.source)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last, Math.max(covered, 60_000)) : null,
  };
}

/** Where a first page's span is kept on the users row: My Feed's columns, or a category's key. */
type SpanMemory = { span: number | null; column: 'page' | 'unreadPage' } | { span: number | null; categoryKey: string };

/** Most categories' spans a users row keeps: past it the map starts over (deleted categories leave keys). */
const MOST_CATEGORY_SPANS = 100;

/**
 * The remembered span a first page of My Feed or of a category starts from (span null: none yet);
 * undefined where none applies (later pages, oldest first, a feed's page, sync clients).
 */
function rememberedSpan(query: ItemQuery, scan: Scan): SpanMemory | undefined {
  if (!query.pageSpans || scan.cursor || !scan.newest || query.between !== undefined || query.feedId !== undefined)
    return undefined;
  if (query.categoryId !== undefined) {
    const categoryKey = `${query.categoryId}${scan.unread ? ':unread' : ''}`;
    return { span: query.pageSpans.categoryPageSpans?.[categoryKey] ?? null, categoryKey };
  }
  return scan.unread
    ? { span: query.pageSpans.unreadPageSpanMs, column: 'unreadPage' }
    : { span: query.pageSpans.pageSpanMs, column: 'page' };
}

/**
 * Keeps the span a first page needed when the remembered one was too short (a second window was read) or
 * far too long (rows read for nothing): a row written now and then, not on every page.
 */
async function rememberSpan(db: PeopleDb, userId: number, memory: SpanMemory, neededMs: number) {
  const needed = Math.max(Math.round(neededMs), 60_000);
  const remembered = memory.span;
  if (remembered !== null && needed <= remembered * ROOM && needed >= remembered / 2) return;
  // The spans are on the users row, in the primary database.
  const update = db.shards.primary().update(users);
  if ('column' in memory) {
    await update
      .set(memory.column === 'unreadPage' ? { unreadPageSpanMs: needed } : { pageSpanMs: needed })
      .where(eq(users.id, userId));
    return;
  }
  const path = `$."${memory.categoryKey}"`;
  await update
    .set({
      categoryPageSpans: sql`case
        when (select count(*) from json_each(${users.categoryPageSpans})) >= ${MOST_CATEGORY_SPANS}
          then json_object(${memory.categoryKey}, ${needed})
        else json_set(coalesce(${users.categoryPageSpans}, '{}'), ${path}, ${needed}) end`,
    })
    .where(eq(users.id, userId));
}
