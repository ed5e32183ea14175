// The queue consumer: a message it cannot read is acknowledged, not retried for ever; and an invocation
// keeps under D1's 1,000 queries, sending what it has no room for back to the queue (issue 30).
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { Bindings } from '../env';
import worker from '../index';
import { meteredEnv } from '../test/metered-env';
import { INVOCATION_CALL_BUDGET } from './call-budget';
import { consumeBatch } from './consumer';
import type { JobMessage } from './messages';

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

  it('stops taking messages past its D1 budget and queues the rest again, without a failed attempt', async () => {
    // Monthly resets: one D1 call each when nobody is due (two reserved), so 100 messages would make
    // 100; the budget is 40 here (INVOCATION_CALL_BUDGET in production), kept the same way.
    const budget = 40;
    const jobs: JobMessage[] = Array.from({ length: 100 }, () => ({ type: 'reset-credits' }));
    const resent: unknown[] = [];
    const send = vi.spyOn(env.JOBS, 'send').mockImplementation(async (body) => {
      resent.push(body);
      return undefined as never;
    });
    try {
      const metered = meteredEnv();
      const batch = createMessageBatch(
        'feedloom-jobs',
        jobs.map((body, k) => ({ id: `budget-${k}`, timestamp: new Date(), attempts: 1, body })),
      );
      const ctx = createExecutionContext();
      await consumeBatch(batch, metered.env as unknown as Bindings, { budget });
      const result = await getQueueResult(batch, ctx);
      const calls = Object.values(metered.calls()).reduce((sum, n) => sum + n, 0);
      // Room for two more calls kept while any was left: 39 jobs ran, never a call past the budget.
      expect(calls).toBe(budget - 1);
      expect(INVOCATION_CALL_BUDGET * 3).toBeLessThanOrEqual(1000);
      // Every message acknowledged: run, or sent back to the queue as a new message.
      expect(result.explicitAcks).toHaveLength(100);
      expect(result.retryMessages).toEqual([]);
      expect(resent.length).toBe(100 - calls);
      expect(resent.every((body) => (body as JobMessage).type === 'reset-credits')).toBe(true);
    } finally {
      send.mockRestore();
    }
  });
});
