// Refresh leases: a feed queued for a check is held by a lease, so no other pick queues it meanwhile.
// Picking and leasing are one conditional UPDATE … RETURNING: of two picks that overlap, only one can
// move a feed's next_fetch_at from the past, so a feed is queued once (issue 10, L7). The cron works in
// PICK_SLICES slices (feeds.pick_slot = id % 64), each an index range of its own.
//
// The lease already sets the feed's next check: now + the wait its last refresh chose
// (feeds.check_interval_ms, from schedule.ts), never sooner than the lease's end. A refresh that finds
// the feed unchanged and the same wait then leaves next_fetch_at alone and writes one row, the feed's
// own, outside the pick index (worker/feeds/refresh.ts); one that must change the schedule (new items,
// an error, another wait) sets it again. A lease whose refresh never runs (the consumer died, the message
// was dead-lettered) is therefore checked again at its normal next check, at most a day away
// (schedule.ts MAX_INTERVAL_MS): the lost check counts as one that found nothing new.
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export const PICK_SLICES = 64;

export type LeasedFeed = { id: number; url: string };

/** The next check a lease taken now sets: the feed's own wait from now, the lease's end at the soonest. */
const nextCheckSql = (now: number, leaseUntil: number) =>
  sql`max(${now} + coalesce(check_interval_ms, 0), ${leaseUntil})`;

/** Leases up to `limit` due feeds of one slice, the longest overdue first; returns what it leased. */
export function leaseDueFeeds(db: Db, slice: number, now: number, leaseUntil: number, limit: number) {
  return db.all<LeasedFeed>(sql`
    update feeds set next_fetch_at = ${nextCheckSql(now, leaseUntil)}, leased_until = ${leaseUntil}
    where id in (select id from feeds where pick_slot = ${slice} and next_fetch_at <= ${now}
                 order by next_fetch_at limit ${limit})
      and next_fetch_at <= ${now}
    returning id, url`);
}

/**
 * Leases those of these feeds that are idle (a person's "Refresh Feeds"): not fetched since
 * `checkedBefore`, not held by a lease (a pick's or another press's, until its refresh ends or the lease
 * does), and not due within the lease (next_fetch_at in (now, leaseUntil]: the cron takes it within
 * minutes anyway). One conditional statement, like the cron's pick, so pressing Refresh twice, or just
 * after a pick, queues a feed once (issue 10 L3). Returns what it leased.
 */
export function leaseIdleFeeds(db: Db, feedIds: number[], now: number, leaseUntil: number, checkedBefore: number) {
  return db.all<LeasedFeed>(sql`
    update feeds set next_fetch_at = ${nextCheckSql(now, leaseUntil)}, leased_until = ${leaseUntil}
    where id in (select value from json_each(${JSON.stringify(feedIds)}))
      and (last_fetched_at is null or last_fetched_at <= ${checkedBefore})
      and (leased_until is null or leased_until <= ${now})
      and (next_fetch_at <= ${now} or next_fetch_at > ${leaseUntil})
    returning id, url`);
}

/** Gives leased feeds back to a later pick (a host that already has its share of this tick). */
export function releaseFeeds(db: Db, feedIds: number[], dueAt: number) {
  if (feedIds.length === 0) return Promise.resolve();
  return db.run(
    sql`update feeds set next_fetch_at = ${dueAt}, leased_until = null
        where id in (select value from json_each(${JSON.stringify(feedIds)}))`,
  );
}
