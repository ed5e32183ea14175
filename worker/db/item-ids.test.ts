// Item ids from the clock (shards.ts), minted by real inserts in the suite's two feed databases: they
// follow arrival order within a shard and across shards, writers racing on one shard never take the
// same id, and a writer whose clock lags still takes ids after the ones already stored. The test clock
// is the Worker's: pinned, from an hour back, and never going back from one test to the next.
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advanceClock, pinClock, pinClockForFile } from '../test/clock';
import { storedItem, uniqueName } from '../test/feeds';
import { createDb } from './client';
import { upsertFeed } from './feeds';
import { findFeed, type ItemValues, storeItems } from './item-store';
import { CLOCK_ID_BASE, MAX_SHARDS, shardForUrl, shardOfId } from './shards';

const db = createDb(env);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A feed row (no items yet) whose URL hashes to `shard`. */
async function feedIn(shard: number) {
  for (;;) {
    const url = `https://ids.example/${uniqueName('ids')}.xml`;
    if (shardForUrl(url, db.shards.count) !== shard) continue;
    const { id } = await upsertFeed(db, { url, title: null, siteUrl: null, description: null });
    const feed = await findFeed(db, id);
    if (!feed) throw new Error('feed vanished');
    return feed;
  }
}

/** `count` new items, newest first as a feed lists them. */
const newItems = (label: string, count: number, now: number): ItemValues[] =>
  Array.from({ length: count }, (_, n) =>
    storedItem(`${label}-${count - n}`, `${label} ${count - n}`, { pubDate: now - n * MINUTE }),
  );

/** Stores `count` new items in the feed (reading its row afresh, as a refresh does), now by the test clock. */
async function arrive(feedId: number, label: string, count: number) {
  const feed = await findFeed(db, feedId);
  if (!feed) throw new Error('no feed');
  await storeItems(db, feed, newItems(label, count, Date.now()), 1000, Date.now());
}

/** The feed's items in arrival order (their sequence numbers), with their ids. */
async function idsBySeq(feedId: number) {
  const rows = await db.shards
    .of(feedId)
    .all<{ id: number; title: string }>(sql`select id, title from items where feed_id = ${feedId} order by seq`);
  return rows;
}

const ascending = (ids: number[]) => ids.every((id, n) => n === 0 || id > (ids[n - 1] as number));

pinClockForFile(Date.now() - HOUR);

describe('item ids from the clock', () => {
  it('ascend in arrival order, within a refresh, from refresh to refresh and across both shards', async () => {
    const [first, second] = [await feedIn(0), await feedIn(1)];
    // Arrivals alternate between the shards, a minute apart, three items each (one statement each).
    const arrivals: { feedId: number; label: string }[] = [];
    for (let n = 0; n < 6; n++) {
      advanceClock(MINUTE);
      const feed = n % 2 === 0 ? first : second;
      const label = `arrival-${n}`;
      await arrive(feed.id, label, 3);
      arrivals.push({ feedId: feed.id, label });
    }
    const byTitle = new Map<string, number>();
    for (const feed of [first, second]) {
      const rows = await idsBySeq(feed.id);
      expect(ascending(rows.map((row) => row.id))).toBe(true);
      for (const row of rows) {
        expect(shardOfId(row.id)).toBe(shardOfId(feed.id));
        expect(row.id).toBeGreaterThan(CLOCK_ID_BASE);
        expect(Number.isSafeInteger(row.id)).toBe(true);
        byTitle.set(row.title, row.id);
      }
    }
    // Oldest item of each arrival first, arrivals in the order they came, whatever their shard.
    const inArrivalOrder = arrivals.flatMap(({ label }) => [1, 2, 3].map((k) => byTitle.get(`${label} ${k}`)));
    expect(inArrivalOrder).toHaveLength(18);
    expect(ascending(inArrivalOrder as number[])).toBe(true);
  });

  it('never gives two items the same id when writers race on one shard within the same millisecond', async () => {
    // One millisecond for all of them (the clock is pinned): the clock alone would give them one id.
    const feeds = [];
    for (let n = 0; n < 6; n++) feeds.push(await feedIn(1));
    // Twenty items each: three INSERT statements per refresh, all six batches in flight at once.
    await Promise.all(feeds.map((feed, n) => arrive(feed.id, `race-${n}`, 20)));
    const all = [];
    for (const feed of feeds) {
      const rows = await idsBySeq(feed.id);
      expect(rows).toHaveLength(20);
      expect(ascending(rows.map((row) => row.id))).toBe(true);
      all.push(...rows.map((row) => row.id));
    }
    expect(new Set(all).size).toBe(120);
    for (const id of all) expect(shardOfId(id)).toBe(1);
  });

  it('gives a writer whose clock lags ids after those already stored in its shard', async () => {
    const start = Date.now();
    const [ahead, behind] = [await feedIn(1), await feedIn(1)];
    // One Worker's clock is ten minutes ahead of the next one's.
    pinClock(start + 10 * MINUTE);
    await arrive(ahead.id, 'ahead', 2);
    pinClock(start);
    await arrive(behind.id, 'behind', 2);
    const [aheadIds, behindIds] = [await idsBySeq(ahead.id), await idsBySeq(behind.id)];
    const lastAhead = Math.max(...aheadIds.map((row) => row.id));
    for (const row of behindIds) {
      expect(row.id).toBeGreaterThan(lastAhead);
      expect(shardOfId(row.id)).toBe(1);
    }
    // Once the clock passes them, ids come from the clock again: the next slot is the clock's own.
    const later = start + 20 * MINUTE;
    pinClock(later);
    await arrive(behind.id, 'later', 1);
    const [newest] = (await idsBySeq(behind.id)).slice(-1);
    expect(newest?.id).toBe(CLOCK_ID_BASE + (later - Date.UTC(2025, 0, 1)) * MAX_SHARDS + 1);
  });
});
