// Issue 30: an isolate's memory. A refresh holds its feed's body (up to 4 MiB) and its parse until it has
// written; the consumer ran three messages at once, each two feeds at once: six 4 MiB feeds were 72 MB
// of the isolate's 128 (bench/memory.mjs). Now a batch refreshes one feed at a time, whatever it holds,
// and its other jobs run beside. The feeds answer after a delay: a refresh that started while another
// was still waiting for its answer would start within that delay of it.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../schema';
import { upsertFeed } from '../db/feeds';
import type { Bindings } from '../env';
import { hoursAgo, rss, scriptFeed, uniqueName } from '../test/feeds';
import { db } from '../test/helpers';
import { consumeBatch } from './consumer';
import type { JobMessage } from './messages';

const DELAY_MS = 150;

describe('the queue consumer and memory', () => {
  it('refreshes the feeds of a batch one at a time, six of them in three messages', async () => {
    const feedIds: number[] = [];
    for (let f = 0; f < 6; f++) {
      const name = uniqueName(`one-at-a-time-${f}`);
      const url = await scriptFeed(name, {
        body: rss(name, [{ guid: 'a', title: 'A', pubDate: hoursAgo(1) }]),
        delayMs: DELAY_MS,
      });
      feedIds.push((await upsertFeed(db, { url, title: name, siteUrl: null, description: null })).id);
    }
    const jobs: JobMessage[] = [0, 2, 4].map((f) => ({ type: 'refresh-feeds', feedIds: feedIds.slice(f, f + 2) }));
    const batch = createMessageBatch(
      'feedloom-jobs',
      jobs.map((body, k) => ({ id: `memory-${k}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    const before = Date.now();
    await consumeBatch(batch, env as unknown as Bindings);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(3);

    const started = (
      await Promise.all(
        db.shards
          .all()
          .map((shard) => shard.select({ at: feeds.lastFetchedAt }).from(feeds).where(inArray(feeds.id, feedIds))),
      )
    )
      .flat()
      .map((row) => row.at?.getTime() ?? 0)
      .sort((a, b) => a - b);
    expect(started).toHaveLength(6);
    expect(started.every((at) => at >= before)).toBe(true);
    // Each refresh began after the one before had its answer: no two bodies held at once.
    for (let k = 1; k < started.length; k++) {
      expect((started[k] as number) - (started[k - 1] as number)).toBeGreaterThanOrEqual(DELAY_MS);
    }
  });
});
