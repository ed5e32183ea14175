// Picks feeds to refresh and queues them. The cron picks what is due, at most a few per host per tick
// so no site gets a burst from us; a person's "Refresh Feeds" queues their feeds at once. Each queued
// feed's next check moves out by a lease, so the next tick does not queue it twice while it waits.
import { and, inArray, lte, sql } from 'drizzle-orm';
import { feeds } from '../../schema';
import type { Db } from '../db/client';
import type { Bindings } from '../env';
import { enqueueMany } from './enqueue';

export const PER_HOST_PER_TICK = 5;
export const MAX_PER_TICK = 1000;
const LEASE_MS = 15 * 60 * 1000;

export async function enqueueRefreshes(env: Pick<Bindings, 'JOBS'>, db: Db, feedIds: number[]) {
  if (feedIds.length === 0) return 0;
  const now = Date.now();
  for (let start = 0; start < feedIds.length; start += 90) {
    const chunk = feedIds.slice(start, start + 90);
    await db
      .update(feeds)
      .set({ nextFetchAt: new Date(now + LEASE_MS) })
      .where(inArray(feeds.id, chunk));
  }
  await enqueueMany(
    env,
    feedIds.map((feedId) => ({ type: 'refresh-feed' as const, feedId })),
  );
  return feedIds.length;
}

/** Feeds that are due and followed by someone, spread across hosts. */
export async function selectDueFeeds(db: Db, now = Date.now()) {
  const due = await db
    .select({ id: feeds.id, url: feeds.url })
    .from(feeds)
    .where(
      and(
        lte(feeds.nextFetchAt, new Date(now)),
        sql`exists (select 1 from subscriptions s where s.feed_id = ${feeds.id})`,
      ),
    )
    .orderBy(feeds.nextFetchAt)
    .limit(MAX_PER_TICK * 4);
  const perHost = new Map<string, number>();
  const picked: number[] = [];
  for (const feed of due) {
    const host = new URL(feed.url).host;
    const taken = perHost.get(host) ?? 0;
    if (taken >= PER_HOST_PER_TICK) continue;
    perHost.set(host, taken + 1);
    picked.push(feed.id);
    if (picked.length >= MAX_PER_TICK) break;
  }
  return picked;
}
