// L7 (issue 10): picking due feeds and leasing them is one conditional statement, so two picks that
// overlap queue a feed once. A busy host gets a few feeds per pick; the rest wait a minute, not a tick.
import { env } from 'cloudflare:workers';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../schema';
import { db } from '../test/helpers';
import { PER_HOST_PER_PICK, pickDueFeeds } from './enqueue-refreshes';

/** Due feeds in one pick slice (ids 64 apart), on the given hosts. */
async function dueFeedsInOneSlice(hosts: string[]) {
  const now = Date.now();
  const base = 1_000_000 + Math.floor(Math.random() * 1000) * 64 * 100;
  const rows = hosts.map((host, i) => ({
    id: base + i * 64,
    url: `https://${host}/feed-${base}-${i}.xml`,
    nextFetchAt: new Date(now - 60_000),
    createdAt: new Date(now),
  }));
  await db.insert(feeds).values(rows);
  return { ids: rows.map((row) => row.id), slice: base % 64 };
}

describe('the cron pick', () => {
  it('queues a feed once when two picks of its slice overlap', async () => {
    const { ids, slice } = await dueFeedsInOneSlice(['a.example', 'b.example', 'c.example']);
    const [first, second] = await Promise.all([pickDueFeeds(env, db, slice), pickDueFeeds(env, db, slice)]);
    const queued = [...first, ...second].filter((id) => ids.includes(id));
    expect(queued.sort()).toEqual([...ids].sort());
    const leased = await db.select({ next: feeds.nextFetchAt }).from(feeds).where(inArray(feeds.id, ids));
    for (const row of leased) expect(row.next.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('takes a few feeds of one host per pick and leaves the rest due a minute later', async () => {
    const { ids, slice } = await dueFeedsInOneSlice(
      Array.from({ length: PER_HOST_PER_PICK + 2 }, () => 'busy.example'),
    );
    const picked = (await pickDueFeeds(env, db, slice)).filter((id) => ids.includes(id));
    expect(picked).toHaveLength(PER_HOST_PER_PICK);
    const rows = await db.select({ id: feeds.id, next: feeds.nextFetchAt }).from(feeds).where(inArray(feeds.id, ids));
    const waiting = rows.filter((row) => !picked.includes(row.id));
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row.next.getTime()).toBeGreaterThan(Date.now());
      expect(row.next.getTime()).toBeLessThan(Date.now() + 2 * 60_000);
    }
  });
});
