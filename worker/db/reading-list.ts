// A person's reading list: their categories and subscriptions (feed, name, category, AI choice, read
// watermark) as one JSON value on their users row, which the session reads on every request anyway. The
// pages and the sidebar take the person's subscriptions and category names from it instead of reading
// those rows: D1 bills a row per subscription read, and values written into a statement cost nothing
// (README "Reading cost"). The rows stay the truth: every batch that changes a person's subscriptions or
// categories ends with `readingListStatement`, which rebuilds the copy from them in the same transaction,
// so the copy cannot drift from them. The counters that move with each read mark (`read_adjust`) are not
// in it: a mark writes one subscription row, never the users row.
import { sql } from 'drizzle-orm';
import type { ReadingList } from '../../schema';
import { type Db, statementOf } from './client';
import type { Scope, StatementSubscription } from './person-scope';

export type { ReadingList };

const rebuildSql = (userId: number) => sql`
  update users set reading_list = json_object(
    'categories', json((select json_group_array(json_array(id, name)) from categories where user_id = users.id)),
    'subscriptions', json((select json_group_array(json_array(feed_id, name, category_id, include_in_ai, read_seq))
      from subscriptions where user_id = users.id)))
  where id = ${userId}`;

/**
 * Runs a batch that changes the person's subscriptions (follow, unfollow, rename, move, AI choice,
 * watermark) or categories, with the rebuild of their reading list as its last statement: one
 * transaction, so the copy always says what the rows say. The statements' results, in order.
 */
export async function writeWithReadingList(db: Db, userId: number, statements: D1PreparedStatement[]) {
  const results = await db.$client.batch([...statements, statementOf(db, sql`${rebuildSql(userId)} returning id`)]);
  // Said loudly: a batch run where the person's users row is not (a people database that is not the
  // primary one) would leave their reading list saying something else than their rows.
  if ((results.at(-1)?.results.length ?? 0) === 0)
    throw new Error(`No users row ${userId} beside these rows: their reading list was not rebuilt`);
  return results.slice(0, statements.length);
}

/**
 * The person's reading list: `known` when the caller has their users row (the session's), else read from
 * it (one row); built from the rows the first time it is needed (people who signed up before it existed).
 */
export async function readingListOf(db: Db, userId: number, known?: ReadingList | null): Promise<ReadingList> {
  if (known) return known;
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
