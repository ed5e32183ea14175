// The daily cleanup at scale (issue 30): one invocation used to sweep up to 1,000 tombstones of deleted
// accounts, then 20 a job, each needing several D1 calls and one per feed shard, past D1's 1,000 queries
// an invocation at workload B (2,280 for 20 deletions and 20 tombstones of 50 feeds in 50 shards). Now a
// job takes an account only while the batch's budget (INVOCATION_CALL_BUDGET) has room for all of it,
// measured first, and queues the next with where it stopped: every job within the budget, however many
// tombstones, and every account finished, with no row left and no star count wrong.
import { env } from 'cloudflare:workers';
import { eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { deletedAccounts, items, users } from '../../schema';
import { INVOCATION_CALL_BUDGET } from '../jobs/call-budget';
import type { JobMessage } from '../jobs/messages';
import { deliverCounted } from '../test/ai';
import { feedInShard, follow } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';

const DAY_MS = 24 * 3_600_000;
const sum = (calls: Record<string, number>) => Object.values(calls).reduce((total, n) => total + n, 0);

/** An item of a feed in `shard` that Ada follows and starred through the API. */
async function starredByAda(cookie: string, shard: number) {
  const feedId = await follow(call, cookie, await feedInShard(shard, `sweep-${shard}`, [1]));
  const [item] = await db.shards
    .of(feedId)
    .select({ id: items.id, seq: items.seq })
    .from(items)
    .where(eq(items.feedId, feedId));
  if (!item) throw new Error('no item');
  const starred = await call(`/api/feed-items/${item.id}`, { cookie, method: 'PATCH', json: { isStarred: true } });
  expect(starred.status).toBeLessThan(300);
  return { feedId, ...item };
}

/**
 * Gives each of `ids` (people shard 0, the primary) what a reader leaves: both feeds followed, both
 * items starred (their counts raised), a read mark, and a rule's hidden row beside each item.
 */
async function readingStateOf(ids: number[], followed: { feedId: number; id: number; seq: number }[]) {
  const list = JSON.stringify(ids);
  for (const item of followed) {
    await db.$client.batch([
      db.$client
        .prepare(
          `insert into subscriptions (user_id, feed_id, name, created_at) select value, ?1, 'Swept', 0 from json_each(?2)`,
        )
        .bind(item.feedId, list),
      db.$client
        .prepare(`insert into stars (user_id, item_id, feed_id, created_at) select value, ?1, ?2, 0 from json_each(?3)`)
        .bind(item.id, item.feedId, list),
      db.$client
        .prepare(
          `insert into read_marks (user_id, feed_id, seq, is_read, marked_at) select value, ?1, ?2, 1, 0 from json_each(?3)`,
        )
        .bind(item.feedId, item.seq, list),
    ]);
    const shard = db.shards.of(item.feedId).$client;
    await shard.batch([
      shard.prepare('update items set star_count = star_count + ?2 where id = ?1').bind(item.id, ids.length),
      shard
        .prepare(`insert into hidden_items (user_id, feed_id, seq) select value, ?1, ?2 from json_each(?3)`)
        .bind(item.feedId, item.seq, list),
    ]);
  }
}

describe('the daily cleanup, with many accounts to finish and sweep', () => {
  it('works through them all in a chain of jobs, each within the invocation budget', async () => {
    const now = Date.now();
    // Ada follows a feed in each feed shard and starred an item of each.
    const ada = await signUp();
    const followed = [await starredByAda(ada.cookie, 0), await starredByAda(ada.cookie, 1)];
    const tombstones = 130;
    const interrupted = 25;
    // Deleted two days ago with their reading state left behind (writes that landed late): swept once
    // more and dropped. Their ids above any the suite's people get. (Written in SQL: D1 takes at most
    // 100 bound values a statement.)
    await db.$client
      .prepare(
        `with recursive n(k) as (select 0 union all select k + 1 from n where k + 1 < ?)
         insert into deleted_accounts (user_id, people_shard, deleted_at) select 900000001 + k, 0, ? from n`,
      )
      .bind(tombstones, now - 2 * DAY_MS)
      .run();
    // Deletions stopped after their first step (a Worker that died): the cleanup finishes them.
    await db.$client
      .prepare(
        `with recursive n(k) as (select 0 union all select k + 1 from n where k + 1 < ?)
         insert into users (email, name, deleting_at, created_at)
         select 'stopped-' || k || '@cleanup.test', 'Stopped ' || k, ?, ? from n`,
      )
      .bind(interrupted, now - DAY_MS, now - 30 * DAY_MS)
      .run();
    const stopped = (await db.select({ id: users.id }).from(users).where(isNotNull(users.deletingAt))).map(
      (row) => row.id,
    );
    expect(stopped).toHaveLength(interrupted);
    const swept = Array.from({ length: tombstones }, (_, k) => 900000001 + k);
    const everyone = [...stopped, ...swept];
    await readingStateOf(everyone, followed);

    const queued: JobMessage[] = [];
    const send = vi.spyOn(env.JOBS, 'send').mockImplementation(async (body) => {
      queued.push(body as JobMessage);
      return undefined as never;
    });
    const errors = vi.spyOn(console, 'error');
    const callsPerJob: number[] = [];
    try {
      let next: JobMessage[] = [{ type: 'cleanup' }];
      while (next.length > 0) {
        callsPerJob.push(sum(await deliverCounted(next)));
        next = queued.splice(0).filter((job) => job.type === 'cleanup');
        expect(callsPerJob.length).toBeLessThan(30);
      }
    } finally {
      send.mockRestore();
      errors.mockRestore();
    }
    // No account failed for want of room (the budget's stop would fail it, and its cursor pass it by).
    expect(errors.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('account.'))).toEqual([]);
    // Each account reached both feed shards and both people databases: about nine calls a sweep, past
    // a thousand in all. No job passed its budget.
    const total = callsPerJob.reduce((all, n) => all + n, 0);
    expect(total).toBeGreaterThan(1000);
    expect(Math.max(...callsPerJob)).toBeLessThanOrEqual(INVOCATION_CALL_BUDGET);
    expect(callsPerJob.length).toBeGreaterThanOrEqual(Math.ceil(total / INVOCATION_CALL_BUDGET));
    // Every interrupted deletion finished, leaving a tombstone too young to drop; every old one dropped.
    expect(await db.select({ id: users.id }).from(users).where(isNotNull(users.deletingAt))).toEqual([]);
    const left = await db.select({ id: deletedAccounts.userId }).from(deletedAccounts);
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([...stopped].sort((a, b) => a - b));
    expect(
      await db
        .select()
        .from(deletedAccounts)
        .where(lt(deletedAccounts.deletedAt, new Date(now - DAY_MS))),
    ).toEqual([]);
    expect(await db.select().from(users).where(inArray(users.id, stopped))).toEqual([]);
    // Nothing of theirs left in any database, and each item counts Ada's star alone.
    for (const binding of ['DB', 'FEEDS_1', 'PEOPLE_1']) {
      const d1 = (env as unknown as Record<string, D1Database>)[binding] as D1Database;
      for (const table of ['subscriptions', 'stars', 'star_keepers', 'read_marks', 'hidden_items']) {
        const row = await d1
          .prepare(`select count(*) as n from ${table} where user_id in (select value from json_each(?))`)
          .bind(JSON.stringify(everyone))
          .first<{ n: number }>();
        expect({ binding, table, n: row?.n }).toEqual({ binding, table, n: 0 });
      }
    }
    for (const item of followed) {
      const [row] = await db.shards
        .of(item.id)
        .select({ starCount: items.starCount })
        .from(items)
        .where(eq(items.id, item.id));
      expect(row?.starCount).toBe(1);
    }
  });
});
