// Picks feeds to refresh and queues them. The cron does no picking itself: it queues one pick message
// per feed shard (worker/db/shards.ts). A pick goes through its shard's slices (PICK_SLICES, each an index
// range: refresh-leases.ts) in turn, leasing each one's due feeds in one conditional statement, until it
// has leased PICK_LIMIT; where it stops with more perhaps due, it queues the next pick from that slice.
// So a tick costs a message per shard, not one per slice (issue 30: 64 per shard were most of A's Queue
// operations), no invocation leases more than PICK_LIMIT, and there is no cap per tick.
// A host gets at most a few feeds per slice, so no site gets a burst from us; the rest wait a minute.
// A person's "Refresh Feeds" leases only their idle feeds (not checked in the last minutes, not already
// leased) and shares them out by host exactly as a pick does: pressing it again and again fetches nothing
// twice and bursts no site (issue 10 L3).
import type { Db } from '../db/client';
import { type LeasedFeed, leaseDueFeeds, leaseIdleFeeds, PICK_SLICES, releaseFeeds } from '../db/refresh-leases';
import type { Bindings } from '../env';
import { enqueueMany, enqueuePaced, type Pace } from './enqueue';
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

export type PickSlice = { shard: number; slice: number };

/**
 * The cron's part: one pick message per feed shard, from its first slice, paced (enqueue.ts). At 256
 * shards that is 256 messages a tick; a pick per slice was 16,384, about 10,000 a second unpaced.
 */
export async function queuePicks(env: Pick<Bindings, 'JOBS'>, shards: number, pace?: Pace) {
  const picks: JobMessage[] = Array.from({ length: shards }, (_, shard) => ({ type: 'pick-feeds', shard, slice: 0 }));
  return enqueuePaced(env, picks, { pace });
}

/**
 * A shard's pick from `slice` on: each slice's due feeds leased, a busy host's extra ones held back and
 * the rest queued, until PICK_LIMIT are leased; then the next pick is queued from the slice it stopped
 * in. A shard with nothing due costs one statement a slice.
 */
export async function pickDueFeeds(env: Pick<Bindings, 'JOBS'>, db: Db, pick: PickSlice, now = Date.now()) {
  const { shard } = pick;
  const picked: number[] = [];
  let leasedSoFar = 0;
  for (let slice = pick.slice; slice < PICK_SLICES; slice++) {
    const room = PICK_LIMIT - leasedSoFar;
    const leased = await leaseDueFeeds(db.shards.at(shard), slice, now, now + LEASE_MS, room);
    leasedSoFar += leased.length;
    // A slice that filled the room may hold more: the next pick starts there.
    const full = leased.length === room;
    const next: JobMessage[] = full ? [{ type: 'pick-feeds', shard, slice }] : [];
    if (leased.length > 0 || full) picked.push(...(await queueByHost(env, db, leased, now, next)).picked);
    if (full) break;
  }
  return picked;
}

export type RefreshRequest = {
  /** Queued now. */
  queued: number;
  /** Leased but held back: their host already has its share; due again in a minute, for the cron. */
  waiting: number;
  /** Checked in the last minutes or already leased: not fetched again. */
  skipped: number;
};

/**
 * A person's "Refresh Feeds": leases the idle ones of these feeds (not checked in the last
 * `cooldownMinutes`, config.ts's REFRESH_COOLDOWN_MINUTES) and queues them a host's share at a time.
 */
export async function enqueueRefreshes(
  env: Pick<Bindings, 'JOBS'>,
  db: Db,
  feedIds: number[],
  cooldownMinutes: number,
  now = Date.now(),
): Promise<RefreshRequest> {
  if (feedIds.length === 0) return { queued: 0, waiting: 0, skipped: 0 };
  const checkedBefore = now - cooldownMinutes * 60_000;
  // Each feed's lease in its own shard.
  const leased = await db.shards.each(feedIds, (shard, ids) =>
    leaseIdleFeeds(shard, ids, now, now + LEASE_MS, checkedBefore),
  );
  const { picked, heldBack } = await queueByHost(env, db, leased, now);
  return { queued: picked.length, waiting: heldBack.length, skipped: feedIds.length - leased.length };
}

/**
 * Queues leased feeds, at most PER_HOST_PER_PICK of one host; the rest go back to be due a minute later,
 * so no site gets a burst from us however the feeds were chosen.
 */
async function queueByHost(
  env: Pick<Bindings, 'JOBS'>,
  db: Db,
  leased: LeasedFeed[],
  now: number,
  extra: JobMessage[] = [],
) {
  const perHost = new Map<string, number>();
  const picked: number[] = [];
  const heldBack: number[] = [];
  for (const feed of leased) {
    const host = new URL(feed.url).host;
    const taken = perHost.get(host) ?? 0;
    perHost.set(host, taken + 1);
    (taken < PER_HOST_PER_PICK ? picked : heldBack).push(feed.id);
  }
  await db.shards.each(heldBack, async (shard, ids) => {
    await releaseFeeds(shard, ids, now + HOST_WAIT_MS);
    return [];
  });
  await enqueueMany(env, [...refreshMessages(picked), ...extra]);
  return { picked, heldBack };
}
