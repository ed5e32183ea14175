// The Cron Trigger only queues picks; the pick leases due feeds. wrangler.toml alone says when the
// triggers fire (issue 13 item 5): the Worker tells the frequent one from the daily one by shape, so a new
// cadence needs no change here.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feeds } from '../../schema';
import { shardOfId } from '../db/shards';
import worker from '../index';
import { addFeed, feedRowByUrl, rss, scriptFeed, uniqueName } from '../test/feeds';
import { db, fireCron, signUp } from '../test/helpers';
import type { JobMessage } from './messages';

describe('the cron', () => {
  it('the cron queues a pick per shard; the pick leases due feeds so the next tick does not queue them again', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Due', [{ guid: '1', title: 'One' }]) });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    await db.shards
      .of(feed.id)
      .update(feeds)
      .set({ nextFetchAt: new Date(Date.now() - 1000) })
      .where(eq(feeds.id, feed.id));
    await fireCron('frequent');
    // The queue delivers the pick message of the feed's shard and slice to the consumer (the feed's URL
    // hashes to either of the suite's two feed databases).
    const pick = { type: 'pick-feeds', shard: shardOfId(feed.id), slice: 0 };
    const batch = createMessageBatch('feedloom-jobs', [{ id: 'pick', timestamp: new Date(), attempts: 1, body: pick }]);
    const pickCtx = createExecutionContext();
    await worker.queue(batch, env, pickCtx);
    expect((await getQueueResult(batch, pickCtx)).explicitAcks).toEqual(['pick']);
    expect((await feedRowByUrl(url)).nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });
});

/** The types of the jobs a trigger queues; the jobs themselves are held back, not run. */
async function jobsQueuedBy(cron: string) {
  const queued: string[] = [];
  vi.spyOn(env.JOBS, 'send').mockImplementation(async (body) => {
    queued.push((body as JobMessage).type);
    return undefined as never;
  });
  vi.spyOn(env.JOBS, 'sendBatch').mockImplementation(async (messages) => {
    for (const message of messages) queued.push((message.body as JobMessage).type);
    return undefined as never;
  });
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
  vi.restoreAllMocks();
  return queued;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Cron Triggers', () => {
  it('start the frequent work at any cadence wrangler.toml gives', async () => {
    for (const cron of ['*/5 * * * *', '*/10 * * * *', '*/2 * * * *']) {
      const queued = await jobsQueuedBy(cron);
      expect(
        queued.filter((type) => type === 'pick-feeds'),
        cron,
      ).toHaveLength(db.shards.count);
      expect(queued, cron).not.toContain('cleanup');
    }
  });

  it('start the daily work at any hour wrangler.toml gives', async () => {
    for (const cron of ['0 3 * * *', '30 4 * * *']) {
      const queued = await jobsQueuedBy(cron);
      expect(queued, cron).toContain('cleanup');
      expect(queued, cron).not.toContain('pick-feeds');
    }
  });
});
