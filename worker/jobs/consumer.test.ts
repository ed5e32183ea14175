// The queue consumer: a message it cannot read is acknowledged, not retried for ever.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../index';

describe('the queue consumer', () => {
  it('acknowledges a malformed message instead of retrying it forever', async () => {
    const batch = createMessageBatch('feedloom-jobs', [
      { id: 'bad', timestamp: new Date(), attempts: 1, body: { type: 'refresh-feed', feedId: 'x' } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['bad']);
    expect(result.retryMessages).toEqual([]);
  });
});
