// A page of search results (issue 14) in one statement per feed shard, as the list pages are read
// (page-reads.ts): the index's matches of the person's feeds there, filtered, ordered and cut to the page
// before any items row is read (search.ts matchingRows), and only then the page's items rows by primary
// key with the read state and the star joined. The subscriptions' watermarks are written into the
// statement, a value per feed (read-state.ts perFeedSql): a table of values joined to every match is
// scanned, and billed, once per match (measured: ~17,000 rows more for an unread search of 1,000
// matches in 20 feeds). Where the shard is also the person's own database (the primary: every local
// run) their marks and stars are joined there; any other shard knows what the caller hands it (an
// unread search: the person's marks and stars on its feeds; a starred one: their stars), and the rows
// shown look the rest up afterwards (person-scope.ts readPersonalStateAt).
import { type SQL, sql } from 'drizzle-orm';
import type { PeopleDb } from '../client';
import { isStarredSql, marksOnSql, type StatementSubscription } from '../person-scope';
import { readAboveByFeedSql } from '../read-above';
import { isReadAt, perFeedSql } from '../read-state';
import { inOneRoundTrip } from '../round-trip';
import {
  DENSE_WINDOW_ROWS,
  latestDateOfIdSql,
  matchingRows,
  oldestWindowRows,
  oldestWindowSql,
  type RankTerm,
  rankedRows,
  SEARCH_WINDOW_ROWS,
  type SearchOrder,
  scopedMatch,
  windowRows,
  windowStartSql,
} from '../search';
import { idListSql } from '../shards';
import { type ItemRow, itemColumns } from './columns';
import { linkConditions, notHidden } from './conditions';
import type { LinkFilter } from './query';

/** A page of a search: whose, the words (FTS5, search/parse-query.ts), which items, in what order, from where. */
export type SearchPage = {
  userId: number;
  match: string;
  /** By relevance: the wanted terms, for bm25 (search/parse-query.ts); none: the matches newest first. */
  rankTerms?: RankTerm[];
  /** Which read state, and whether only starred items. */
  state: 'all' | 'unread' | 'read';
  starred: boolean;
  order: SearchOrder;
  /** Published in [from, to) (epoch ms; null is open). */
  from: number | null;
  to: number | null;
  /** Only items with (true) or without (false) an enclosure: the items row is read before the limit then. */
  hasEnclosure?: boolean;
  /** Only items whose address contains (or not) these texts (`link:` terms): the items row is read then too. */
  link?: LinkFilter;
  /** Whose hidden items to leave out (issue 26); none: shown. */
  hiddenOf?: number;
  /** The last row of the previous page: its date (rank for relevance) and id. */
  after?: { key: number; id: number };
  /**
   * A sparse search (ItemQuery.boundedScan): a page reads its matches among a window of the person's rows
   * (search.ts SEARCH_WINDOW_ROWS) below `scanBelow` (by date; by relevance, below `after`'s id), and says
   * where the window started when it did not reach the end.
   */
  boundedScan?: boolean;
  scanBelow?: number;
  /**
   * Oldest first, for a surface that follows a cursor past a short or empty page: a page reads its matches
   * among the person's oldest rows by date past its cursor, a window (search.ts oldestWindowSql), and says
   * where the window ended when it did not reach the end. 'always' for a sparse search; 'past-a-few' for
   * another: only when it has more matches in the feeds than NEWEST_ARRIVALS_READ pages' worth (counted up
   * to one more), else every match is read and sorted, as one page.
   */
  oldestWindows?: 'always' | 'past-a-few';
  limit: number;
  /**
   * A grouped page (story-fold.ts): the cards it asks for, and the one that says more follow; `limit` is the
   * rows it reads for them. The newest arrivals read are sized from the cards.
   */
  cardsAsked?: number;
};

/**
 * What a statement in a shard other than the person's database is handed of their reading state: their
 * marks on its feeds as `feedId:seq` keys (read ones, kept-unread ones) and the ids of their starred items.
 */
export type HandedState = { marks?: { read: string[]; keptUnread: string[] }; starIds?: number[] };

/** The person's marks and stars joined (their own database), or what the caller handed over. */
export type PersonalState = { joined: true } | ({ joined: false } & HandedState);

export type SearchRow = ItemRow & { rank: number };

const inJson = (values: unknown[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;

/**
 * Whether item `i` is read below the watermark `readSeq`: the mark `m` joined, else the handed marks (a
 * position has at most one, markItem), else the watermark alone until the marks are looked up.
 */
function isReadOf(personal: PersonalState, readSeq: SQL, userId: number, feedIds: number[]): SQL {
  if (personal.joined) return isReadAt(readSeq, userId, readAboveByFeedSql(userId, feedIds));
  const marks = personal.marks;
  if (!marks) return sql`(i.seq <= ${readSeq})`;
  const key = sql`(i.feed_id || ':' || i.seq)`;
  return sql`(case when ${key} in ${inJson(marks.read)} then 1 when ${key} in ${inJson(marks.keptUnread)} then 0
    else i.seq <= ${readSeq} end)`;
}

/** The person's mark of item `i` in their own database: a lookup by primary key, a row only where one exists. */
const marksJoin = (userId: number, personal: PersonalState) =>
  personal.joined
    ? sql`left join read_marks m on m.user_id = ${userId} and m.feed_id = i.feed_id and m.seq = i.seq`
    : sql``;

/** The person's starred items: their own rows (a range of the stars' primary key), or the handed ids. */
const starredIds = (userId: number, personal: PersonalState) =>
  personal.joined ? sql`(select item_id from stars where user_id = ${userId})` : inJson(personal.starIds ?? []);

/** Whether item `i` (an items row) is starred; 0 where the statement cannot know (looked up afterwards). */
function isStarredOf(userId: number, personal: PersonalState): SQL {
  if (personal.joined) return isStarredSql(userId);
  return personal.starIds ? sql`(i.id in ${starredIds(userId, personal)})` : sql`0`;
}

/**
 * A page newest first reads this many pages' worth of the newest arrivals among the matches, in the index's
 * own order (arrival: item ids come from the clock), and no more when they settle the page: an item's date
 * is never later than the time in its id (search.ts latestDateOfIdSql), so when the page's last date among
 * them is no older than the last arrival read, no match not read can rank above it (a tie of dates goes to
 * the larger id, which the ones read have). Where items are stored as they are published that is a page
 * and a little more, whatever the number of matches. A feed's old items that arrive late (its first
 * fetch) can leave the page unsettled: then every match is read and sorted, as before (issue 23).
 */
export const NEWEST_ARRIVALS_READ = 4;

/** The matches that a page can show, in order, at most `limit`: no items row read yet. */
function pageMatches(page: SearchPage, feedIds: number[], personal: PersonalState, readSeq: SQL): SQL {
  const where: SQL[] = [sql`1`];
  if (page.from !== null) where.push(sql`i.pub_date >= ${page.from}`);
  if (page.to !== null) where.push(sql`i.pub_date < ${page.to}`);
  if (page.starred) where.push(sql`i.id in ${starredIds(page.userId, personal)}`);
  if (page.state !== 'all')
    where.push(sql`${isReadOf(personal, readSeq, page.userId, feedIds)} = ${page.state === 'read' ? 1 : 0}`);
  if (page.hasEnclosure !== undefined)
    where.push(page.hasEnclosure ? sql`it.enclosures is not null` : sql`it.enclosures is null`);
  if (page.link) where.push(...linkConditions(page.link, sql`it`));
  if (page.hiddenOf !== undefined) where.push(notHidden(page.hiddenOf, sql`i`));
  const after = page.after;
  if (after && page.order === 'relevance') {
    // Best first (rank ascending: bm25 is negative), and among equals the newest (id descending).
    where.push(sql`(i.rank > ${after.key} or (i.rank = ${after.key} and i.id < ${after.id}))`);
  } else if (after) {
    const beyond = page.order === 'newest' ? sql`<` : sql`>`;
    where.push(sql`(i.pub_date ${beyond} ${after.key} or (i.pub_date = ${after.key} and i.id ${beyond} ${after.id}))`);
  }
  // A search of one read state needs each match's mark before the LIMIT, one on enclosures or links its items row;
  // the others, nothing but the index.
  const page_ = (rows: SQL, order: SQL, more: SQL[] = [], { limit = page.limit, columns = sql`i.id, i.rank` } = {}) =>
    sql`select ${columns} from (${rows}) i
    ${page.state !== 'all' ? marksJoin(page.userId, personal) : sql``}
    ${page.hasEnclosure !== undefined || page.link ? sql`join items it on it.id = i.id` : sql``}
    where ${sql.join([...where, ...more], sql` and `)}
    order by ${order}
    limit ${limit}`;
  if (page.order === 'newest' && page.boundedScan) return windowByDate(page, feedIds, page_);
  if (page.order === 'oldest' && page.oldestWindows) return oldestWindow(page, feedIds, page_);
  if (page.order === 'newest') {
    // The newest arrivals first, in the index's own order, and sorted by date only when they settle the page
    // (see NEWEST_ARRIVALS_READ); else every match sorted, as oldest first always is.
    // A grouped page's rows past its cards (story-fold.ts) are read among the same arrivals as its cards'.
    const arrivals = Math.max(page.limit, (page.cardsAsked ?? page.limit) * NEWEST_ARRIVALS_READ);
    const byDate = sql`i.pub_date desc, i.id desc`;
    return sql`with arrived as materialized (${page_(matchingRows({ match: page.match, feedIds }), sql`i.id desc`, [], {
      limit: arrivals,
      columns: sql`i.id, i.rank, i.pub_date`,
    })}),
      settled(yes) as materialized (select count(*) < ${arrivals}
        or (select pub_date from arrived order by pub_date desc, id desc limit 1 offset ${page.limit - 1})
          >= ${latestDateOfIdSql(sql`min(id)`)}
        from arrived)
      select * from (select a.id, a.rank from arrived a where (select yes from settled)
        order by a.pub_date desc, a.id desc limit ${page.limit})
      union all
      select * from (${page_(matchingRows({ match: page.match, feedIds, unless: sql`(select yes from settled)` }), byDate)})`;
  }
  if (page.order === 'oldest') {
    // The index's order says nothing of which match has the oldest date (an item may arrive long after its
    // date): every match is read and sorted.
    return page_(matchingRows({ match: page.match, feedIds }), sql`i.pub_date asc, i.id asc`);
  }
  // By relevance, one of two parts (search.ts rankedRows): the rarer terms' matches ranked by bm25, or,
  // when every term is common, the matches newest first, read in the index's own order up to the limit.
  const rows = rankedRows({ match: page.match, feedIds, terms: page.rankTerms ?? [] });
  // After a page of those (rank 0), the next starts below its last id: a bound the index seeks to.
  const below = after?.key === 0 ? [sql`i.id < ${after.id}`] : [];
  if (page.boundedScan) {
    // A sparse search of common words only: its matches among a window of the person's rows below the
    // cursor, read ascending and sorted here; the window's start comes back as the page's last row.
    const belowId = after?.key === 0 ? after.id : null;
    return sql`${rows.with},
      win(lo) as materialized (select case when (select m from ranked) is null
        then ${windowStartSql(feedIds, belowId)} else 0 end),
      windowed as materialized (${windowRows({
        match: page.match,
        feedIds,
        from: sql`(select lo from win)`,
        below: belowId,
        unless: sql`(select m from ranked) is not null`,
      })})
      select * from (${page_(rows.ranked, sql`i.rank asc, i.id desc`)})
      union all
      select * from (${page_(sql`select * from windowed`, sql`i.id desc`)})
      union all
      ${windowStartRow}`;
  }
  return sql`${rows.with}
    select * from (${page_(rows.ranked, sql`i.rank asc, i.id desc`)})
    union all
    select * from (${page_(rows.newest, sql`i.id desc`, below)})`;
}

/** The page's last row when its window stopped short of the end: no id, the window's start as its rank. */
const windowStartRow = sql`select null as id, lo as rank from win where lo > 0`;

type PageOf = (rows: SQL, order: SQL, more?: SQL[], options?: { limit?: number; columns?: SQL }) => SQL;

/**
 * A sparse search newest first (SearchPage.boundedScan): its matches among the window of the person's rows
 * below `scanBelow`, read ascending. Those dated no earlier than the latest date of the window's start
 * (search.ts latestDateOfIdSql) rank above every row below it, so they make the page, sorted by date, and
 * the next one reads the next window. A match in the window dated earlier than that (a feed's old items
 * that arrived late) may rank below rows not read yet: unless the page is full without it, every match is
 * read and sorted, as a page of a search that is not sparse does then.
 */
function windowByDate(page: SearchPage, feedIds: number[], page_: PageOf): SQL {
  const belowId = page.scanBelow ?? null;
  const lastDate = latestDateOfIdSql(sql`w.lo`);
  // Ranks above every row below the window (`w`: its start).
  const safe = (row: SQL) =>
    sql`(w.lo = 0 or ${row}.pub_date > ${lastDate} or (${row}.pub_date = ${lastDate} and ${row}.id >= w.lo))`;
  const byDate = sql`i.pub_date desc, i.id desc`;
  return sql`with win(lo) as materialized (select ${windowStartSql(feedIds, belowId)}),
    windowed as materialized (${windowRows({ match: page.match, feedIds, from: sql`(select lo from win)`, below: belowId })}),
    arrived as materialized (${page_(sql`select * from windowed`, byDate, [], {
      limit: SEARCH_WINDOW_ROWS,
      columns: sql`i.id, i.rank, i.pub_date`,
    })}),
    settled(yes) as materialized (select w.lo = 0 or (${lastDate} is not null and (
        not exists (select 1 from arrived a where not ${safe(sql`a`)})
        or coalesce((select ${safe(sql`a`)} from arrived a order by a.pub_date desc, a.id desc
          limit 1 offset ${page.limit - 1}), 0)))
      from win w)
    select * from (select a.id, a.rank from arrived a, win w where (select yes from settled) and ${safe(sql`a`)}
      order by a.pub_date desc, a.id desc limit ${page.limit})
    union all
    select * from (${page_(matchingRows({ match: page.match, feedIds, unless: sql`(select yes from settled)` }), byDate)})
    union all
    ${windowStartRow} and (select yes from settled)`;
}

/**
 * A search oldest first in windows by date (SearchPage.oldestWindows): its matches among the person's oldest
 * rows past the cursor (search.ts oldestWindowSql), sorted by date; every row of the window ranks before
 * every row after it, so they make the page, and the window's last row comes back as the page's last (its
 * id negated, its date as the rank) when the window stopped short of the end. A search that is not sparse
 * reads in windows only when it has more matches than a few pages' worth, windows of DENSE_WINDOW_ROWS
 * (its page fills from a few): counting them up to one more costs that many of the index's matches (a
 * word in every item: 4 ms of the index's CPU to 2,001 on the bench's shard, 2 to 125), and a search with
 * fewer is read whole, as one page, not in windows that each cost a request of the person's searches a
 * minute.
 */
function oldestWindow(page: SearchPage, feedIds: number[], page_: PageOf): SQL {
  const byDate = sql`i.pub_date asc, i.id asc`;
  const few = page.limit * NEWEST_ARRIVALS_READ;
  const dense =
    page.oldestWindows === 'always'
      ? sql`dense(yes) as (select 1)`
      : sql`dense(yes) as materialized (select count(*) > ${few} from (select 1 from search_index
          where search_index match ${scopedMatch(page.match, feedIds)} limit ${few + 1}))`;
  const inWindows = sql`(select yes from dense)`;
  const rows = page.oldestWindows === 'always' ? SEARCH_WINDOW_ROWS : DENSE_WINDOW_ROWS;
  return sql`with ${dense},
    ${oldestWindowSql(feedIds, { after: page.after, from: page.from, to: page.to, when: inWindows, rows })},
    windowed as materialized (${oldestWindowRows({ match: page.match, feedIds, after: page.after, unless: sql`not ${inWindows}` })})
    select * from (${page_(sql`select * from windowed`, byDate)})
    union all
    select * from (${page_(matchingRows({ match: page.match, feedIds, unless: inWindows }), byDate)})
    union all
    select -id as id, d as rank from window_end where ${inWindows}`;
}

/**
 * The page's rows of one shard's feeds (`subscriptions`, all in that shard), in the page's order: the
 * items with the read state and the star, in one statement; for a sparse search whose window stopped
 * short of the end of the feeds' rows, where that window started (`windowStart`).
 */
export async function searchShard(
  db: PeopleDb,
  page: SearchPage,
  subscriptions: StatementSubscription[],
  personal: PersonalState,
): Promise<{ rows: SearchRow[]; windowStart?: number; windowEnd?: { key: number; id: number } }> {
  const [first] = subscriptions;
  if (!first) return { rows: [] };
  const feedIds = subscriptions.map((row) => row.feedId);
  const readSeq = sql.raw(perFeedSql(new Map(subscriptions.map((row) => [row.feedId, row.readSeq])), '0', 'i.feed_id'));
  const direction = page.order === 'newest' ? sql`desc` : sql`asc`;
  const order =
    page.order === 'relevance' ? sql`r.rank asc, i.id desc` : sql`i.pub_date ${direction}, i.id ${direction}`;
  // A page of one read state has it by construction: the marks were joined before the LIMIT.
  const known = page.state !== 'all';
  // The feed's name is the caller's to add (it has the subscriptions): nothing to bill for it here.
  const columns = itemColumns({
    source: sql`''`,
    isRead: known ? sql`${page.state === 'read' ? 1 : 0}` : isReadOf(personal, readSeq, page.userId, feedIds),
    isStarred: page.starred ? sql`1` : isStarredOf(page.userId, personal),
  });
  // The index's matches first, then each row of the page by primary key (cross join: in that order). A
  // window's start (sparse searches) or end (oldest first) comes as a match of no item (left join: kept,
  // and read apart): no id and the start as its rank, or the end's id negated and its date as the rank.
  const windowed = page.boundedScan === true || (page.order === 'oldest' && page.oldestWindows !== undefined);
  const rows = await db.shards
    .of(first.feedId)
    .all<SearchRow & { window_start: number | null; window_end_id: number | null }>(sql`
    select ${columns}, r.rank${
      windowed
        ? sql`, case when r.id is null or r.id < 0 then r.rank end as window_start,
          case when r.id < 0 then -r.id end as window_end_id`
        : sql``
    }
    from (${pageMatches(page, feedIds, personal, readSeq)}) r
    ${windowed ? sql`left join` : sql`cross join`} items i on i.id = r.id
    ${known ? sql`` : marksJoin(page.userId, personal)}
    order by ${order}`);
  if (!windowed) return { rows };
  const mark = rows.find((row) => row.window_start !== null);
  const window =
    mark?.window_end_id != null
      ? { windowEnd: { key: mark.window_start as number, id: mark.window_end_id } }
      : mark
        ? { windowStart: mark.window_start as number }
        : {};
  return {
    // An index row whose item is gone (left join: kept as nulls) is no match, as the cross join drops it.
    rows: rows.filter((row) => row.window_start === null && row.id !== null),
    ...window,
  };
}

/**
 * What statements in other shards need handed to them, from the person's database in one round trip:
 * for an unread search their marks and stars on those feeds, for a starred one their stars there.
 */
export async function readHandedState(
  db: PeopleDb,
  userId: number,
  feedIds: number[],
  page: Pick<SearchPage, 'state' | 'starred'>,
): Promise<HandedState> {
  if (feedIds.length === 0 || (page.state === 'all' && !page.starred)) return {};
  const feeds = sql.raw(idListSql(feedIds));
  const stars = { db, query: sql`select item_id from stars where user_id = ${userId} and feed_id in (${feeds})` };
  const marks = {
    db,
    query: marksOnSql(userId, feedIds),
  };
  const [starRows, markRows] = await inOneRoundTrip(page.state !== 'all' ? [stars, marks] : [stars]);
  const handed: HandedState = { starIds: (starRows as { item_id: number }[]).map((row) => row.item_id) };
  if (markRows) {
    const all = markRows as { feed_id: number; seq: number; is_read: number }[];
    const keys = (isRead: number) => all.filter((m) => m.is_read === isRead).map((m) => `${m.feed_id}:${m.seq}`);
    handed.marks = { read: keys(1), keptUnread: keys(0) };
  }
  return handed;
}
