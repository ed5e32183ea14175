// One read of a person's items across feed shards that may take several statements (a page's windows of
// time), as person-scope.ts describes. The subscriptions in scope come from the person's reading list
// (reading-list.ts) and are handed to the statement in every shard holding some of their feeds, all at
// once, as a table of values: no subscription row is read. In the feed shard that is also the person's
// own database (people.ts; the primary is both shard 0s) the statement joins the person's own read
// marks; in every other shard it gets, for unread items, the kept-unread marks as a table of values. The
// marks of items read on their own stay in the person's database and are looked up for exactly the rows
// concerned.
import type { SQL } from 'drizzle-orm';
import type { PeopleDb } from './client';
import {
  acrossFeedShards,
  keptUnreadMarks,
  type MarkRow,
  type PersonalRow,
  readPersonalStateAt,
  type StatementSubscription,
} from './person-scope';
import { shardOfId } from './shards';

/**
 * A read: whose, which subscriptions (those in scope, from the reading list), whether only unread items
 * are wanted, and, once an unread read has needed them, the person's kept-unread marks in other shards.
 */
export type ScopedRead = {
  userId: number;
  subscriptions: StatementSubscription[];
  unread: boolean;
  keptUnread?: Promise<MarkRow[]>;
};

/** What a row needs for its read state and star: its item, its position in its feed and what the statement gave it. */
type PositionedRow = PersonalRow;

/** Whether a feed's items are in a feed shard other than the person's own database (where their marks are). */
const elsewhereOf = (db: PeopleDb) => {
  const own = db.shards.indexOf(db);
  return (feedId: number) => shardOfId(feedId) !== own;
};

/**
 * The person's kept-unread marks on the scope's feeds in other shards (an index of their own: a row
 * each, never the person's many read marks), read once per read and alongside the primary's statement.
 */
function keptUnreadElsewhere(db: PeopleDb, read: ScopedRead) {
  const elsewhere = elsewhereOf(db);
  read.keptUnread ??= keptUnreadMarks(db, read.userId, read.subscriptions.map((row) => row.feedId).filter(elsewhere));
  return read.keptUnread;
}

/**
 * Runs `statement` (written against `subscriptions s` and `read_marks m`) in every shard holding scoped
 * feeds, at once, with the subscriptions handed over; an unread read's statements in other shards also
 * get the kept-unread marks. `merge` orders or trims the rows of every shard together; an unread read
 * then drops the rows of other shards that the person read on their own.
 */
export async function readInScope<R extends PositionedRow>(
  db: PeopleDb,
  read: ScopedRead,
  statement: SQL,
  merge: (rows: R[]) => R[] = (rows) => rows,
): Promise<R[]> {
  const elsewhere = elsewhereOf(db);
  const here = read.subscriptions.filter((row) => !elsewhere(row.feedId));
  const there = read.subscriptions.filter((row) => elsewhere(row.feedId));
  const [ownRows, otherRows] = await Promise.all([
    here.length > 0 ? acrossFeedShards<R>(db, read.userId, here, statement) : [],
    there.length > 0
      ? (read.unread ? keptUnreadElsewhere(db, read) : Promise.resolve([])).then((marks) =>
          // A table of values is joined only where there are marks: it costs a row per row joined to it.
          acrossFeedShards<R>(db, read.userId, there, statement, marks.length > 0 ? marks : undefined),
        )
      : [],
  ]);
  return dropReadElsewhere(db, read, merge([...ownRows, ...otherRows]));
}

/**
 * An unread read's rows, less those of other shards the person read on their own; the rows of other
 * shards kept take their stars in the same round trip.
 */
async function dropReadElsewhere<R extends PositionedRow>(db: PeopleDb, read: ScopedRead, rows: R[]) {
  const elsewhere = elsewhereOf(db);
  const candidates = read.unread ? rows.filter((row) => elsewhere(row.feed_id)) : [];
  if (candidates.length === 0) return rows;
  await readPersonalStateAt(db, read.userId, candidates, { marks: true });
  return rows.filter((row) => !(elsewhere(row.feed_id) && row.is_read === 1));
}

/**
 * The read state and stars of the rows shown that come from other shards, with the person's marks and
 * stars of exactly those, in one round trip. (An unread read's rows have theirs already: dropReadElsewhere.)
 */
export async function markElsewhere(db: PeopleDb, read: ScopedRead, rows: PositionedRow[]) {
  if (read.unread) return;
  const elsewhere = elsewhereOf(db);
  const candidates = rows.filter((row) => elsewhere(row.feed_id));
  if (candidates.length === 0) return;
  await readPersonalStateAt(db, read.userId, candidates, { marks: true });
}
