// The full-text index of items (issue 14), table `search_index` (migration 0010; 0029 made it again with
// a prefix index of 3 characters): contentless FTS5 over each item's title, summary, content as plain text and author, with a token `f<feed id>` that scopes a
// search to a person's feeds inside the index, and feed_id, seq and pub_date kept beside it so a search
// is filtered, ordered and paged without reading items rows. Triggers on `items` drop an item's index
// row whenever the item is deleted (retention, a feed nobody follows) or rewritten; storeItems puts
// the rows back through indexItemsStatements in the same batch.
//
// Everything here works on an items database and the feed ids it is given; a page of results, with the
// person's read state and stars, is search-page.ts's.
import { type SQL, sql } from 'drizzle-orm';
import { jsonParts } from './json-parts';
import { CLOCK_ID_BASE, ID_EPOCH_MS, idListSql, MAX_SHARDS } from './shards';

/** An item of the feed by its position (seq), with the plain text indexed as its content (its HTML turned to text by the refresh). */
export type IndexedText = { seq: number; contentText: string };

/**
 * Statements that index the feed's items among `rows` that have no index row: new items, and items the
 * refresh just rewrote (whose row the update trigger dropped). Title, summary and author are plain text
 * already in the items row; the content's text comes with the rows. Run after the refresh's insert and update, in its batch.
 */
export function indexItemsStatements(d1: D1Database, feedId: number, rows: IndexedText[]): D1PreparedStatement[] {
  const entries = rows.map((row) => ({ s: row.seq, t: row.contentText }));
  return jsonParts(entries).map((part) =>
    d1
      .prepare(
        `insert into search_index (rowid, title, summary, content, author, feed, feed_id, seq, pub_date)
         select i.id, i.title, coalesce(i.description, ''), j.value ->> 't', coalesce(i.author, ''),
           'f' || i.feed_id, i.feed_id, i.seq, i.pub_date
         from json_each(?2) j join items i on i.feed_id = ?1 and i.seq = j.value ->> 's'
         where not exists (select 1 from search_index_docsize d where d.id = i.id)`,
      )
      .bind(feedId, part),
  );
}

export type SearchOrder = 'newest' | 'oldest' | 'relevance';

/**
 * The latest date an item with this id (SQL, an id from the clock: shards.ts clockItemId) can have. Its id
 * was minted when it was stored or later (a burst runs ahead of the clock), and the refresh keeps every
 * date at most the time it ran (feeds/refresh.ts), which is before the id was minted (item-store.ts): so an
 * item's date is never later than the time in its id. Null for ids from before the clock (below 2^50),
 * which say nothing about their dates.
 */
export function latestDateOfIdSql(id: SQL): SQL {
  // Integers written into the statement: bound numbers may reach SQLite as reals, and this division is whole.
  const [base, shards, epoch] = [CLOCK_ID_BASE, MAX_SHARDS, ID_EPOCH_MS].map((n) => sql.raw(String(n)));
  return sql`(case when ${id} >= ${base} then (${id} - ${base}) / ${shards} + ${epoch} end)`;
}

// bm25 weights per column: a word in the title says most about the item, the feed token nothing.
const RANK = sql`bm25(search_index, 10.0, 4.0, 1.0, 3.0, 0.0, 0.0, 0.0, 0.0)`;
const WORD_COLUMNS = '{title summary content author}';

/**
 * A wanted term of a search as bm25 may rank it (search/parse-query.ts): its phrase as in the MATCH, and
 * each of its words alone (the last one a prefix for `word*`), as FTS5 strings, to learn how common it is.
 */
export type RankTerm = { phrase: string; words: string[] };

/**
 * How many rows of a feed shard a word may be in for bm25 to rank by it (issue 29). bm25 weighs each
 * phrase of its MATCH by counting, once per search, every row of the whole shard that holds it, whoever
 * follows those rows: for a word in nearly every row that count was the search (8 common words and two
 * 3-letter prefixes ranked in 529 ms at 100,000 rows, while the same words by date took 228). A word in
 * more rows than this says little about which match is better (bm25's weight for a word in half the rows
 * is nil), so it only narrows the matches; a search is ranked by its rarer terms, and one made only of
 * common words lists its matches newest first (by arrival). Finding out costs each word at most this many
 * index rows read, whatever the shard's size.
 */
export const RANKED_WORD_ROWS = 2_000;

/**
 * The words' part of a MATCH. The feed tokens (`f<feed id>`) are in a column of their own; a search word
 * shaped like one would match them too, so it is kept to the word columns, which costs reading where in
 * the row every match of every word is (measured at load 11: a word in every row of 10,000 followed,
 * counted in 42 against 13 ms), so only such a search pays it.
 */
function wordsMatch(match: string) {
  return /(^|["\s(])f\d/i.test(match) ? `${WORD_COLUMNS} : (${match})` : `(${match})`;
}

/** A MATCH that finds nothing (no feed has id 0), at the cost of one absent token: for a part not taken. */
const NONE = 'feed : "f0"';

/** The person's feeds as a MATCH: their tokens, OR-ed. */
const feedsMatch = (feedIds: number[]) => `feed : (${feedIds.map((id) => `f${id}`).join(' OR ')})`;

/**
 * The search's MATCH within the person's feeds. Words left out (search/parse-query.ts writes them as
 * `(wanted) NOT (left out)`) are looked for only in rows of those feeds: `(wanted AND feeds) NOT (left
 * out)`, where `((wanted) NOT (left out)) AND feeds` looked for them beside every row of the shard that
 * holds a wanted word. A common word with seven common words left out, over a shard of 100,000 rows of
 * which the person follows 10,000, was 77 ms of the index's time against 32 (issue 29).
 */
export function scopedMatch(match: string, feedIds: number[]) {
  const feeds = feedsMatch(feedIds);
  const leftOut = /^\(([^()]*)\) NOT \(([^()]*)\)$/.exec(match);
  if (!leftOut) return `${wordsMatch(match)} AND ${feeds}`;
  const [, wanted = '', excluded = ''] = leftOut;
  // One NOT a word: `(wanted) NOT a NOT b`, where `NOT (a OR b)` moved every word's doclist to every row
  // of the wanted ones. A row that holds the first word left out is dropped there, so the next reads
  // fewer rows: seven common words left out of a window of 2,000 rows cost 23 ms of the index's CPU
  // against 11 (issue 29). The phrases are FTS5 strings (search/parse-query.ts): no " OR " inside one.
  const notEach = excluded
    .split(' OR ')
    .map((phrase) => ` NOT ${wordsMatch(phrase)}`)
    .join('');
  return `(${wordsMatch(wanted)} AND ${feeds})${notEach}`;
}

/**
 * Which index rows match, by date, scoped to the feeds. The feeds are part of the MATCH (their tokens,
 * OR-ed): the index intersects the words with the feeds' own rows, however many other feeds the
 * database holds, so the ordering touches no other person's match.
 */
export function matchingRows(filter: { match: string; feedIds: number[]; unless?: SQL }) {
  const match = scopedMatch(filter.match, filter.feedIds);
  // `unless`: a condition of the statement under which nothing is read (a MATCH that finds nothing at once).
  const matching = filter.unless ? sql`(case when ${filter.unless} then ${NONE} else ${match} end)` : sql`${match}`;
  return sql`select rowid as id, feed_id, seq, pub_date, 0 as rank from search_index
    where search_index match ${matching}`;
}

/**
 * A ranked search's rows in two parts, of which one is empty (the CTE `ranked` decides, in the statement:
 * it is the AND of the terms that have a word in at most RANKED_WORD_ROWS rows of the shard, each probed
 * with a bounded read, or null when every term is common):
 * - `ranked`: the matches of those rarer terms in the whole shard (so at most RANKED_WORD_ROWS rows, and
 *   bm25 counts no more), kept when they are of the person's feeds and match the whole search;
 * - `newest`: when no term is rare, the search's matches in the person's feeds, rank 0, which the page
 *   reads newest first (by id, the index's own order) and stops at its limit.
 * `with` is the CTE to put before the statement that reads them.
 */
export function rankedRows(filter: { match: string; feedIds: number[]; terms: RankTerm[] }) {
  const probes = filter.terms.flatMap((term) => term.words.map((word) => sql`(${term.phrase}, ${word})`));
  const none = NONE;
  // Each word is probed once per statement (materialized): how many of the shard's rows hold it, counted
  // up to one past the bound, so a common word costs RANKED_WORD_ROWS + 1 rows read and no more.
  const rare = probes.length
    ? sql`terms(phrase, word) as (values ${sql.join(probes, sql`, `)}),
      ranked(m, n) as materialized (select group_concat('(' || phrase || ')', ' AND '), count(*) from (select distinct phrase
        from terms where (select count(*) from (select 1 from search_index where search_index match terms.word
          limit ${RANKED_WORD_ROWS + 1})) <= ${RANKED_WORD_ROWS}))`
    : sql`ranked(m, n) as (select null, 0)`;
  // The rarer terms' matches are the search's own when the search is nothing but its terms, all rare (no
  // word left out, none kept to the word columns); else each must match the whole search too.
  const matchesWhole = sql`+rowid in (select rowid from search_index where search_index match ${wordsMatch(filter.match)})`;
  const onlyTerms = filter.terms.length > 0 && filter.match === filter.terms.map((term) => term.phrase).join(' AND ');
  const whole =
    onlyTerms && wordsMatch(filter.match) === `(${filter.match})`
      ? sql`((select n from ranked) = ${filter.terms.length} or ${matchesWhole})`
      : matchesWhole;
  return {
    with: sql`with ${rare}`,
    ranked: sql`select rowid as id, feed_id, seq, pub_date, ${RANK} as rank from search_index
      where search_index match coalesce((select m from ranked), ${none})
        and feed_id in (${sql.raw(idListSql(filter.feedIds))})
        and ${whole}`,
    newest: sql`select rowid as id, feed_id, seq, pub_date, 0 as rank from search_index
      where search_index match (case when (select m from ranked) is null
        then ${scopedMatch(filter.match, filter.feedIds)} else ${none} end)`,
  };
}

/**
 * The rows of the person's feeds (in one shard) that a page of a sparse search reads at most (issue 29):
 * a phrase of several words, or words left out (search/parse-query.ts `sparse`), can match a handful of
 * the rows that hold its words, and proving that a page has no more matches read every one of them (a
 * common word with seven common words left out, or a phrase of eight: about 30 ms of the index's CPU
 * at 10,000 rows followed, 79 ms end to end). Such a page reads the matches among the person's newest
 * rows past its cursor, this many, and ends there, short of its limit if it must, with a cursor below
 * them: the next page reads the next window. D1 bills the window's rows (the feed tokens' doclists).
 */
export const SEARCH_WINDOW_ROWS = 2_000;

/** An id as an integer literal: bound numbers may reach SQLite as reals, and FTS5 takes no real rowid bound. */
function integerLiteral(id: number) {
  if (!Number.isSafeInteger(id)) throw new Error(`not an item id: ${id}`);
  return sql.raw(String(id));
}

/**
 * The lowest id of a window: the SEARCH_WINDOW_ROWS-th newest row of the feeds below `below` (every row
 * when null), or 0 when there are fewer: the window then reaches the end of the feeds' rows.
 */
export function windowStartSql(feedIds: number[], below: number | null): SQL {
  const under = below === null ? sql`` : sql` and rowid < ${integerLiteral(below)}`;
  return sql`coalesce((select rowid from search_index where search_index match ${feedsMatch(feedIds)}${under}
    order by rowid desc limit 1 offset ${SEARCH_WINDOW_ROWS - 1}), 0)`;
}

/**
 * The search's matches in the feeds with ids from `from` (SQL: a window's start) up to `below` (open when
 * null), in the index's own order, ascending: FTS5 seeks each word's doclist to the window's start. Read
 * descending (newest first), the same window measured as costly as every match (an 8-word phrase: about
 * 23 ms of the index's CPU either way, against 3 ascending). `unless`: as in matchingRows.
 */
export function windowRows(filter: {
  match: string;
  feedIds: number[];
  from: SQL;
  below: number | null;
  unless?: SQL;
}) {
  const match = scopedMatch(filter.match, filter.feedIds);
  const matching = filter.unless ? sql`(case when ${filter.unless} then ${NONE} else ${match} end)` : sql`${match}`;
  const under = filter.below === null ? sql`` : sql` and rowid < ${integerLiteral(filter.below)}`;
  return sql`select rowid as id, feed_id, seq, pub_date, 0 as rank from search_index
    where search_index match ${matching} and rowid >= ${filter.from}${under}`;
}

/** latestDateOfIdSql in JavaScript: the latest date an item with this id can have; null before the clock. */
export const latestDateOfId = (id: number): number | null =>
  id >= CLOCK_ID_BASE ? Math.floor((id - CLOCK_ID_BASE) / MAX_SHARDS) + ID_EPOCH_MS : null;

/**
 * A search oldest first, in windows by date (issue 29). The index's order is arrival, and no arrival bounds
 * how old a match's date may be (a feed's archive comes with its first fetch), so a page used to read and
 * sort every match in the person's feeds. A page now reads the person's oldest rows by date past its
 * cursor (items_feed_pub_idx, a range per feed), at most this many of each feed, a share of the window
 * (SEARCH_WINDOW_ROWS spread over the shard's feeds), and keeps those the index matches. The window ends
 * at the earliest last row of a feed that gave its whole share (a later row of that feed was not read), so
 * it never holds a row after one not read, and holds at most SEARCH_WINDOW_ROWS plus one a feed; the next
 * page starts where it ended.
 */
export const oldestRowsPerFeed = (feeds: number, windowRows = SEARCH_WINDOW_ROWS) =>
  Math.ceil(windowRows / Math.max(1, feeds));

/**
 * The window of an oldest-first search that has many matches (search-page.ts oldestWindow): a quarter of a
 * sparse search's. Its page fills from a few of them, and each row of the window is read from the index
 * whether the page takes it or not (measured on the bench's shard, workerd's CPU: two prefixes and six
 * words 19 -> 12 ms, a word in every item 13 -> 4); a sparse search keeps the whole window, or it would
 * take four times the pages, each counted among the person's searches a minute.
 */
export const DENSE_WINDOW_ROWS = SEARCH_WINDOW_ROWS / 4;

/** Where an oldest-first page starts (after its cursor's row) and what dates it may show ([from, to)). */
export type OldestWindowFrom = {
  after?: { key: number; id: number };
  from: number | null;
  to: number | null;
  /** A condition of the statement under which the window is read at all (none: always). */
  when?: SQL;
  /** How many rows the window holds at most, spread over the feeds (oldestRowsPerFeed). */
  rows?: number;
};

/**
 * The CTEs of an oldest-first window (see oldestRowsPerFeed), to put after `with`:
 * - `window_end(d, id)`: the window's last row (date `d`), the earliest of the feeds' last rows of their
 *   share; no row when no feed has a whole share left (the window reaches the end of the feeds' rows);
 * - `window_ids(lo, hi)`: the lowest and highest ids in the window, the range of the index that holds it.
 * Each feed's share is one range of items_feed_pub_idx (a correlated read per feed: one statement, however
 * many feeds), and the window's rows one more: at most 2 × SEARCH_WINDOW_ROWS rows and two a feed.
 */
export function oldestWindowSql(feedIds: number[], start: OldestWindowFrom): SQL {
  const share = oldestRowsPerFeed(feedIds.length, start.rows);
  const where: SQL[] = [];
  if (start.after) {
    const key = integerLiteral(start.after.key);
    where.push(sql`pub_date >= ${key} and (pub_date, id) > (${key}, ${integerLiteral(start.after.id)})`);
  }
  // Rows dated outside the page's dates are never shown: the window passes them by.
  if (start.from !== null) where.push(sql`pub_date >= ${integerLiteral(start.from)}`);
  if (start.to !== null) where.push(sql`pub_date < ${integerLiteral(start.to)}`);
  const past = where.length > 0 ? sql` and ${sql.join(where, sql` and `)}` : sql``;
  // The feeds, or none when the window is not to be read: a condition on the rows would be tested on each.
  const feeds = sql`(select value as feed_id from json_each(${`[${idListSql(feedIds)}]`})${start.when ? sql` where ${start.when}` : sql``})`;
  // Past the window's end: no end, no bound (the largest integer).
  const last = sql`coalesce((select d from window_end), 9223372036854775807)`;
  return sql`window_end(d, id) as materialized (select e.pub_date, e.id from ${feeds} f
      join items e on e.id = (select id from items where feed_id = f.feed_id${past}
        order by pub_date, id limit 1 offset ${share - 1})
      order by e.pub_date, e.id limit 1),
    window_ids(lo, hi) as materialized (select min(id), max(id) from items where feed_id in ${feeds}${past}
      and pub_date <= ${last} and (pub_date < ${last} or id <= (select id from window_end)))`;
}

/**
 * The search's matches in an oldest-first window (oldestWindowSql's CTEs): the index's rows between the
 * window's lowest and highest ids, read descending from the highest (FTS5 seeks each word's doclist there
 * and walks down; read ascending, a walk that finds no match in the range goes on past its end), kept when
 * they are in the window by date. `unless`: as in matchingRows. The LIMIT keeps the descending order (a
 * subquery's ORDER BY without one may be dropped) and cuts nothing: a window holds at most its rows
 * rounded up to a whole share a feed.
 */
export function oldestWindowRows(filter: {
  match: string;
  feedIds: number[];
  after?: { key: number; id: number };
  unless?: SQL;
}) {
  const match = scopedMatch(filter.match, filter.feedIds);
  const matching = filter.unless ? sql`(case when ${filter.unless} then ${NONE} else ${match} end)` : sql`${match}`;
  const after = filter.after
    ? sql` and (pub_date, rowid) > (${integerLiteral(filter.after.key)}, ${integerLiteral(filter.after.id)})`
    : sql``;
  return sql`select rowid as id, feed_id, seq, pub_date, 0 as rank from search_index
    where search_index match ${matching}
      and rowid >= (select lo from window_ids) and rowid <= (select hi from window_ids)${after}
      and (not exists (select 1 from window_end) or (pub_date, rowid) <= (select d, id from window_end))
    order by rowid desc limit ${SEARCH_WINDOW_ROWS + filter.feedIds.length}`;
}
