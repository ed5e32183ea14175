// Read state that stays small whatever people read: per subscription a watermark (every item with
// seq ≤ read_seq is read) and a signed counter, plus read_marks, the exceptions a watermark cannot say
// (an item read above it, an item kept unread at or below it). So:
//   - marking a feed read moves the watermark: one subscription row, plus deleting the marks it covers;
//   - a feed's unread count is arithmetic on its feed row and the subscription row (unreadCountSql);
//   - marks under the feed's retention line are pruned with the items (pruneMarksStatements).
// Sync clients (Google Reader / Fever, issue 15) map onto markItem and markFeedsRead(before).
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Unread items of a subscription `s` of feed `f`: the items above the watermark that the feed still holds,
 * corrected by the marks, never below 0 nor above what the feed holds.
 */
export const unreadCountSql = sql`max(0, min(f.last_seq - f.trimmed_seq,
  f.last_seq - max(s.read_seq, f.trimmed_seq) + s.read_adjust))`;

/**
 * Whether item `i` is read for subscription `s`, given the mark `m` left-joined on (user, feed, seq).
 * The one definition every read path uses.
 */
export const isReadSql = sql`coalesce(m.is_read, i.seq <= s.read_seq)`;

/**
 * One item read or unread, by id, in one batch (one D1 call, one transaction): false when the person does
 * not follow the item's feed (or there is no such item), and then nothing changes. The default for the
 * item's position is read at or below the watermark; a mark is stored only when the wish differs from that
 * default and deleted when it agrees. The subscription's counter moves by one for each mark added or
 * removed (changes() of the statement before it, in the same transaction), so the unread count stays
 * exact: 2 rows written at most. The item's feed and seq are looked up inside each statement (by primary
 * key) rather than read first: a read mark is the busiest write people make, so it costs one round trip.
 */
export async function markItem(db: Db, userId: number, itemId: number, isRead: boolean): Promise<boolean> {
  const d1 = db.$client;
  // ?1 the person, ?2 the item, ?3 the wish (1 read, 0 unread), ?4 the counter's step per mark (−1 when read), ?5 now.
  const params = [userId, itemId, isRead ? 1 : 0, isRead ? -1 : 1, Date.now()];
  const run = (query: string) => d1.prepare(query).bind(...params.slice(0, highestParam(query)));
  const followed = 'from items i join subscriptions s on s.user_id = ?1 and s.feed_id = i.feed_id where i.id = ?2';
  const position = 'user_id = ?1 and feed_id = (select feed_id from items where id = ?2)';
  const moveCounter = `update subscriptions set read_adjust = read_adjust + changes() * ?4 where ${position} and changes() > 0`;
  const [found] = await d1.batch([
    run(`select 1 as found ${followed}`),
    // A mark that says the opposite of the wish goes, whichever side of the watermark it is on.
    run(`delete from read_marks where ${position} and seq = (select seq from items where id = ?2) and is_read <> ?3`),
    run(moveCounter),
    // A mark is needed when the wish differs from the watermark's default.
    run(`insert into read_marks (user_id, feed_id, seq, is_read, marked_at)
         select ?1, i.feed_id, i.seq, ?3, ?5 ${followed} and (i.seq <= s.read_seq) <> ?3
         on conflict do nothing`),
    run(moveCounter),
  ]);
  return (found?.results.length ?? 0) > 0;
}

/** D1 wants exactly as many values as the statement numbers (?1 … ?n). */
const highestParam = (query: string) => Math.max(0, ...[...query.matchAll(/\?(\d)/g)].map((m) => Number(m[1])));

/** The person's marks of exactly these items, keyed `feedId:seq` (1 read, 0 kept unread). */
export async function readMarksAt(db: Db, userId: number, items: { feed_id: number; seq: number }[]) {
  const markOf = new Map<string, number>();
  // D1 takes 100 values per statement: 49 (feed, seq) pairs and the person.
  for (let start = 0; start < items.length; start += 49) {
    const pairs = sql.join(
      items.slice(start, start + 49).map((item) => sql`(${item.feed_id}, ${item.seq})`),
      sql`, `,
    );
    const marks = await db.all<{ feed_id: number; seq: number; is_read: number }>(sql`
      select feed_id, seq, is_read from read_marks where user_id = ${userId} and (feed_id, seq) in (values ${pairs})`);
    for (const mark of marks) markOf.set(`${mark.feed_id}:${mark.seq}`, mark.is_read);
  }
  return markOf;
}

/** Every mark the person holds in these feeds, keyed `feedId:seq`: a filter over many items needs them all. */
export async function readMarksOfFeeds(db: Db, userId: number, feedIds: number[]) {
  const marks = await db.all<{ feed_id: number; seq: number; is_read: number }>(sql`
    select feed_id, seq, is_read from read_marks
    where user_id = ${userId} and feed_id in (select value from json_each(${JSON.stringify(feedIds)}))`);
  return new Map(marks.map((mark) => [`${mark.feed_id}:${mark.seq}`, mark.is_read]));
}

/** The person's unread count summed over these feeds (2 rows read per feed). */
async function unreadOf(db: Db, userId: number, feedIdsJson: string) {
  const row = await db.get<{ unread: number | null }>(sql`
    select sum(${unreadCountSql}) as unread from subscriptions s join feeds f on f.id = s.feed_id
    where s.user_id = ${userId} and s.feed_id in (select value from json_each(${feedIdsJson}))`);
  return row?.unread ?? 0;
}

/**
 * Marks every item of the given feeds read, or only those published before `before`. Without `before`
 * the watermark moves to the feed's newest item and the marks go: O(1) rows per feed whatever it holds.
 * With `before`, the watermark moves up to the first item published at or after it (items arrive in date
 * order almost always); an item that arrived late with an older date gets a read mark of its own.
 * Returns how many items turned read.
 */
export async function markFeedsRead(db: Db, userId: number, feedIds: number[], before?: number) {
  if (feedIds.length === 0) return 0;
  const feedIdsJson = JSON.stringify(feedIds);
  const unreadBefore = await unreadOf(db, userId, feedIdsJson);
  const d1 = db.$client;
  // ?1 the person, ?2 the feeds (JSON), ?3 `before`, ?4 now.
  const mine = 'user_id = ?1 and feed_id in (select value from json_each(?2))';
  const params = [userId, feedIdsJson, before ?? null, Date.now()];
  const run = (query: string) => d1.prepare(query).bind(...params.slice(0, highestParam(query)));
  if (before === undefined) {
    await d1.batch([
      run(`update subscriptions set read_adjust = 0,
             read_seq = (select f.last_seq from feeds f where f.id = subscriptions.feed_id)
           where ${mine}`),
      run(`delete from read_marks where ${mine}`),
    ]);
  } else {
    // The highest seq under which every item the feed holds is older than `before`.
    const watermarkBefore = `(select coalesce(min(i.seq), f.last_seq + 1) - 1 from feeds f
      left join items i on i.feed_id = f.id and i.pub_date >= ?3 where f.id = subscriptions.feed_id)`;
    const watermarkOfMark = `(select s.read_seq from subscriptions s
      where s.user_id = read_marks.user_id and s.feed_id = read_marks.feed_id)`;
    await d1.batch([
      run(`update subscriptions set read_seq = max(read_seq, ${watermarkBefore}) where ${mine}`),
      // Marks now under the watermark say nothing more, except an item kept unread that is not older than `before`.
      run(`delete from read_marks where ${mine} and seq <= ${watermarkOfMark}
        and (is_read = 1 or not exists (select 1 from items i
          where i.feed_id = read_marks.feed_id and i.seq = read_marks.seq and i.pub_date >= ?3))`),
      // Items above the watermark but older than `before` (late arrivals) get read marks.
      run(`insert into read_marks (user_id, feed_id, seq, is_read, marked_at)
        select s.user_id, i.feed_id, i.seq, 1, ?4 from subscriptions s
        join items i on i.feed_id = s.feed_id and i.seq > s.read_seq and i.pub_date < ?3
        where s.user_id = ?1 and s.feed_id in (select value from json_each(?2))
        on conflict do update set is_read = 1, marked_at = excluded.marked_at`),
      run(`update subscriptions set read_adjust = (select coalesce(sum(case when m.is_read then -1 else 1 end), 0)
          from read_marks m join feeds f on f.id = m.feed_id
          where m.user_id = subscriptions.user_id and m.feed_id = subscriptions.feed_id and m.seq > f.trimmed_seq)
        where ${mine}`),
    ]);
  }
  return Math.max(0, unreadBefore - (await unreadOf(db, userId, feedIdsJson)));
}

/**
 * Statements that drop the marks of a feed's items at or below `trimmedSeq` (gone by retention) and take
 * them out of their subscriptions' counters: run in the same batch as the items' deletion.
 */
export function pruneMarksStatements(d1: D1Database, feedId: number, trimmedSeq: number) {
  return [
    d1
      .prepare(
        `update subscriptions set read_adjust = read_adjust - (select coalesce(sum(case when m.is_read then -1 else 1 end), 0)
           from read_marks m where m.user_id = subscriptions.user_id and m.feed_id = ?1 and m.seq <= ?2)
         where feed_id = ?1 and exists (select 1 from read_marks m
           where m.user_id = subscriptions.user_id and m.feed_id = ?1 and m.seq <= ?2)`,
      )
      .bind(feedId, trimmedSeq),
    // Through the followers' primary keys: a person's marks go when they unfollow, so followers hold them all.
    d1
      .prepare(
        `delete from read_marks where user_id in (select user_id from subscriptions where feed_id = ?1)
           and feed_id = ?1 and seq <= ?2`,
      )
      .bind(feedId, trimmedSeq),
  ];
}
