// The daily cleanup at scale (issue 30): one invocation used to sweep up to 1,000 tombstones of deleted
// accounts, each needing several D1 calls and one per feed shard, and to finish up to 100 interrupted
// deletions, far past D1's 1,000 queries an invocation. Now each job takes ACCOUNTS_PER_CLEANUP_JOB of
// each and queues the next with where it stopped, until none is left; the tombstones waiting for Stripe
// can no longer push a new deletion's sweep out of a limit.
import { env } from 'cloudflare:workers';
import { inArray, isNotNull, lt } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { deletedAccounts, users } from '../../schema';
import { ACCOUNTS_PER_CLEANUP_JOB } from '../auth/account-deletion';
import type { JobMessage } from '../jobs/messages';
import { deliverCounted } from '../test/ai';
import { db } from '../test/helpers';

const DAY_MS = 24 * 3_600_000;

describe('the daily cleanup, with many accounts to finish and sweep', () => {
  it('works through them all in a chain of jobs, each far below 1,000 D1 calls', async () => {
    const now = Date.now();
    const tombstones = 2 * ACCOUNTS_PER_CLEANUP_JOB + 7;
    const interrupted = ACCOUNTS_PER_CLEANUP_JOB + 5;
    // Deleted two days ago: swept once more and dropped. Their ids above any the suite's people get.
    // (Written in SQL: D1 takes at most 100 bound values a statement.)
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
    const stopped = await db.select({ id: users.id }).from(users).where(isNotNull(users.deletingAt));
    expect(stopped).toHaveLength(interrupted);

    const queued: JobMessage[] = [];
    const send = vi.spyOn(env.JOBS, 'send').mockImplementation(async (body) => {
      queued.push(body as JobMessage);
      return undefined as never;
    });
    const callsPerJob: number[] = [];
    try {
      let next: JobMessage[] = [{ type: 'cleanup' }];
      while (next.length > 0) {
        const calls = await deliverCounted(next);
        callsPerJob.push(Object.values(calls).reduce((sum, n) => sum + n, 0));
        next = queued.splice(0).filter((job) => job.type === 'cleanup');
        expect(callsPerJob.length).toBeLessThan(10);
      }
    } finally {
      send.mockRestore();
    }
    // 25 deletions, 47 old tombstones and the 25 new ones: four jobs here (183, 107, 81 and 49 calls).
    expect(callsPerJob.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...callsPerJob)).toBeLessThan(500);
    // Every interrupted deletion finished, leaving a tombstone too young to drop; every old one dropped.
    expect(await db.select({ id: users.id }).from(users).where(isNotNull(users.deletingAt))).toEqual([]);
    const left = await db.select({ id: deletedAccounts.userId }).from(deletedAccounts);
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual(stopped.map((row) => row.id).sort((a, b) => a - b));
    expect(
      await db
        .select()
        .from(deletedAccounts)
        .where(lt(deletedAccounts.deletedAt, new Date(now - DAY_MS))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(users)
        .where(
          inArray(
            users.id,
            stopped.map((row) => row.id),
          ),
        ),
    ).toEqual([]);
  });
});
