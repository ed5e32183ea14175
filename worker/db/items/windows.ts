// The date-ordered page of a scope of feeds (all, a feed, a category, the AI feeds): only items of feeds
// the person follows, with their own read state, in whichever feed shards hold them.
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../schema';
import type { PeopleDb } from '../client';
import type { Reader } from '../reader';
import { listedInScope } from '../reading-list';
import { shardOfId } from '../shards';
import { copyUsersRow } from '../users-row-copy';
import { allowanceOf, canAfford } from './call-allowance';
import { type ItemRow, newestFirst } from './columns';
import { hasItemFilters } from './conditions';
import { type Cursor, readPerFeed, readWindow, type Scan, standing } from './page-reads';
import { type CursorPosition, encodeCursor, type ItemQuery, type PageRowRef } from './query';
import { markElsewhere } from './scoped-read';

export type RowPage = { rows: ItemRow[]; nextCursor: string | null };

/**
 * A first page looks this far back before widening, unless the person's own last first page says how far
 * it had to look (×`ROOM`); later pages use the span their cursor carries.
 */
const FIRST_SPAN_MS = 2 * 60 * 60 * 1000;
const ROOM = 1.1;
const WIDEN = 4;
const WINDOWS = 4;

/** The subscriptions an ItemQuery's scope takes from the reading list. */
export async function subscriptionsOf(reader: Reader, query: ItemQuery) {
  const list = await reader.readingList();
  const scope = query.scope;
  return listedInScope(list, {
    feedId: scope.kind === 'feed' ? scope.feedId : undefined,
    categoryId: scope.kind === 'category' ? scope.categoryId : undefined,
    includedInAi: scope.kind === 'ai-feeds',
  });
}

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
export async function readDatePage(reader: Reader, query: ItemQuery, cursor: CursorPosition | null): Promise<RowPage> {
  const from = query.from ?? null;
  const to = query.to ?? null;
  const take = query.limit + 1;
  // Rows wanted past the page (query.readPast) size the windows and the span kept, but read no window more.
  const wanted = take + (query.readPast ?? 0);
  const subscriptions = await subscriptionsOf(reader, query);
  const scan: Scan = {
    userId: reader.userId,
    subscriptions,
    state: query.state === 'starred' ? 'all' : query.state,
    hasEnclosure: query.hasEnclosure,
    link: query.link,
    hiddenOf: query.hiddenOf,
    allowance: allowanceOf(reader),
    storedFrom: query.storedFrom ?? null,
    storedTo: query.storedTo ?? null,
    newest: query.order === 'newest',
    from,
    to,
    cursor: cursor && { pubDate: cursor.key, id: cursor.id },
    storyLists: query.storyLists && listsWithRows(reader.db, query, subscriptions),
  };
  if (subscriptions.length === 0) return { rows: [], nextCursor: null };
  const db = reader.db;
  let rows: ItemRow[] = [];
  /** Where a bounded scan stopped short of a full page (page-reads.ts MOST_PASSES): the next page goes on from it. */
  let resumeAt: Cursor | null = null;
  const memory = rememberedSpan(reader, query, scan);
  const remembered = memory?.span;
  let span = cursor?.spanMs ?? (remembered ? remembered * ROOM : FIRST_SPAN_MS);
  if (scan.newest && scan.subscriptions.length > 1) {
    // Windows of time back from the cursor (or from now). After the first, each is sized from the density
    // seen so far to hold what is still missing, with room to spare; `WIDEN` times wider when nothing was seen.
    const start = cursor ? cursor.key : (to ?? Date.now());
    let upper: number | null = null;
    let lower = start - span;
    let reachedStart = false;
    for (let window = 0; window < WINDOWS && rows.length < take; window++) {
      if (!canAfford(db, scan)) {
        // Out of calls: everything from `upper` on was read; the next page goes on below it.
        resumeAt = standing(scan, upper);
        break;
      }
      reachedStart = from !== null && lower <= from;
      rows.push(...(await readWindow(db, scan, { lower: reachedStart ? null : lower, upper })));
      if (reachedStart) break;
      upper = lower;
      const covered = start - lower;
      span = rows.length > 0 ? (covered / rows.length) * (wanted - rows.length) * 1.5 : covered * WIDEN;
      lower = upper - Math.max(span, 60_000);
    }
    rows.sort(newestFirst);
    // Still short (sparse feeds, or the end of the list): the rest, at most a page per feed.
    if (rows.length < take && !reachedStart && !resumeAt) {
      const rest = await readPerFeed(db, scan, take - rows.length, upper);
      rows.push(...rest.rows);
      resumeAt = rest.resumeAt;
    }
    const needed = rows.length >= take ? rows[Math.min(wanted, rows.length) - 1] : undefined;
    // Kept after the response: the page does not wait for a write it does not need (a GET's answer
    // waits on reads only).
    if (memory && needed) await keepSpan(reader, memory, start - needed.pub_date);
  } else {
    ({ rows, resumeAt } = await readPerFeed(db, scan, take, null));
  }

  const page = rows.slice(0, query.limit);
  // Rows the windows read past the page anyway (query.readPast): after the page, at no read more.
  const past = query.readPast ? rows.slice(query.limit, query.limit + query.readPast) : [];
  // Rows of other shards take the person's marks and stars now, for the rows shown only (a page of one
  // read state dropped the others already, and took their stars then); the surface's work on the rows
  // goes beside them.
  const read = past.length > 0 ? [...page, ...past] : page;
  await Promise.all([
    markElsewhere(db, scan, read),
    query.besideMarks?.(read.map((row) => pageRowRef(row, scan.storyLists))),
  ]);
  const last = page.at(-1);
  const firstShown = page[0];
  // The next page's window: the time this page covered, with room to spare.
  const covered = firstShown && last ? Math.abs(firstShown.pub_date - last.pub_date) * 1.5 : span;
  const spanMs = Math.max(covered, 60_000);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) nextCursor = encodeCursor(query, { key: last.pub_date, id: last.id, spanMs });
  else if (resumeAt) nextCursor = encodeCursor(query, { key: resumeAt.pubDate, id: resumeAt.id, spanMs });
  return { rows: read, nextCursor };
}

/**
 * Whether a grouped page's rows read their stories' lists in its own statements (ItemQuery.storyLists: a
 * row per row of a story there): unless a round trip surely follows the read anyway, where the page's
 * stories are looked up beside it for a row per story. One does when no feed in scope is in the person's
 * own database (people.ts: only the primary is both): every row then takes its marks and stars from
 * there after the read (markElsewhere), except on an unread page, whose rows take theirs while they are read.
 */
function listsWithRows(db: PeopleDb, query: ItemQuery, subscriptions: { feedId: number }[]) {
  if (query.state === 'unread') return true;
  const own = db.shards.indexOf(db);
  return subscriptions.some((row) => shardOfId(row.feedId) === own);
}

/**
 * A page row as besideMarks sees it, with its story's list where the statement read one (storyLists,
 * page-reads.ts): where none came and the story's first item is in the row's own feed shard (ids name
 * their shard, db/shards.ts), the story has no list (null); elsewhere the statement could not look.
 */
function pageRowRef(row: ItemRow, storyLists: boolean | undefined): PageRowRef {
  const ref: PageRowRef = { id: row.id, feedId: row.feed_id, storyId: row.story_id };
  if (!storyLists || row.story_id === null) return ref;
  if (typeof row.story_list === 'string') ref.storyList = row.story_list;
  else if (shardOfId(row.story_id) === shardOfId(row.feed_id)) ref.storyList = null;
  return ref;
}

/** Where a first page's span is kept on the users row: My Feed's columns, or a category's key. */
type SpanMemory = { span: number | null; column: 'page' | 'unreadPage' } | { span: number | null; categoryKey: string };

/** Most categories' spans a users row keeps: past it the map starts over (deleted categories leave keys). */
const MOST_CATEGORY_SPANS = 100;

/**
 * The remembered span a first page of My Feed or of a category starts from (span null: none yet);
 * undefined where none applies (later pages, oldest first, a feed's page, other states, sync clients).
 */
function rememberedSpan(reader: Reader, query: ItemQuery, scan: Scan): SpanMemory | undefined {
  const spans = reader.pageSpans;
  const plain = !hasItemFilters(query);
  if (!spans || scan.cursor || !scan.newest || !plain || (scan.state !== 'all' && scan.state !== 'unread'))
    return undefined;
  const unread = scan.state === 'unread';
  if (query.scope.kind === 'category') {
    const categoryKey = `${query.scope.categoryId}${unread ? ':unread' : ''}`;
    return { span: spans.categoryPageSpans?.[categoryKey] ?? null, categoryKey };
  }
  if (query.scope.kind !== 'all') return undefined;
  return unread ? { span: spans.unreadPageSpanMs, column: 'unreadPage' } : { span: spans.pageSpanMs, column: 'page' };
}

/**
 * Keeps the span a first page needed when the remembered one was too short (a second window was read) or
 * far too long (rows read for nothing): a row written now and then, not on every page, after the
 * response. The reader's copy of the spans takes it at once: that copy is the users row the session
 * middleware keeps for this session's next reads (middleware/read-ahead.ts), which start from it.
 */
async function keepSpan(reader: Reader, memory: SpanMemory, neededMs: number) {
  const needed = Math.max(Math.round(neededMs), 60_000);
  const remembered = memory.span;
  const spans = reader.pageSpans;
  if (!spans || (remembered !== null && needed <= remembered * ROOM && needed >= remembered / 2)) return;
  if (!('column' in memory)) {
    const kept = spans.categoryPageSpans ?? {};
    spans.categoryPageSpans =
      Object.keys(kept).length >= MOST_CATEGORY_SPANS
        ? { [memory.categoryKey]: needed }
        : { ...kept, [memory.categoryKey]: needed };
  } else if (memory.column === 'unreadPage') spans.unreadPageSpanMs = needed;
  else spans.pageSpanMs = needed;
  await reader.afterResponse(() => rememberSpan(reader.db, reader.userId, memory, needed));
}

/** Writes a first page's span on the users row, in the primary database, and then on its copy. */
async function rememberSpan(db: PeopleDb, userId: number, memory: SpanMemory, needed: number) {
  await writeSpan(db, userId, memory, needed);
  await copyUsersRow(db, { id: userId, peopleShard: db.peopleShard });
}

async function writeSpan(db: PeopleDb, userId: number, memory: SpanMemory, needed: number) {
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
