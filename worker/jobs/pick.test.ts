// L7 (issue 10): picking due feeds and leasing them is one conditional statement, so two picks that
// overlap queue a feed once. A busy host gets a few feeds per pick; the rest wait a minute, not a tick.
import { env } from 'cloudflare:workers';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../schema';
import { createDb } from '../db/client';
import { PICK_SLICES } from '../db/refresh-leases';
import { idBase } from '../db/shards';
import { PER_HOST_PER_PICK, PICK_LIMIT, pickDueFeeds } from './enqueue-refreshes';
import type { JobMessage } from './messages';

// Two feed shards (worker/db/shards.ts): each pick works in its own shard's database.
const db = createDb(env);

/**
 * Due feeds in one pick slice (ids 64 apart) of a shard, on the given hosts: the last slice, so that a
 * pick from it reads that slice alone (a pick goes on through the slices after its own, one D1 call each:
 * from slice 0 that is 64; the walk is the third test's).
 */
async function dueFeedsInOneSlice(shard: number, hosts: string[]) {
  const now = Date.now();
  const base = idBase(shard) + 1_000_000 + Math.floor(Math.random() * 1000) * 64 * 100 + PICK_SLICES - 1;
  const rows = hosts.map((host, i) => ({
    id: base + i * 64,
    url: `https://${host}/feed-${base}-${i}.xml`,
    nextFetchAt: new Date(now - 60_000),
    createdAt: new Date(now),
  }));
  await db.shards.at(shard).insert(feeds).values(rows);
  return { ids: rows.map((row) => row.id), pick: { shard, slice: base % 64 }, db: db.shards.at(shard) };
}

describe.each([0, 1])('the cron pick in feed shard %i', (shard) => {
  it('queues a feed once when two picks of its slice overlap', async () => {
    const { ids, pick, db: home } = await dueFeedsInOneSlice(shard, ['a.example', 'b.example', 'c.example']);
    const [first, second] = await Promise.all([pickDueFeeds(env, db, pick), pickDueFeeds(env, db, pick)]);
    const queued = [...first, ...second].filter((id) => ids.includes(id));
    expect(queued.sort()).toEqual([...ids].sort());
    // The other shard's pick of the same slice finds none of them.
    expect(await pickDueFeeds(env, db, { shard: 1 - shard, slice: pick.slice })).not.toContain(ids[0]);
    const leased = await home.select({ next: feeds.nextFetchAt }).from(feeds).where(inArray(feeds.id, ids));
    for (const row of leased) expect(row.next.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('takes a few feeds of one host per pick and leaves the rest due a minute later', async () => {
    const {
      ids,
      pick,
      db: home,
    } = await dueFeedsInOneSlice(
      shard,
      Array.from({ length: PER_HOST_PER_PICK + 2 }, () => 'busy.example'),
    );
    const picked = (await pickDueFeeds(env, db, pick)).filter((id) => ids.includes(id));
    expect(picked).toHaveLength(PER_HOST_PER_PICK);
    const rows = await home.select({ id: feeds.id, next: feeds.nextFetchAt }).from(feeds).where(inArray(feeds.id, ids));
    const waiting = rows.filter((row) => !picked.includes(row.id));
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row.next.getTime()).toBeGreaterThan(Date.now());
      expect(row.next.getTime()).toBeLessThan(Date.now() + 2 * 60_000);
    }
  });

  it("goes through the shard's slices from its own, and past PICK_LIMIT queues the next pick where it stopped", async () => {
    const now = Date.now();
    // 3 due feeds in slice 3 and 2 in slice 8, each on a host of its own; the pick starts at slice 3.
    const block = idBase(shard) + 2_000_000 + Math.floor(Math.random() * 1000) * 64 * 1000;
    const base = block - (block % 64) + 3;
    const row = (id: number) => ({
      id,
      url: `https://h${id}.example/feed.xml`,
      nextFetchAt: new Date(now - 60_000),
      createdAt: new Date(now),
    });
    const spread = [0, 1, 2].map((i) => base + i * 64).concat([0, 1].map((i) => base + 5 + i * 64));
    await db.shards.at(shard).insert(feeds).values(spread.map(row));
    const sent: JobMessage[] = [];
    const queue = {
      sendBatch: async (batch: { body: JobMessage }[]) => void sent.push(...batch.map((m) => m.body)),
    } as unknown as Queue;
    const picked = await pickDueFeeds({ JOBS: queue }, db, { shard, slice: 3 });
    expect(picked.filter((id) => spread.includes(id)).sort()).toEqual([...spread].sort());
    expect(sent.filter((message) => message.type === 'pick-feeds')).toEqual([]);

    // More due in one slice than a pick leases: it leases PICK_LIMIT and queues a pick of that slice.
    const crowdedBase = base + 64 * 500;
    const crowded = Array.from({ length: PICK_LIMIT + 3 }, (_, i) => crowdedBase + i * 64);
    // 7 values a row, at most 100 a statement (D1).
    for (let start = 0; start < crowded.length; start += 14)
      await db.shards
        .at(shard)
        .insert(feeds)
        .values(crowded.slice(start, start + 14).map(row));
    sent.length = 0;
    const first = await pickDueFeeds({ JOBS: queue }, db, { shard, slice: crowdedBase % 64 });
    expect(first.filter((id) => crowded.includes(id))).toHaveLength(PICK_LIMIT);
    expect(sent.filter((message) => message.type === 'pick-feeds')).toEqual([
      { type: 'pick-feeds', shard, slice: crowdedBase % 64 },
    ]);
    const second = await pickDueFeeds({ JOBS: queue }, db, { shard, slice: crowdedBase % 64 });
    expect(second.filter((id) => crowded.includes(id))).toHaveLength(3);
  });
});
