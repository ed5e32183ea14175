// Items read on their own above a subscription's read watermark, kept on the subscription row as their
// positions in the feed (`subscriptions.read_above`, ",12,15,": migration 0036, issue 30). A read mark is
// the busiest write people make; as a row of read_marks it cost three rows written (the mark, its
// subscription's counter, and the mark's delete when retention took its item). As a position it costs one:
// the subscription row, written once with the position added or taken out. Nothing is deleted for it when
// retention takes the item: a position at or below the feed's trimmed_seq is not counted (unreadCount) and
// goes the next time a mark writes the row. A position at or below the watermark says nothing either (the
// watermark reads it already). Kept-unread marks (at or below the watermark, few) stay rows of read_marks.
import { type SQL, sql } from 'drizzle-orm';
import { idListSql } from './shards';

/** The positions a `read_above` text holds. */
export function positionsOf(readAbove: string | null | undefined): number[] {
  if (!readAbove) return [];
  return readAbove
    .split(',')
    .filter((part) => part !== '')
    .map(Number);
}

/** How many positions count for an unread count: those above `floor` (the watermark or the retention line). */
export const readAboveCount = (readAbove: string | null | undefined, floor: number) =>
  positionsOf(readAbove).filter((seq) => seq > floor).length;

/** SQL: whether the `read_above` text `column` holds position `seq` (false for null). */
export const holdsPositionSql = (column: string, seq: string) =>
  `(coalesce(instr(${column}, ',' || ${seq} || ','), 0) > 0)`;

/** SQL: the positions of the `read_above` text `column` as a JSON array, for json_each. */
export const positionsJsonSql = (column: string) => `('[' || trim(coalesce(${column}, ''), ',') || ']')`;

/**
 * SQL: the `read_above` text `column` rebuilt: its positions for which `keep` (an SQL condition on `value`)
 * holds, plus `added` (an SQL select of `value`s, or nothing); null when none is left.
 */
export const rebuiltSql = (column: string, keep: string, added?: string) =>
  `(select ',' || group_concat(value, ',') || ',' from (select value from json_each(${positionsJsonSql(column)})
    where ${keep}${added ? ` union select value from (${added})` : ''}))`;

/**
 * Positions running on from the watermark (read_seq + 1, + 2, …) that a read mark folds into it (foldSql):
 * from this many on, the watermark moves over them and they leave the row. Fewer stay positions: a fold
 * also rewrites the feed's entry in the person's reading list (its watermark is there: reading-list.ts
 * foldedCopySql), a row written, and someone who reads a feed oldest first one by one fills the gap at the
 * watermark with every mark. So such a reader pays a D1 call and two rows written more every FOLD_RUN
 * marks, and a page tests the feed's items against fewer positions than this of theirs. A rule's marks
 * (rule-effects.ts) do not fold: they would probe three rows more for every subscription a refresh
 * touches, and the feed's next read mark above its watermark folds whatever run they left.
 */
export const FOLD_RUN = 32;

/**
 * SQL: whether subscription row `row` (its columns' prefix: '' or 'f.') holds at least `leastRun` positions
 * running on from its watermark, with position `adding` (an SQL expression) among them when given: 1 or 0.
 * Cheap where it does not: two instr, then the count.
 */
export const foldableSql = (row: string, leastRun = FOLD_RUN, adding?: string) => {
  const [above, watermark] = [`${row}read_above`, `${row}read_seq`];
  const holds = (seq: string) =>
    adding ? `(${adding} = ${seq} or ${holdsPositionSql(above, seq)})` : holdsPositionSql(above, seq);
  const inRun = `between ${watermark} + 1 and ${watermark} + ${leastRun}`;
  const counted = `(select count(*) from json_each(${positionsJsonSql(above)}) r where r.value ${inRun}${adding ? ` and r.value <> ${adding}` : ''})${adding ? ` + (${adding} ${inRun})` : ''}`;
  // A case, not `and`: SQLite evaluates both sides of an `and` in a value (a column), and the count reads
  // every position.
  return `(case when ${holds(`(${watermark} + 1)`)} and ${holds(`(${watermark} + ${leastRun})`)}
    then ${counted} = ${leastRun} else 0 end)`;
};

/** SQL: the last position of the run on from row `row`'s watermark: where foldSql moves it. */
const runEndSql = (row: string) =>
  `(select min(p.value) from json_each(${positionsJsonSql(`${row}read_above`)}) p
    where p.value > ${row}read_seq and not ${holdsPositionSql(`${row}read_above`, '(p.value + 1)')})`;

/**
 * SQL text: the watermark of the subscription rows `where` picks moved over the positions that run on from
 * it (read_seq + 1, + 2, …: every item up to the run's last is read then), where at least `leastRun` do,
 * and the positions it passed dropped (null when none is left). Every read answer stays as it was
 * (isReadAt, unreadCount: a position above the watermark and the watermark say the same of its item; a
 * kept-unread mark is only ever at or below the watermark, so none is passed). What changes is what a page
 * pays for the feed's read state: it reads a subscription row's positions, and tests each item of the feed
 * against them (instr over the list: 1.5 KB for a feed of 400 items read one by one), only where the
 * reading list says the feed may have positions (positionsInScopeSql); a feed read to its newest one by
 * one, or since its last "mark all read", has none once folded. The reading list's entry must move with
 * it, in the same batch: reading-list.ts foldedCopySql right after this, or the list's rebuild. A read
 * mark runs these in a call of their own when its first statement says the mark completes such a run
 * (read-state.ts markItemInStory), so a mark that folds nothing carries none of them.
 */
export const foldSql = (where: string, leastRun = FOLD_RUN) =>
  `update subscriptions set read_seq = ${runEndSql('')},
    read_above = ${rebuiltSql('read_above', `value > ${runEndSql('')}`)}
  where ${where} and ${foldableSql('', leastRun)}`;

/**
 * SQL: the positions read on their own of person `userId`'s subscription of one feed, read once by the
 * statement (it depends on no row: SQLite evaluates it once), or null where the row is not (a feed shard
 * that is not the person's own database, whose rows' marks are looked up afterwards).
 */
export const readAboveOfSql = (userId: number, feedId: number) =>
  sql`(select ra.read_above from main.subscriptions ra where ra.user_id = ${userId} and ra.feed_id = ${feedId})`;

/** Feeds in scope past which readAboveByFeedSql would make a statement's text too long: looked up per row instead. */
const MOST_FEEDS_READ_ONCE = 100;

/**
 * SQL: the positions read on their own of person `userId`'s subscription of item `i`'s feed (`feedColumn`), among these
 * feeds: a case of one readAboveOfSql per feed, so each subscription row is read at most once by the
 * statement, and only if an item of its feed above the watermark is looked at. Undefined (look up per
 * row: readOnItsOwnSql) for more than MOST_FEEDS_READ_ONCE feeds.
 */
export function readAboveByFeedSql(userId: number, feedIds: number[], feedColumn = 'i.feed_id'): SQL | undefined {
  const text = readAboveByFeedText(userId, feedIds, feedColumn);
  return text === undefined ? undefined : sql.raw(text);
}

/** readAboveByFeedSql's text: literals only, no value to bind. */
function readAboveByFeedText(userId: number, feedIds: number[], feedColumn: string): string | undefined {
  if (feedIds.length === 0 || feedIds.length > MOST_FEEDS_READ_ONCE) return undefined;
  const person = idListSql([userId]);
  const cases = feedIds.map((feedId) => {
    const feed = idListSql([feedId]);
    return `when ${feed} then (select ra.read_above from main.subscriptions ra where ra.user_id = ${person} and ra.feed_id = ${feed})`;
  });
  return `(case ${feedColumn} ${cases.join(' ')} end)`;
}

/**
 * SQL text: readAboveByFeedSql over the subscriptions that may have positions: those the reading list says
 * have none (mayHavePositions false: person-scope.ts) give null, and their rows are never read. Null when
 * none may: the statement reads no subscription row at all. Text, as a page's statement built once takes
 * it in its slot (db/built-once.ts builtByShape).
 */
export function positionsInScopeSql(
  userId: number,
  subscriptions: { feedId: number; mayHavePositions?: boolean }[],
  feedColumn = 'i.feed_id',
): string | undefined {
  const feedIds = subscriptions.filter((row) => row.mayHavePositions !== false).map((row) => row.feedId);
  return feedIds.length === 0 ? 'null' : readAboveByFeedText(userId, feedIds, feedColumn);
}

/**
 * SQL: whether item `i` (feed_id, seq), above the watermark, was read on its own by person `userId`, looked
 * up on their subscription row by primary key. `main.` names the table itself: a feed shard's statements
 * are handed the subscriptions as a table of values under the same name (person-scope.ts). In a shard that
 * is not the person's own database it finds no row, so says no; those rows' marks are looked up afterwards
 * (readPersonalStateAt), as before.
 */
export const readOnItsOwnSql = (userId: SQL | number) =>
  sql`exists (select 1 from main.subscriptions ra where ra.user_id = ${userId} and ra.feed_id = i.feed_id
    and ${sql.raw(holdsPositionSql('ra.read_above', 'i.seq'))})`;
