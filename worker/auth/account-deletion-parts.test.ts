// Deleting an account in parts (issue 30): a deletion whose feeds are in more feed shards than a Worker
// invocation has room for deletes a part in the request and leaves the rest to the cleanup, a part a job,
// each within its budget of D1 calls; and what a write already in flight when the deletion began leaves
// is swept by the next cleanups. The rest of deletion across databases: account-deletion.test.ts (split
// from it so that neither file takes 10 s).
import { createMessageBatch } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { feeds, stars, subscriptions } from '../../schema';
import { readingStatePartCalls } from '../db/account-deletion';
import { findOrCreateCategory } from '../db/categories';
import { subscribe, upsertFeed } from '../db/feeds';
import { setItemStarred } from '../db/stars';
import type { Bindings } from '../env';
import { consumeBatch } from '../jobs/consumer';
import type { JobMessage } from '../jobs/messages';
import { createServices } from '../services';
import { deliver } from '../test/ai';
import { advanceClock, DAY_MS, pinClock } from '../test/clock';
import {
  adaAndBo,
  expectBoGoneAndAdaIntact,
  expectBoLockedOut,
  type People,
  rowsNaming,
  starCountOf,
} from '../test/deleted-accounts';
import { feedInShard } from '../test/feeds';
import { call, db } from '../test/helpers';
import { meteredEnv } from '../test/metered-env';
import { pointStripeAtFake } from '../test/stripe';
import {
  type DeletionStep,
  deleteAccount,
  requestCallsBesidesReadingState,
  TOMBSTONE_KEPT_MS,
} from './account-deletion';

pointStripeAtFake();

/**
 * What an OPML import chunk already running, or a request past its session check, writes in Bo's people
 * database: a category, a feed nobody else follows and `shared` again, and a star on Ada's starred item.
 */
async function lateWrite(people: People, label: string) {
  const { bo, shared, starred } = people;
  const services = createServices(env);
  const bosDb = services.db.people.of({ peopleShard: 1 });
  const category = await findOrCreateCategory(bosDb, bo.userId, `Late ${label}`);
  const url = await feedInShard(1, `late-${label}`, [1]);
  const lone = await upsertFeed(services.db, { url, title: label, siteUrl: null, description: null });
  for (const feedId of [lone.id, shared])
    await subscribe(bosDb, bo.userId, 'free', { feedId, name: label, categoryId: category.id, includeInAi: true });
  await setItemStarred(bosDb, bo.userId, starred.id, true);
  expect(await starCountOf(db, starred.id)).toBe(2);
  const left = await rowsNaming(bo);
  for (const where of ['PEOPLE_1.subscriptions', 'PEOPLE_1.categories', 'PEOPLE_1.stars'])
    expect(left, where).toHaveProperty([where]);
  return lone.id;
}

/** D1 calls in all of one invocation, every database together. */
const sum = (calls: Record<string, number>) => Object.values(calls).reduce((total, n) => total + n, 0);

/**
 * Cleanup jobs from `first`, each a queue invocation with a budget of `budget` D1 calls, and the jobs each
 * queues after it, until none is left: the D1 calls each made.
 */
async function cleanupChain(first: JobMessage, budget: number) {
  const queued: JobMessage[] = [];
  const send = vi.spyOn(env.JOBS, 'send').mockImplementation(async (body) => {
    queued.push(body as JobMessage);
    return undefined as never;
  });
  const callsPerJob: number[] = [];
  try {
    let next: JobMessage[] = [first];
    while (next.length > 0) {
      const metered = meteredEnv();
      const messages = next.map((body, k) => ({
        id: `part-${callsPerJob.length}-${k}`,
        timestamp: new Date(),
        attempts: 1,
        body,
      }));
      await consumeBatch(createMessageBatch('feedloom-jobs', messages), metered.env as unknown as Bindings, { budget });
      callsPerJob.push(sum(metered.calls()));
      next = queued.splice(0).filter((job) => job.type === 'cleanup');
      expect(callsPerJob.length).toBeLessThan(10);
    }
  } finally {
    send.mockRestore();
  }
  return callsPerJob;
}

/** People databases in the suite: DB and PEOPLE_1. */
const PEOPLE_DATABASES = 2;
/**
 * A queue invocation's budget with room for one feed shard a part of step 2: a cleanup's room is the
 * budget less 3 for its listings, and an account takes `besides` calls besides step 2's (a finishing 3:
 * image keys, rows, customer; a sweep 2: customer, tombstone). Bo's feeds and stars are in both feed
 * shards, so his step 2 takes two parts, as at workload B someone's with feeds in all 256 feed shards
 * does (42 people databases: 342 calls in one part, past the budget of 330).
 */
const oneShardBudget = (besides: number) => 3 + besides + readingStatePartCalls(1, PEOPLE_DATABASES);
const ONE_SHARD_BUDGET = oneShardBudget(3);

// Issue 30: a deletion reaching more feed shards than an invocation has room for goes in parts.
describe('a deletion whose feeds are in more feed shards than an invocation has room for', () => {
  it('deletes a part in the request and leaves the rest, marked, to the cleanup, a part a job', async () => {
    const people = await adaAndBo();
    const { bo, shared, bosOwn, starred } = people;
    const services = createServices(env);
    expect(await deleteAccount(services, bo.userId, { feedShardsAPart: 1 })).toBe(true);
    await expectBoLockedOut(bo);
    // Feed shard 0 done: his star there (its count Ada's alone) and his subscription of `shared` gone.
    // Feed shard 1 left: his own feed still stored and followed; his users row marked.
    const bosDb = services.db.people.of({ peopleShard: 1 });
    expect(await starCountOf(db, starred.id)).toBe(1);
    expect(await bosDb.select().from(stars).where(eq(stars.userId, bo.userId))).toEqual([]);
    const followed = await bosDb
      .select({ feedId: subscriptions.feedId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, bo.userId));
    expect(followed.map((row) => row.feedId)).toEqual([bosOwn]);
    expect(await db.shards.of(bosOwn).select({ id: feeds.id }).from(feeds).where(eq(feeds.id, bosOwn))).toHaveLength(1);
    expect((await rowsNaming(bo))['DB.users']).toBe(1);
    expect(shared).not.toBe(bosOwn);

    const calls = await cleanupChain(
      { type: 'cleanup', after: { deletions: bo.userId - 1, tombstones: null } },
      ONE_SHARD_BUDGET,
    );
    expect(Math.max(...calls)).toBeLessThanOrEqual(ONE_SHARD_BUDGET);
    await expectBoGoneAndAdaIntact(people);
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });
  });

  const partSteps: DeletionStep[] = ['marked', 'feed-shards-done', 'feed-shards-part-done'];
  it.each(partSteps)('finishes one stopped once %s in jobs of one feed shard each, every count right', async (step) => {
    const people = await adaAndBo();
    const services = createServices(env);
    const stopped = deleteAccount(services, people.bo.userId, {
      feedShardsAPart: 1,
      afterStep: (reached) => {
        if (reached === step) throw new Error(`The Worker stopped once ${reached}`);
      },
    });
    await expect(stopped).rejects.toThrow('The Worker stopped');
    await expectBoLockedOut(people.bo);
    const calls = await cleanupChain(
      { type: 'cleanup', after: { deletions: people.bo.userId - 1, tombstones: null } },
      ONE_SHARD_BUDGET,
    );
    // Stopped before a part was recorded, the cleanup did that part again: two parts, two jobs at least.
    expect(calls.length).toBeGreaterThanOrEqual(step === 'feed-shards-part-done' ? 1 : 2);
    expect(Math.max(...calls)).toBeLessThanOrEqual(ONE_SHARD_BUDGET);
    await expectBoGoneAndAdaIntact(people);
    expect(await rowsNaming(people.bo)).toEqual({ 'DB.deleted_accounts': 1 });
  });

  it('sweeps what a late write left in both feed shards a part a job', async () => {
    const people = await adaAndBo();
    const { bo } = people;
    const response = await call('/api/users/me', { cookie: bo.cookie, method: 'DELETE', json: { confirm: bo.email } });
    expect(response.status).toBe(204);
    const lone = await lateWrite(people, 'parted');
    const calls = await cleanupChain(
      { type: 'cleanup', after: { deletions: null, tombstones: bo.userId - 1 } },
      oneShardBudget(2),
    );
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...calls)).toBeLessThanOrEqual(oneShardBudget(2));
    await expectBoGoneAndAdaIntact(people);
    expect(await db.shards.of(lone).select({ id: feeds.id }).from(feeds).where(eq(feeds.id, lone))).toEqual([]);
    // Too young to drop: a write in flight may still land.
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });
  });

  it('keeps a deletion request within requestCallsBesidesReadingState and its part', async () => {
    const people = await adaAndBo();
    const metered = meteredEnv();
    const response = await call('/api/users/me', {
      cookie: people.bo.cookie,
      method: 'DELETE',
      json: { confirm: people.bo.email },
      env: metered.env,
    });
    expect(response.status).toBe(204);
    await expectBoGoneAndAdaIntact(people);
    // His step 2 reached both feed shards in one part (20 calls in all, measured).
    expect(sum(metered.calls())).toBeLessThanOrEqual(
      requestCallsBesidesReadingState(PEOPLE_DATABASES) + readingStatePartCalls(2, PEOPLE_DATABASES),
    );
  });
});

// Last in the file: it moves the clock a day on, and item ids follow the clock (db/shards.ts).
describe('a write in flight when the deletion began', () => {
  const feedExists = async (feedId: number) =>
    (await db.shards.of(feedId).select().from(feeds).where(eq(feeds.id, feedId))).length === 1;

  it('is swept by the next cleanups, and the tombstone goes once no such write can still land', async () => {
    pinClock(Date.now());
    const people = await adaAndBo();
    const { bo } = people;
    const response = await call('/api/users/me', { cookie: bo.cookie, method: 'DELETE', json: { confirm: bo.email } });
    expect(response.status).toBe(204);

    advanceClock(60_000);
    const firstLone = await lateWrite(people, 'first');
    advanceClock(60_000);
    expect((await deliver([{ type: 'cleanup' }])).explicitAcks).toHaveLength(1);
    await expectBoGoneAndAdaIntact(people);
    expect(await feedExists(firstLone)).toBe(false);
    // Too young to drop: a write in flight may still land.
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });

    // The slowest such write, near the end of a consumer's wall time; the next day's cleanup.
    advanceClock(12 * 60_000);
    const secondLone = await lateWrite(people, 'second');
    advanceClock(DAY_MS);
    expect(DAY_MS).toBeGreaterThan(TOMBSTONE_KEPT_MS);
    expect((await deliver([{ type: 'cleanup' }])).explicitAcks).toHaveLength(1);
    await expectBoGoneAndAdaIntact(people);
    expect(await feedExists(secondLone)).toBe(false);
    expect(await rowsNaming(bo)).toEqual({});
  });
});
