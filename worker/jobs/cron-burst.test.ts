// Issue 30: each 5-minute tick queues a pick per slice of every feed shard, 16,384 at 256 shards. Sent
// as fast as sendBatch allowed, that came to about 10,000 messages a second against a queue's 5,000, and
// the first refused batch threw away the rest of the tick. Now the cron keeps to a third of the limit
// and a refused batch is retried, then given up on alone.
import { describe, expect, it } from 'vitest';
import { PICK_SLICES } from '../db/refresh-leases';
import { PACED_MESSAGES_PER_SECOND, type Pace } from './enqueue';
import { queuePicks } from './enqueue-refreshes';
import type { JobMessage } from './messages';

/** A queue's sendBatch as a producer sees it, on a clock the test moves: each call's time and size. */
function fakeQueue(refuse: (call: number) => boolean = () => false) {
  let clock = 0;
  let calls = 0;
  const sent: { at: number; messages: JobMessage[] }[] = [];
  const pace: Pace = {
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  };
  const JOBS = {
    sendBatch: async (batch: { body: JobMessage }[]) => {
      calls += 1;
      // A call takes 5 ms, as a fast sendBatch would: the pace, not the calls, must hold the rate.
      clock += 5;
      if (refuse(calls)) throw new Error('Too Many Requests');
      sent.push({ at: clock, messages: batch.map((message) => message.body) });
    },
  } as unknown as Queue;
  return { JOBS, pace, sent, clock: () => clock };
}

/** The most messages sent in any one second. */
function busiestSecond(sent: { at: number; messages: JobMessage[] }[]) {
  let most = 0;
  for (const { at } of sent) {
    const inSecond = sent.filter((other) => other.at >= at && other.at < at + 1000);
    most = Math.max(
      most,
      inSecond.reduce((sum, other) => sum + other.messages.length, 0),
    );
  }
  return most;
}

describe("the cron's picks at 256 feed shards", () => {
  it('queues every pick, at no more than a third of the 5,000 messages a second a queue takes', async () => {
    const queue = fakeQueue();
    const result = await queuePicks({ JOBS: queue.JOBS }, 256, queue.pace);
    expect(result).toEqual({ sent: 256 * PICK_SLICES, lost: 0, lastError: '' });
    const picks = queue.sent.flatMap((call) => call.messages);
    expect(new Set(picks.map((pick) => JSON.stringify(pick))).size).toBe(16_384);
    expect(busiestSecond(queue.sent)).toBeLessThanOrEqual(5000 / 3);
    expect(busiestSecond(queue.sent)).toBeGreaterThanOrEqual(PACED_MESSAGES_PER_SECOND - 100);
    // Well inside the 5 minutes before the next tick.
    expect(queue.clock()).toBeLessThan(15_000);
  });

  it('retries a refused batch, and a batch refused every time loses only itself', async () => {
    // Refused twice, then taken: nothing lost.
    const flaky = fakeQueue((call) => call === 3 || call === 4);
    expect(await queuePicks({ JOBS: flaky.JOBS }, 4, flaky.pace)).toEqual({
      sent: 256,
      lost: 0,
      lastError: 'Too Many Requests',
    });
    // The second batch refused on all three tries: the other batches still go.
    const refusing = fakeQueue((call) => call >= 2 && call <= 4);
    const result = await queuePicks({ JOBS: refusing.JOBS }, 4, refusing.pace);
    expect(result).toEqual({ sent: 156, lost: 100, lastError: 'Too Many Requests' });
    expect(refusing.sent.map((call) => call.messages.length)).toEqual([100, 56]);
  });
});
