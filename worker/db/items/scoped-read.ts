// One read of a person's items across feed shards that may take several statements (a page's windows of
// time), as person-scope.ts describes. The subscriptions in scope come from the person's reading list
// (reading-list.ts) and are handed to the statement in every shard holding some of their feeds, all at
// once, as a table of values: no subscription row is read. In the feed shard that is also the person's
// own database (people.ts; the primary is both shard 0s) the statement joins the person's own read
// marks; in every other shard it gets, for unread items, the kept-unread marks as a table of values. The
// marks of items read on their own stay in the person's database and are looked up for exactly the rows
// concerned.
import type { Query, SQL } from 'drizzle-orm';
import type { PeopleDb } from '../client';
import {
  acrossFeedShards,
  keptUnreadMarks,
  type MarkRow,
  marksOnSql,
  noPositionsIn,
  type PersonalRow,
  readPersonalStateAt,
  type StatementSubscription,
} from '../person-scope';
import { shardOfId } from '../shards';
import { type CallAllowance, charge } from './call-allowance';

/**
 * A read: whose, which subscriptions (those in scope, from the reading list), which read state is wanted,
 * and, once a read of one state has needed them, the person's marks handed to other shards.
 */
export type ScopedRead = {
  userId: number;
  subscriptions: StatementSubscription[];
  state: 'all' | 'unread' | 'read';
  handedMarks?: Promise<MarkRow[]>;
  /** The calls its reader may still make (call-allowance.ts); each statement over the scope counts. */
  allowance?: CallAllowance;
};

/** What a row needs for its read state and star: its item, its position in its feed and what the statement gave it. */
type PositionedRow = PersonalRow;

/** Whether a feed's items are in a feed shard other than the person's own database (where their marks are). */
const elsewhereOf = (db: PeopleDb) => {
  const own = db.shards.indexOf(db);
  return (feedId: number) => shardOfId(feedId) !== own;
};

/**
 * The marks a read of one state hands to the scope's feeds in other shards, read once per read and
 * alongside the primary's statement. Unread: the kept-unread marks (an index of their own: a row each,
 * never the person's many read marks; those read on their own are dropped afterwards). Read: every mark
 * on those feeds, so that the statement knows each item's state before its limit.
 */
function marksToHand(db: PeopleDb, read: ScopedRead) {
  const elsewhere = elsewhereOf(db);
  const feedIds = read.subscriptions.map((row) => row.feedId).filter(elsewhere);
  read.handedMarks ??=
    read.state === 'read' ? marksOn(db, read.userId, feedIds) : keptUnreadMarks(db, read.userId, feedIds);
  return read.handedMarks;
}

/** Every mark of the person on these feeds. */
async function marksOn(db: PeopleDb, userId: number, feedIds: number[]): Promise<MarkRow[]> {
  if (feedIds.length === 0) return [];
  const rows = await db.all<{ feed_id: number; seq: number; is_read: number }>(marksOnSql(userId, feedIds));
  return rows.map((row) => ({ feedId: row.feed_id, seq: row.seq, isRead: row.is_read === 1 }));
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
  statement: SQL | Query,
  merge: (rows: R[]) => R[] = (rows) => rows,
): Promise<R[]> {
  charge(db, read);
  const elsewhere = elsewhereOf(db);
  const here = read.subscriptions.filter((row) => !elsewhere(row.feedId));
  const there = read.subscriptions.filter((row) => elsewhere(row.feedId));
  const [ownRows, otherRows] = await Promise.all([
    here.length > 0 ? acrossFeedShards<R>(db, read.userId, here, statement) : [],
    there.length > 0
      ? (read.state === 'all' ? Promise.resolve([]) : marksToHand(db, read)).then((marks) =>
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
  const candidates = read.state === 'unread' ? rows.filter((row) => elsewhere(row.feed_id)) : [];
  if (candidates.length === 0) return rows;
  await readPersonalStateAt(db, read.userId, candidates, {
    marks: true,
    noPositions: noPositionsIn(read.subscriptions),
  });
  return rows.filter((row) => !(elsewhere(row.feed_id) && row.is_read === 1));
}

/**
 * The read state and stars of the rows shown that come from other shards, with the person's marks and
 * stars of exactly those, in one round trip. (An unread read's rows have theirs already: dropReadElsewhere;
 * a read read's statements knew the marks, so only the stars are looked up.)
 */
export async function markElsewhere(db: PeopleDb, read: ScopedRead, rows: PositionedRow[]) {
  if (read.state === 'unread') return;
  const elsewhere = elsewhereOf(db);
  const candidates = rows.filter((row) => elsewhere(row.feed_id));
  if (candidates.length === 0) return;
  if (read.allowance) read.allowance.left -= 1;
  await readPersonalStateAt(db, read.userId, candidates, {
    marks: read.state === 'all',
    noPositions: noPositionsIn(read.subscriptions),
  });
}
