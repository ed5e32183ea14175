// Issue 30: each 5-minute tick queued a pick per slice of every feed shard, 16,384 at 256 shards. Sent
// as fast as sendBatch allowed, that came to about 10,000 messages a second against a queue's 5,000, and
// the first refused batch threw away the rest of the tick. Now the cron queues one pick per shard (the
// pick goes through the slices itself), keeps to a third of the limit, and a refused batch is retried,
// then given up on alone.
import { describe, expect, it } from 'vitest';
import { enqueuePaced, PACED_MESSAGES_PER_SECOND, type Pace } from './enqueue';
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

/** `count` distinct messages, as a burst of picks per slice once was. */
const burst = (count: number) =>
  Array.from({ length: count }, (_, n): JobMessage => ({ type: 'pick-feeds', shard: n >> 6, slice: n % 64 }));

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
  it('queues a pick per shard, from its first slice, at no more than a third of the 5,000 messages a second a queue takes', async () => {
    const queue = fakeQueue();
    const result = await queuePicks({ JOBS: queue.JOBS }, 256, queue.pace);
    expect(result).toEqual({ sent: 256, lost: 0, lastError: '' });
    const picks = queue.sent.flatMap((call) => call.messages);
    expect(picks).toEqual(Array.from({ length: 256 }, (_, shard) => ({ type: 'pick-feeds', shard, slice: 0 })));
    expect(busiestSecond(queue.sent)).toBeLessThanOrEqual(5000 / 3);
    // Well inside the 5 minutes before the next tick.
    expect(queue.clock()).toBeLessThan(1_000);
  });

  it('paces a burst of messages at a third of the limit', async () => {
    const queue = fakeQueue();
    expect(await enqueuePaced({ JOBS: queue.JOBS }, burst(16_384), { pace: queue.pace })).toEqual({
      sent: 16_384,
      lost: 0,
      lastError: '',
    });
    expect(busiestSecond(queue.sent)).toBeLessThanOrEqual(5000 / 3);
    expect(busiestSecond(queue.sent)).toBeGreaterThanOrEqual(PACED_MESSAGES_PER_SECOND - 100);
    expect(queue.clock()).toBeLessThan(15_000);
  });

  it('retries a refused batch, and a batch refused every time loses only itself', async () => {
    // Refused twice, then taken: nothing lost.
    const flaky = fakeQueue((call) => call === 3 || call === 4);
    expect(await enqueuePaced({ JOBS: flaky.JOBS }, burst(256), { pace: flaky.pace })).toEqual({
      sent: 256,
      lost: 0,
      lastError: 'Too Many Requests',
    });
    // The second batch refused on all three tries: the other batches still go.
    const refusing = fakeQueue((call) => call >= 2 && call <= 4);
    const result = await enqueuePaced({ JOBS: refusing.JOBS }, burst(256), { pace: refusing.pace });
    expect(result).toEqual({ sent: 156, lost: 100, lastError: 'Too Many Requests' });
    expect(refusing.sent.map((call) => call.messages.length)).toEqual([100, 56]);
  });
});
