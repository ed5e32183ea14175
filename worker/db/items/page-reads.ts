// The statements behind a date-ordered page (windows.ts): each feed's first items in order here, and the
// parts every page statement shares, a window of time's (window-statement.ts) too; each run in every feed
// shard holding some of those feeds (scoped-read.ts).
import { type SQL, sql } from 'drizzle-orm';
import type { PeopleDb } from '../client';
import { isStarredSql, type StatementSubscription } from '../person-scope';
import { positionsInScopeSql, readAboveOfSql } from '../read-above';
import { isReadAt } from '../read-state';
import { shardOfId } from '../shards';
import { canAfford } from './call-allowance';
import { type ItemRow, itemColumns, newestFirst, oldestFirst } from './columns';
import { itemConditions } from './conditions';
import type { LinkFilter } from './query';
import { readInScope, type ScopedRead } from './scoped-read';

export type Cursor = { pubDate: number; id: number };

/** A page's scan: the person's scope (person-scope.ts) and where in their items the page is. */
export type Scan = ScopedRead & {
  newest: boolean;
  from: number | null;
  to: number | null;
  storedFrom?: number | null;
  storedTo?: number | null;
  hasEnclosure?: boolean;
  link?: LinkFilter;
  hiddenOf?: number;
  cursor: Cursor | null;
  /** Each row of a story reads its story's list of items too (ItemQuery.storyLists): `story_list`. */
  storyLists?: boolean;
};

/**
 * What a statement takes of the subscription of item `i`: the joined subscriptions `s`, or one feed's
 * values written into the statement (no table joined to every row).
 */
type Subscription = { feedId: SQL; name: SQL; readSeq: SQL; readAbove?: SQL; mark?: SQL };

export const joined: Subscription = { feedId: sql`s.feed_id`, name: sql`s.name`, readSeq: sql`s.read_seq` };

/**
 * One feed's subscription; its positions read on their own (read-above.ts) are read once by the statement,
 * and not at all where the reading list says it has none.
 */
const given = (row: StatementSubscription, userId: number): Subscription => ({
  feedId: sql`${row.feedId}`,
  name: sql`${row.name}`,
  readSeq: sql`${row.readSeq}`,
  readAbove: row.mayHavePositions === false ? sql`null` : readAboveOfSql(userId, row.feedId),
});

/** Bounds every scan shares: the feed, the item filters (dates, enclosures) and the cursor. */
export function sharedBounds(scan: Scan, subscription = joined): SQL[] {
  const bounds: SQL[] = [sql`i.feed_id = ${subscription.feedId}`, ...itemConditions(scan)];
  const cursor = scan.cursor;
  if (cursor) {
    // The date alone as well: SQLite does not make an index range of the `or` with bound values, so without
    // it each feed's range started at its newest (oldest) item and read every row the pages before showed.
    bounds.push(
      scan.newest
        ? sql`i.pub_date <= ${cursor.pubDate} and (i.pub_date < ${cursor.pubDate} or (i.pub_date = ${cursor.pubDate} and i.id < ${cursor.id}))`
        : sql`i.pub_date >= ${cursor.pubDate} and (i.pub_date > ${cursor.pubDate} or (i.pub_date = ${cursor.pubDate} and i.id > ${cursor.id}))`,
    );
  }
  return bounds;
}

/**
 * The scan's subscriptions joined, their positions read on their own read once each (read-above.ts), only
 * for the feeds the reading list says may have some: a feed whose items nobody read one by one costs no row.
 */
const joinedOf = (scan: Scan): Subscription => {
  const positions = positionsInScopeSql(scan.userId, scan.subscriptions);
  return { ...joined, readAbove: positions === undefined ? undefined : sql.raw(positions) };
};

/**
 * A page row: the item, the feed's name, its read state and whether the person starred it, in one
 * statement. A page of one read state has it by construction (stateOnly, before the limit), so the state
 * is not looked up twice.
 */
export const columnsOf = (scan: Scan, subscription = joinedOf(scan)) => {
  const columns = itemColumns({
    source: subscription.name,
    isRead:
      scan.state === 'all'
        ? isReadAt(subscription.readSeq, scan.userId, subscription.readAbove, subscription.mark)
        : sql`${scan.state === 'read' ? 1 : 0}`,
    isStarred: isStarredSql(scan.userId),
  });
  return scan.storyLists ? sql`${columns}, ${storyListColumn(scopeInOneShard(scan))} as story_list` : columns;
};

/** Whether every feed of the scan's scope is in one feed shard (as for everyone in a one-database deployment). */
export const scopeInOneShard = (scan: Pick<ScopedRead, 'subscriptions'>) =>
  new Set(scan.subscriptions.map((row) => shardOfId(row.feedId))).size === 1;

/**
 * The list of items of row `i`'s story, for a grouped page (issue 24), as JSON text of [feed, item,
 * arrival] entries: the list the story's first item keeps (`story_sources`, db/story-index.ts
 * markStoriesStarted), its own column or a lookup of that item by id (a row) where it is in the
 * statement's database. Where the scope's feeds are all in this database (`inShard`), a story whose list
 * is not here (its first item in another database, or a story started before lists were kept) gives its
 * items in this database instead, which hold all of it that the scope can show: through items_story_idx,
 * a row each. Otherwise null, and the story is looked up after the page's rows (db/story-members.ts). A row
 * of no story reads nothing more.
 */
const storyListColumn = (inShard: boolean) => {
  const kept = sql`case when i.story_id = i.id then i.story_sources
    else (select st.story_sources from items st where st.id = i.story_id) end`;
  const here = sql`(select json_group_array(json_array(j.feed_id, j.id, j.created_at)) from items j
    where j.story_id = i.story_id)`;
  return sql`case when i.story_id is null then null else ${inShard ? sql`coalesce(${kept}, ${here})` : kept} end`;
};

/** The person's mark of item `i`, if any: a lookup by primary key that costs a row only when there is one. */
export const marksOf = (scan: Scan) =>
  sql`left join read_marks m on m.user_id = ${scan.userId} and m.feed_id = i.feed_id and m.seq = i.seq`;

/**
 * The person's mark of item `i` as a lookup in the row's own expressions rather than a join: a statement
 * whose last loop must be the items' (an ORDER BY … LIMIT that leaves each feed's range early) joins
 * nothing after them. The same probe of the primary key, a row only where a mark exists.
 */
const markOf = (scan: Scan) =>
  sql`(select m.is_read from read_marks m where m.user_id = ${scan.userId} and m.feed_id = i.feed_id and m.seq = i.seq)`;

/** The subscriptions handed to a statement are the person's own in scope; said again, to be sure. */
export const mine = (scan: Scan) => sql`s.user_id = ${scan.userId}`;

/** A page of one read state keeps only its items, before the limit. */
export const stateOnly = (scan: Scan, subscription = joinedOf(scan)) =>
  scan.state === 'all'
    ? []
    : [
        sql`${isReadAt(subscription.readSeq, scan.userId, subscription.readAbove, subscription.mark)} = ${scan.state === 'read' ? 1 : 0}`,
      ];

/**
 * Most statements one per-feed read sends to each shard in scope. Each pass after the first asks twice
 * as much as the last (what was dropped says more will be), so these cover 31 times what the page
 * takes; a scan that still has not found its rows stops there and says where (`resumeAt`), for the next
 * page to go on. Without a bound, someone who reads one by one and lists unread items in a feed of
 * another shard made a pass per page of read items, every shard in scope each time, past D1's 1,000
 * queries an invocation (issue 30).
 */
export const MOST_PASSES = 5;

/** Rows of a per-feed read, and where its scan stopped when it stopped before finding them all. */
export type PerFeedRows = { rows: ItemRow[]; resumeAt: Cursor | null };

/**
 * Where a scan stands before it read anything: past `edge` (the far end of the windows read, everything
 * from the start to it read already: below it newest first, above it oldest first), else at its cursor,
 * else at the start of the list. As a cursor of the page.
 */
export function standing(scan: Scan, edge: number | null = null): Cursor {
  if (edge !== null) return scan.newest ? { pubDate: edge, id: 0 } : { pubDate: edge, id: Number.MAX_SAFE_INTEGER };
  if (scan.cursor) return scan.cursor;
  return scan.newest
    ? { pubDate: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER }
    : { pubDate: Number.MIN_SAFE_INTEGER, id: 0 };
}

/**
 * Each scoped feed's first `take` items in order (past `edge` when given: below it newest first, above it
 * oldest first), merged. A scan of one read state whose rows from other shards turned out otherwise reads
 * on past them until it has `take`, the end, or MOST_PASSES statements; and never past its reader's call
 * allowance (call-allowance.ts).
 */
export async function readPerFeed(db: PeopleDb, scan: Scan, take: number, edge: number | null): Promise<PerFeedRows> {
  const kept: ItemRow[] = [];
  let from = scan;
  let ask = take;
  for (let pass = 1; ; pass++) {
    if (!canAfford(db, from)) return { rows: kept, resumeAt: standing(from, pass === 1 ? edge : null) };
    const { rows, scanned } = await readPerFeedOnce(db, from, ask, pass === 1 ? edge : null);
    kept.push(...rows);
    const last = scanned.at(-1);
    if (kept.length >= take || scanned.length < ask || !last) return { rows: kept.slice(0, take), resumeAt: null };
    const position = { pubDate: last.pub_date, id: last.id };
    if (pass === MOST_PASSES) return { rows: kept, resumeAt: position };
    from = { ...scan, cursor: position };
    ask *= 2;
  }
}

async function readPerFeedOnce(db: PeopleDb, scan: Scan, take: number, edge: number | null) {
  const direction = scan.newest ? sql`desc` : sql`asc`;
  const past = edge === null ? [] : [scan.newest ? sql`i.pub_date < ${edge}` : sql`i.pub_date > ${edge}`];
  const bounds = [...sharedBounds(scan), ...past];
  const order = scan.newest ? newestFirst : oldestFirst;
  let scanned: ItemRow[] = [];
  const [only] = scan.subscriptions;
  const one = only && scan.subscriptions.length === 1 ? given(only, scan.userId) : null;
  const merged = { ...joinedOf(scan), mark: markOf(scan) };
  const statement = one
    ? // One feed (a feed's page): its (feed, date) index walked in order, with the subscription's values
      // written in (a table joined to each row would cost a row each), so nothing is sorted and the
      // statement reads a row per item it passes, in one round trip however sparse the feed.
      sql`
    select ${columnsOf(scan, one)} from items i
    ${marksOf(scan)}
    where ${sql.join([...sharedBounds(scan, one), ...past, ...stateOnly(scan, one)], sql` and `)}
    order by i.pub_date ${direction}, i.id ${direction}
    limit ${take}`
    : // Several feeds: their (feed, date) index ranges merged in order under the LIMIT, a feed's range
      // left at the first row that cannot make the page any more (SQLite stops an inner loop delivered in
      // the ORDER BY's order there). Named, for SQLite took the (feed, seq) index when the row's other
      // columns are read, and then sorted every row of every feed: each feed's first `take` rows, as the
      // statement before this one did (an oldest-first page of 30 over 50 feeds of 40 items read 6,215
      // rows; 422 now).
      sql`
    select ${columnsOf(scan, merged)} from subscriptions s cross join items i indexed by items_feed_pub_idx
      on ${sql.join(bounds, sql` and `)}
    where ${sql.join([mine(scan), ...stateOnly(scan, merged)], sql` and `)}
    order by i.pub_date ${direction}, i.id ${direction}
    limit ${take}`;
  const rows = await readInScope<ItemRow>(
    db,
    scan,
    statement,
    // Each shard's first `take`, merged: the first `take` of them all, before any is dropped.
    (all) => {
      scanned = all.sort(order).slice(0, take);
      return scanned;
    },
  );
  return { rows, scanned };
}
