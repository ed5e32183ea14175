// One read of a person's items across feed shards that may take several statements (a page's windows of
// time), as person-scope.ts describes: in the primary database the statement reads the person's own
// subscriptions and marks beside the items; in every other shard holding scoped feeds it gets the
// subscriptions (and, for unread items, the kept-unread marks) as tables of values. The marks of items
// read on their own stay in the primary database and are looked up for exactly the rows concerned.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, statementOf } from './client';
import {
  acrossFeedShards,
  keptUnreadSql,
  type MarkRow,
  markKey,
  readMarksAt,
  type Scope,
  type SubscriptionRow,
  type SubscriptionState,
  scopeConditions,
  subscriptionColumns,
  toSubscriptionState,
} from './person-scope';
import { SHARD_SPAN } from './shards';

/** The person's subscriptions in scope to feeds in other shards, and, for unread reads, their kept-unread marks. */
type Elsewhere = { subscriptions: SubscriptionState[]; keptUnread: MarkRow[] };

/**
 * A read: whose, which subscriptions, whether only unread items are wanted and, once its first statement
 * has run, the part of the scope in other feed shards.
 */
export type ScopedRead = { userId: number; scope: Scope; unread: boolean; elsewhere: Elsewhere | null };

/** What a row needs for its read state: its position in its feed and the state the statement gave it. */
type PositionedRow = { feed_id: number; seq: number; is_read: number };

/**
 * The reads of `Elsewhere`, to run in a batch beside the primary database's own statement (one round
 * trip): the scope's subscriptions to feeds in other shards, and for unread reads the person's
 * kept-unread marks (an index of their own: a row each, never the person's many read marks).
 */
function elsewhereStatements(db: Db, read: ScopedRead) {
  const conditions = [...scopeConditions(read.userId, read.scope), sql`s.feed_id >= ${SHARD_SPAN}`];
  const statements = [
    statementOf(db, sql`select ${subscriptionColumns} from subscriptions s where ${sql.join(conditions, sql` and `)}`),
  ];
  if (read.unread) statements.push(statementOf(db, keptUnreadSql(read.userId, sql`feed_id >= ${SHARD_SPAN}`)));
  return statements;
}

function toElsewhere(subscriptions: SubscriptionRow[], keptUnread: { feed_id: number; seq: number }[]): Elsewhere {
  const mine = subscriptions.map(toSubscriptionState);
  const followed = new Set(mine.map((row) => row.feedId));
  return {
    subscriptions: mine,
    keptUnread: keptUnread
      .filter((mark) => followed.has(mark.feed_id))
      .map((mark) => ({ feedId: mark.feed_id, seq: mark.seq, isRead: false })),
  };
}

/**
 * Runs `statement` (given the scope's conditions on `s`) where the scoped feeds' items are: with one
 * database, as it is; with feed shards, in the primary database for its own feeds, beside the read of
 * the scope elsewhere the first time, then in every other shard holding scoped feeds, at once. `merge`
 * orders or trims the rows of every shard together; an unread read then drops the rows of other shards
 * that the person read on their own.
 */
export async function readInScope<R extends PositionedRow>(
  db: Db,
  read: ScopedRead,
  statement: (scope: SQL) => SQL,
  merge: (rows: R[]) => R[] = (rows) => rows,
): Promise<R[]> {
  const scope = scopeConditions(read.userId, read.scope);
  const everywhere = statement(sql.join(scope, sql` and `));
  if (db.shards.count === 1) return merge(await db.all<R>(everywhere));
  const here = statement(sql.join([...scope, sql`s.feed_id < ${SHARD_SPAN}`], sql` and `));
  let rows: R[];
  if (!read.elsewhere) {
    const [primaryRows, subscriptions, keptUnread] = await db.$client.batch([
      statementOf(db, here),
      ...elsewhereStatements(db, read),
    ]);
    read.elsewhere = toElsewhere(
      (subscriptions?.results ?? []) as SubscriptionRow[],
      (keptUnread?.results ?? []) as { feed_id: number; seq: number }[],
    );
    rows = [...((primaryRows?.results ?? []) as R[]), ...(await readElsewhere<R>(db, read, everywhere))];
  } else {
    const [primaryRows, elsewhereRows] = await Promise.all([db.all<R>(here), readElsewhere<R>(db, read, everywhere)]);
    rows = [...primaryRows, ...elsewhereRows];
  }
  return dropReadElsewhere(db, read, merge(rows));
}

/**
 * The statement in every other shard holding scoped feeds, with the subscriptions handed over. Marks are
 * handed over only where an unread read has kept-unread ones there (a table of values costs a row per
 * row joined to it); otherwise `read_marks` is the shard's own table, which holds nothing: marks are
 * written only in the primary database.
 */
function readElsewhere<R>(db: Db, read: ScopedRead, statement: SQL): Promise<R[]> {
  const elsewhere = read.elsewhere;
  if (!elsewhere || elsewhere.subscriptions.length === 0) return Promise.resolve([]);
  const marks = elsewhere.keptUnread.length > 0 ? elsewhere.keptUnread : undefined;
  return acrossFeedShards<R>(db, read.userId, elsewhere.subscriptions, statement, marks);
}

/** Rows of other shards: the ones whose read state the statement could not see in full. */
function rowsElsewhere<R extends PositionedRow>(read: ScopedRead, rows: R[]) {
  const feeds = new Set(read.elsewhere?.subscriptions.map((row) => row.feedId));
  return rows.filter((row) => feeds.has(row.feed_id));
}

/** An unread read's rows, less those of other shards the person read on their own. */
async function dropReadElsewhere<R extends PositionedRow>(db: Db, read: ScopedRead, rows: R[]) {
  const candidates = read.unread ? rowsElsewhere(read, rows) : [];
  if (candidates.length === 0) return rows;
  const marks = await readMarksAt(db, read.userId, candidates);
  return rows.filter((row) => marks.get(markKey(row)) !== 1);
}

/** The read state of the rows shown that come from other shards, with the person's marks of exactly those. */
export async function markElsewhere(db: Db, read: ScopedRead, rows: PositionedRow[]) {
  const candidates = rowsElsewhere(read, rows);
  if (candidates.length === 0) return;
  const marks = await readMarksAt(db, read.userId, candidates);
  for (const row of candidates) {
    const mark = marks.get(markKey(row));
    if (mark !== undefined) row.is_read = mark;
  }
}
