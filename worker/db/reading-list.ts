// A person's reading list: their categories and subscriptions (feed, name, category, AI choice, read
// watermark) as one JSON value on their users row, which the session reads on every request anyway. The
// pages and the sidebar take the person's subscriptions and category names from it instead of reading
// those rows: D1 bills a row per subscription read, and values written into a statement cost nothing
// (README "Reading cost"). The rows stay the truth: every batch that changes a person's subscriptions or
// categories ends with `readingListStatement`, which rebuilds the copy from them in the same transaction,
// so the copy cannot drift from them. The counters that move with each read mark (`read_adjust`) are not
// in it: a mark writes one subscription row, never the users row.
//
// People shards (people.ts): the copy can be rebuilt in the same transaction only where the users row is
// beside the rows it copies, in the primary database (people shard 0). A person in another people
// database has no copy: their list is read from their rows each time (a row per subscription and
// category), until the copy moves beside those rows (README "People shards").
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

const rebuildSql = (userId: number) => sql`update users set reading_list = ${listJsonSql(userId)} where id = ${userId}`;

/** Whether the person's users row is in their people database, so the copy can be kept with the rows. */
const copyKept = (db: PeopleDb) => db.peopleShard === 0;

/**
 * Runs a batch that changes the person's subscriptions (follow, unfollow, rename, move, AI choice,
 * watermark) or categories, with the rebuild of their reading list as its last statement: one
 * transaction, so the copy always says what the rows say. The statements' results, in order.
 */
export async function writeWithReadingList(db: PeopleDb, userId: number, statements: D1PreparedStatement[]) {
  if (!copyKept(db)) return db.$client.batch(statements);
  const results = await db.$client.batch([...statements, statementOf(db, sql`${rebuildSql(userId)} returning id`)]);
  // Said loudly: a batch run where the person's users row is not would leave their reading list saying
  // something else than their rows.
  if ((results.at(-1)?.results.length ?? 0) === 0)
    throw new Error(`No users row ${userId} beside these rows: their reading list was not rebuilt`);
  return results.slice(0, statements.length);
}

/**
 * The person's reading list: `known` when the caller has their users row (the session's), else read from
 * it (one row); built from the rows the first time it is needed (people who signed up before it existed).
 */
export async function readingListOf(db: PeopleDb, userId: number, known?: ReadingList | null): Promise<ReadingList> {
  if (known) return known;
  if (!copyKept(db)) {
    const [read] = await db.all<{ reading_list: string }>(sql`select ${listJsonSql(userId)} as reading_list`);
    return read ? (JSON.parse(read.reading_list) as ReadingList) : { categories: [], subscriptions: [] };
  }
  const [stored] = await db.all<{ reading_list: string | null }>(
    sql`select reading_list from users where id = ${userId}`,
  );
  if (stored?.reading_list) return JSON.parse(stored.reading_list) as ReadingList;
  const [built] = await db.all<{ reading_list: string | null }>(sql`${rebuildSql(userId)} returning reading_list`);
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
