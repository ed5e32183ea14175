// Refresh leases: a feed being refreshed has its next check moved out by a lease, so no other pick
// queues it meanwhile. Picking and leasing are one conditional UPDATE … RETURNING: of two picks that
// overlap, only one can move a feed's next_fetch_at from the past, so a feed is queued once (issue 10, L7).
// The cron works in PICK_SLICES slices (feeds.pick_slot = id % 64), each an index range of its own.
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export const PICK_SLICES = 64;

export type LeasedFeed = { id: number; url: string };

/** Leases up to `limit` due feeds of one slice, the longest overdue first; returns what it leased. */
export function leaseDueFeeds(db: Db, slice: number, now: number, leaseUntil: number, limit: number) {
  return db.all<LeasedFeed>(sql`
    update feeds set next_fetch_at = ${leaseUntil}
    where id in (select id from feeds where pick_slot = ${slice} and next_fetch_at <= ${now}
                 order by next_fetch_at limit ${limit})
      and next_fetch_at <= ${now}
    returning id, url`);
}

/**
 * Leases those of these feeds that are idle (a person's "Refresh Feeds"): not fetched since
 * `checkedBefore`, and not leased or due within the lease (next_fetch_at in (now, leaseUntil] means a
 * pick or another refresh has it, or the cron takes it within minutes anyway). One conditional statement,
 * like the cron's pick, so pressing Refresh twice queues a feed once (issue 10 L3). Returns what it leased.
 */
export function leaseIdleFeeds(db: Db, feedIds: number[], now: number, leaseUntil: number, checkedBefore: number) {
  return db.all<LeasedFeed>(sql`
    update feeds set next_fetch_at = ${leaseUntil}
    where id in (select value from json_each(${JSON.stringify(feedIds)}))
      and (last_fetched_at is null or last_fetched_at <= ${checkedBefore})
      and (next_fetch_at <= ${now} or next_fetch_at > ${leaseUntil})
    returning id, url`);
}

/** Gives leased feeds back to a later pick (a host that already has its share of this tick). */
export function releaseFeeds(db: Db, feedIds: number[], dueAt: number) {
  if (feedIds.length === 0) return Promise.resolve();
  return db.run(
    sql`update feeds set next_fetch_at = ${dueAt} where id in (select value from json_each(${JSON.stringify(feedIds)}))`,
  );
}
