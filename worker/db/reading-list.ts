// A person's reading list: their categories and subscriptions (feed, name, category, AI choice, read
// watermark, full article choice) as one JSON value. The pages and the sidebar take the person's subscriptions and category
// names from it instead of reading those rows: D1 bills a row per subscription read, and values written
// into a statement cost nothing (docs/scaling.md "Reading cost"). The rows stay the truth: every batch that
// changes a person's subscriptions or categories ends with the rebuild statements below, which rebuild
// the copy from them in the same transaction, so the copy cannot drift from them. The counters that move
// with each read mark (`read_adjust`) are not in it: a mark writes one subscription row, never the copy.
//
// Where the copy is, one rule, applied by the rebuild: on the person's users row when that row is in
// their people database (people shard 0, the primary: people.ts) and the copy is at most
// ON_USERS_ROW_MAX_BYTES, so the session reads it with the row at no cost; otherwise as their row of
// `reading_lists` in their people database (one row read per page or sidebar). A users row's copy of
// null therefore means "look in reading_lists". The session hands the row's copy on as text, parsed only
// by a request that uses it (a read mark or a generation never parses it).
import { sql } from 'drizzle-orm';
import type { ReadingList } from '../../schema';
import { type PeopleDb, statementOf } from './client';
import type { Scope, StatementSubscription } from './person-scope';

export type { ReadingList };

/**
 * The copy as the caller has it: JSON text when it has it (from the users row, which holds it when it is
 * kept there, or from the `reading_lists` row read beside the session: middleware/early-reads.ts), null
 * when the users row said it is not there (in `reading_lists`, or not built yet), undefined when the
 * caller has not read the users row.
 */
export type UsersRowCopy = string | null | undefined;

/**
 * The largest copy kept on a users row, in bytes of JSON. Every request's session reads the whole users
 * row, so this is what a request that never looks at the list (a read mark, a generation) carries.
 * Measured (24 Nov 2026, docs/scaling.md "Reading cost"): a subscription takes ~60 bytes with a typical name (50:
 * ~3 KB; a 200-character name ~240), and parsing costs ~0.15 µs a subscription (V8, Node 20), so the
 * bytes, not the parse, are what a larger list costs; local D1's session read took the same time with 0
 * and 64 KB in the row (noise ±2 ms) and grew at 256 KB. 8 KB keeps every usual Pro list (50 feeds,
 * names averaging up to ~100 characters, a few categories) on the row at ≤ ~10 µs of parse, two SQLite
 * overflow pages at most; past it (long names, many categories, lists from before the plan limit) the
 * copy costs one row read per page instead of bytes on every request.
 */
export const ON_USERS_ROW_MAX_BYTES = 8192;

/** The person's list as JSON, from their categories and subscriptions rows. */
const listJsonSql = (userId: number) => sql`json_object(
    'categories', json((select json_group_array(json_array(id, name)) from categories where user_id = ${userId})),
    'subscriptions', json((select json_group_array(json_array(feed_id, name, category_id, include_in_ai, read_seq, full_article,
        read_above is not null))
      from subscriptions where user_id = ${userId})))`;

/** Whether the person's users row is in their people database, so a small copy is kept on it. */
const usersRowHere = (db: PeopleDb) => db.peopleShard === 0;

/**
 * The statements that rebuild the copy from the rows and put it in its place, each returning the copy it
 * stored as `reading_list`. Beside the users row: the row takes the copy when small and null when not
 * (the list is built once, in that statement); a large one goes to `reading_lists` (built again: rare,
 * and reads cost a thousandth of writes); a small one deletes any `reading_lists` row left from when it
 * was large. One transaction with the change, so no reader ever finds two copies or a stale one.
 */
const rebuildStatements = (db: PeopleDb, userId: number) =>
  (usersRowHere(db)
    ? [
        sql`update users set reading_list = iif(length(cast(copy.list as blob)) <= ${ON_USERS_ROW_MAX_BYTES}, copy.list, null)
          from (select ${listJsonSql(userId)} as list) as copy where users.id = ${userId} returning reading_list`,
        sql`insert into reading_lists (user_id, list) select id, ${listJsonSql(userId)} from users
          where id = ${userId} and reading_list is null
          on conflict (user_id) do update set list = excluded.list returning list as reading_list`,
        sql`delete from reading_lists where user_id = ${userId}
          and (select reading_list from users where id = ${userId}) is not null`,
      ]
    : [
        sql`insert into reading_lists (user_id, list) values (${userId}, ${listJsonSql(userId)})
          on conflict (user_id) do update set list = excluded.list returning list as reading_list`,
      ]
  ).map((query) => statementOf(db, query));

/** Runs the statements with the rebuild after them; their results, and the copy the rebuild stored. */
async function batchWithRebuild(db: PeopleDb, userId: number, statements: D1PreparedStatement[]) {
  const results = await db.$client.batch([...statements, ...rebuildStatements(db, userId)]);
  const stored = results
    .slice(statements.length)
    .flatMap((result) => result.results as { reading_list?: string | null }[])
    .map((row) => row.reading_list);
  // Said loudly: a person whose users row is not where the copy is kept for them (a users row in a
  // people database other than the primary, which never happens) would have a copy that says nothing.
  if (stored.length === 0)
    throw new Error(`No users row ${userId} beside these rows: their reading list was not rebuilt`);
  return { results: results.slice(0, statements.length), copy: stored.find((list) => list) ?? null };
}

/**
 * Runs a batch that changes the person's subscriptions (follow, unfollow, rename, move, AI choice,
 * watermark) or categories, with the rebuild of their reading list last: one transaction, so the copy
 * always says what the rows say. The statements' results, in order.
 */
export async function writeWithReadingList(db: PeopleDb, userId: number, statements: D1PreparedStatement[]) {
  return (await batchWithRebuild(db, userId, statements)).results;
}

const keptInReadingLists = (userId: number) => sql`(select list from reading_lists where user_id = ${userId})`;

/**
 * The copy kept as the person's row of `reading_lists`, as JSON text, or null (none built yet): one row
 * read, nothing written, so it can be read before the request knows its session is live
 * (middleware/early-reads.ts); a list not built yet is built by `readingListOf` once it does.
 */
export async function keptReadingList(db: PeopleDb, userId: number): Promise<string | null> {
  const [kept] = await db.all<{ list: string | null }>(sql`select ${keptInReadingLists(userId)} as list`);
  return kept?.list ?? null;
}

/**
 * The person's reading list: from `usersRowCopy` when the caller has their users row (the session's) and
 * it holds the copy, else read from where it is kept (one row); built from the rows the first time it is
 * needed (people who signed up before it existed).
 */
export async function readingListOf(db: PeopleDb, userId: number, usersRowCopy?: UsersRowCopy): Promise<ReadingList> {
  if (usersRowCopy) return JSON.parse(usersRowCopy) as ReadingList;
  const inReadingLists = keptInReadingLists(userId);
  // The users row is read only when the caller has not read it and it is here.
  const [stored] = await db.all<{ reading_list: string | null }>(
    usersRowCopy === undefined && usersRowHere(db)
      ? sql`select coalesce((select reading_list from users where id = ${userId}), ${inReadingLists}) as reading_list`
      : sql`select ${inReadingLists} as reading_list`,
  );
  const copy = stored?.reading_list;
  return copy ? (JSON.parse(copy) as ReadingList) : rebuildReadingList(db, userId);
}

/**
 * Rebuilds the person's copy from their rows, on its own: for a first use, and for rows written other
 * than through a batch of `writeWithReadingList` (a seed in a test or benchmark), which must call it.
 */
export async function rebuildReadingList(db: PeopleDb, userId: number): Promise<ReadingList> {
  const { copy } = await batchWithRebuild(db, userId, []);
  return copy ? (JSON.parse(copy) as ReadingList) : { categories: [], subscriptions: [] };
}

/** The list's subscriptions that a scope takes (all, one feed's, one category's, some feeds', AI feeds'). */
export function listedInScope(list: ReadingList, scope: Scope): StatementSubscription[] {
  const feedIds = scope.feedIds ? new Set(scope.feedIds) : null;
  return list.subscriptions
    .map(([feedId, name, categoryId, includeInAi, readSeq, , positions]) => ({
      feedId,
      name,
      categoryId,
      includeInAi: includeInAi === 1,
      readSeq,
      mayHavePositions: positions !== 0,
    }))
    .filter(
      (row) =>
        (scope.feedId === undefined || row.feedId === scope.feedId) &&
        (scope.categoryId === undefined || row.categoryId === scope.categoryId) &&
        (feedIds === null || feedIds.has(row.feedId)) &&
        (!scope.includedInAi || row.includeInAi),
    );
}

/** Where a subscription entry of the list says whether it may have positions (ReadingList, schema/users.ts). */
const POSITIONS_FLAG = 6;
/** Where a subscription entry of the list keeps its watermark, read_seq. */
const WATERMARK = 4;

/**
 * SQL text of the statements that turn on the "may have positions" flag of feed `feedSql` in person
 * `userSql`'s stored list (on their users row, or their row of `reading_lists`), where the list says it has
 * none and their subscription row now holds some: a read mark or a rule writes only the subscription row,
 * and a page trusts the flag to skip reading it (db/read-above.ts positionsInScopeSql). Each writes a row
 * only then: once per feed, until a rebuild (mark all read) finds the positions gone. `rowHolds` narrows
 * which subscription rows are looked at first (a mark: those holding exactly one position, as its first
 * leaves them), so a mark in a feed that has positions reads its subscription row and no list.
 */
export function positionsFlagSql(db: PeopleDb, userSql: string, feedSql: string, rowHolds = 'read_above is not null') {
  const row = `exists (select 1 from subscriptions f where f.user_id = ${userSql} and f.feed_id = ${feedSql} and ${rowHolds})`;
  const entry = (list: string) =>
    `(select '$.subscriptions[' || e.key || '][${POSITIONS_FLAG}]' from json_each(${list}, '$.subscriptions') e
      where e.value ->> 0 = ${feedSql} and e.value ->> ${POSITIONS_FLAG} = 0)`;
  const inReadingLists = `update reading_lists set list = json_set(list, ${entry('list')}, 1)
    where user_id = ${userSql} and ${row} and ${entry('list')} is not null`;
  if (!usersRowHere(db)) return [inReadingLists];
  return [
    `update users set reading_list = json_set(reading_list, ${entry('reading_list')}, 1)
      where id = ${userSql} and reading_list is not null and ${row} and ${entry('reading_list')} is not null`,
    inReadingLists,
  ];
}

/**
 * SQL text of the statements that bring feed `feedSql`'s entry of person `userSql`'s stored list up to a
 * fold of their subscription row (read-above.ts foldSql, the statement right before these): its watermark
 * and whether positions are left past it. A page takes the watermark from the list, not the row, so the
 * two move in one batch. They read nothing where the fold changed nothing (`changes()` of the statement
 * before each, through a subquery that SQLite evaluates once: the row sought is null): the users row's
 * statement looks only after a fold, and the `reading_lists` one only where that found no list on the users
 * row to change (then it finds the list, and writes only an entry whose watermark differs from the row's).
 */
export function foldedCopySql(db: PeopleDb, userSql: string, feedSql: string) {
  const row = `from subscriptions f where f.user_id = ${userSql} and f.feed_id = ${feedSql}`;
  const entry = (list: string) =>
    `(select '$.subscriptions[' || e.key || ']' from json_each(${list}, '$.subscriptions') e
      where e.value ->> 0 = ${feedSql} and e.value ->> ${WATERMARK} <> (select f.read_seq ${row}))`;
  const mirrored = (list: string) => `json_set(${list},
    ${entry(list)} || '[${WATERMARK}]', (select f.read_seq ${row}),
    ${entry(list)} || '[${POSITIONS_FLAG}]', (select f.read_above is not null ${row}))`;
  /** The person where the statement before changed a row (`changed`) or none, else null. */
  const after = (changed: boolean) => `(select ${userSql} where changes() ${changed ? '> 0' : '= 0'})`;
  const inReadingLists = (gate: string) => `update reading_lists set list = ${mirrored('list')}
    where user_id = ${gate} and ${entry('list')} is not null`;
  if (!usersRowHere(db)) return [inReadingLists(after(true))];
  return [
    `update users set reading_list = ${mirrored('reading_list')}
      where id = ${after(true)} and reading_list is not null and ${entry('reading_list')} is not null`,
    inReadingLists(after(false)),
  ];
}

/** What a mark's first position leaves on its subscription row: exactly one position (",12,"). */
export const ONE_POSITION = `read_above is not null and instr(substr(read_above, 2), ',') = length(read_above) - 1`;
