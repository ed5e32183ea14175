// A person's reading list: their categories and subscriptions (feed, name, category, AI choice, read
// watermark) as one JSON value on their users row, which the session reads on every request anyway. The
// pages and the sidebar take the person's subscriptions and category names from it instead of reading
// those rows: D1 bills a row per subscription read, and values written into a statement cost nothing
// (README "Reading cost"). The rows stay the truth: every batch that changes a person's subscriptions or
// categories ends with `readingListStatement`, which rebuilds the copy from them in the same transaction,
// so the copy cannot drift from them. The counters that move with each read mark (`read_adjust`) are not
// in it: a mark writes one subscription row, never the users row.
//
// People shards (people.ts): the copy is rebuilt in the same transaction as the rows it copies, so it
// lives beside them: on the users row for people in the primary database (people shard 0, read with the
// session at no cost), and as a row of `reading_lists` in their own people database for everyone else
// (one row read per page or sidebar).
import { sql } from 'drizzle-orm';
import type { ReadingList } from '../../schema';
import { type PeopleDb, statementOf } from './client';
import type { Scope, StatementSubscription } from './person-scope';

export type { ReadingList };

/** The person's list as JSON, from their categories and subscriptions rows. */
const listJsonSql = (userId: number) => sql`json_object(
    'categories', json((select json_group_array(json_array(id, name)) from categories where user_id = ${userId})),
    'subscriptions', json((select json_group_array(json_array(feed_id, name, category_id, include_in_ai, read_seq))
      from subscriptions where user_id = ${userId})))`;

/** Whether the person's users row is in their people database, so the copy is kept on it. */
const onUsersRow = (db: PeopleDb) => db.peopleShard === 0;

/** The statement that rebuilds the copy from the rows, returning it as `reading_list`. */
const rebuildSql = (db: PeopleDb, userId: number) =>
  onUsersRow(db)
    ? sql`update users set reading_list = ${listJsonSql(userId)} where id = ${userId} returning reading_list`
    : sql`insert into reading_lists (user_id, list) values (${userId}, ${listJsonSql(userId)})
        on conflict (user_id) do update set list = excluded.list returning list as reading_list`;

/**
 * Runs a batch that changes the person's subscriptions (follow, unfollow, rename, move, AI choice,
 * watermark) or categories, with the rebuild of their reading list as its last statement: one
 * transaction, so the copy always says what the rows say. The statements' results, in order.
 */
export async function writeWithReadingList(db: PeopleDb, userId: number, statements: D1PreparedStatement[]) {
  const results = await db.$client.batch([...statements, statementOf(db, rebuildSql(db, userId))]);
  // Said loudly: a person whose users row is not where the copy is kept for them (a users row in a
  // people database other than the primary, which never happens) would have a copy that says nothing.
  if ((results.at(-1)?.results.length ?? 0) === 0)
    throw new Error(`No users row ${userId} beside these rows: their reading list was not rebuilt`);
  return results.slice(0, statements.length);
}

/**
 * The person's reading list: `known` when the caller has their users row (the session's), else read from
 * where it is kept (one row); built from the rows the first time it is needed (people who signed up
 * before it existed).
 */
export async function readingListOf(db: PeopleDb, userId: number, known?: ReadingList | null): Promise<ReadingList> {
  if (known) return known;
  const [stored] = await db.all<{ reading_list: string | null }>(
    onUsersRow(db)
      ? sql`select reading_list from users where id = ${userId}`
      : sql`select list as reading_list from reading_lists where user_id = ${userId}`,
  );
  if (stored?.reading_list) return JSON.parse(stored.reading_list) as ReadingList;
  return rebuildReadingList(db, userId);
}

/**
 * Rebuilds the person's copy from their rows, on its own: for a first use, and for rows written other
 * than through a batch of `writeWithReadingList` (a seed in a test or benchmark), which must call it.
 */
export async function rebuildReadingList(db: PeopleDb, userId: number): Promise<ReadingList> {
  const [built] = await db.all<{ reading_list: string | null }>(rebuildSql(db, userId));
  return built?.reading_list ? (JSON.parse(built.reading_list) as ReadingList) : { categories: [], subscriptions: [] };
}

/** The list's subscriptions that a scope takes (all, one feed's, one category's, some feeds', AI feeds'). */
export function listedInScope(list: ReadingList, scope: Scope): StatementSubscription[] {
  const feedIds = scope.feedIds ? new Set(scope.feedIds) : null;
  return list.subscriptions
    .map(([feedId, name, categoryId, includeInAi, readSeq]) => ({
      feedId,
      name,
      categoryId,
      includeInAi: includeInAi === 1,
      readSeq,
    }))
    .filter(
      (row) =>
        (scope.feedId === undefined || row.feedId === scope.feedId) &&
        (scope.categoryId === undefined || row.categoryId === scope.categoryId) &&
        (feedIds === null || feedIds.has(row.feedId)) &&
        (!scope.includedInAi || row.includeInAi),
    );
}
