// The Cron Trigger only queues picks; the pick leases due feeds.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../schema';
import worker from '../index';
import { addFeed, feedRowByUrl, rss, scriptFeed, uniqueName } from '../test/feeds';
import { db, signUp } from '../test/helpers';

describe('the cron', () => {
  it('the cron queues a pick per slice; the pick leases due feeds so the next tick does not queue them again', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Due', [{ guid: '1', title: 'One' }]) });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    await db
      .update(feeds)
      .set({ nextFetchAt: new Date(Date.now() - 1000) })
      .where(eq(feeds.id, feed.id));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    // The queue delivers the feed's slice's pick message to the consumer.
    const batch = createMessageBatch('feedloom-jobs', [
      { id: 'pick', timestamp: new Date(), attempts: 1, body: { type: 'pick-feeds', slice: feed.id % 64 } },
    ]);
    const pickCtx = createExecutionContext();
    await worker.queue(batch, env, pickCtx);
    expect((await getQueueResult(batch, pickCtx)).explicitAcks).toEqual(['pick']);
    expect((await feedRowByUrl(url)).nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });
});
