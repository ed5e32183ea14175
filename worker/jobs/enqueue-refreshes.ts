// Picks feeds to refresh and queues them. The cron does no picking itself: it queues one pick message
// per slice of the feeds (PICK_SLICES), and each pick leases at most PICK_LIMIT due feeds of its slice in
// one conditional statement, then queues them several to a message. A slice with more due feeds than
// that queues its own next pick, so there is no cap per tick and no invocation does work for all feeds.
// A host gets at most a few feeds per pick, so no site gets a burst from us; the rest wait a minute.
// A person's "Refresh Feeds" queues their feeds at once.
import type { Db } from '../db/client';
import { leaseDueFeeds, leaseFeeds, PICK_SLICES, releaseFeeds } from '../db/refresh-leases';
import type { Bindings } from '../env';
import { enqueueMany } from './enqueue';
import type { JobMessage } from './messages';

export const PER_HOST_PER_PICK = 5;
/** Feeds one pick leases: one statement, a bounded invocation. */
export const PICK_LIMIT = 500;
/** Feeds per refresh message: a tenth of the Queue operations of one message per feed. */
export const FEEDS_PER_MESSAGE = 10;
const LEASE_MS = 15 * 60 * 1000;
const HOST_WAIT_MS = 60 * 1000;

const refreshMessages = (feedIds: number[]): JobMessage[] => {
  const messages: JobMessage[] = [];
  for (let start = 0; start < feedIds.length; start += FEEDS_PER_MESSAGE) {
    messages.push({ type: 'refresh-feeds', feedIds: feedIds.slice(start, start + FEEDS_PER_MESSAGE) });
  }
  return messages;
};

/** The cron's part: one pick message per slice. */
export async function queuePicks(env: Pick<Bindings, 'JOBS'>) {
  await enqueueMany(
    env,
    Array.from({ length: PICK_SLICES }, (_, slice) => ({ type: 'pick-feeds' as const, slice })),
  );
  return PICK_SLICES;
}

/** One slice's pick: lease what is due, hold back a busy host's extra feeds, queue the rest. */
export async function pickDueFeeds(env: Pick<Bindings, 'JOBS'>, db: Db, slice: number, now = Date.now()) {
  const leased = await leaseDueFeeds(db, slice, now, now + LEASE_MS, PICK_LIMIT);
  const perHost = new Map<string, number>();
  const picked: number[] = [];
  const heldBack: number[] = [];
  for (const feed of leased) {
    const host = new URL(feed.url).host;
    const taken = perHost.get(host) ?? 0;
    perHost.set(host, taken + 1);
    (taken < PER_HOST_PER_PICK ? picked : heldBack).push(feed.id);
  }
  await releaseFeeds(db, heldBack, now + HOST_WAIT_MS);
  const more: JobMessage[] = leased.length === PICK_LIMIT ? [{ type: 'pick-feeds', slice }] : [];
  await enqueueMany(env, [...refreshMessages(picked), ...more]);
  return picked;
}

/** Queues these feeds now (a person's "Refresh Feeds"), leased like the cron's picks. */
export async function enqueueRefreshes(env: Pick<Bindings, 'JOBS'>, db: Db, feedIds: number[]) {
  if (feedIds.length === 0) return 0;
  await leaseFeeds(db, feedIds, Date.now() + LEASE_MS);
  await enqueueMany(env, refreshMessages(feedIds));
  return feedIds.length;
}
