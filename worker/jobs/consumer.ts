// The queue consumer: parse, dispatch, retry with backoff. A message that fails every retry goes to
// the dead-letter queue, whose consumer records it in `dead_jobs` so nothing disappears silently.
import { createDb } from '../db/client';
import { recordDeadJob } from '../db/dead-jobs';
import { meteredD1, newMeter } from '../db/metered-d1';
import type { Bindings } from '../env';
import { errorFields, log } from '../lib/log';
import { createServices } from '../services';
import { enqueue } from './enqueue';
import { runJob } from './handlers';
import { jobMessage } from './messages';
import { runPool } from './pool';

const DEAD_LETTER_QUEUE = 'feedloom-jobs-dead';
const CONCURRENCY = 3;

/** 10 s, 40 s, 160 s … capped at an hour: exponential, so a struggling upstream gets room. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 10 * 4 ** Math.max(0, attempts - 1));

/**
 * D1 calls an invocation makes before it takes no more messages: D1 allows 1,000 queries an invocation
 * (developers.cloudflare.com/d1/platform/limits/), and the CONCURRENCY messages already running may
 * still make theirs (a refresh of 10 feeds makes about 50, a trim a few more per people database).
 */
export const CALL_BUDGET = 600;

export async function consumeBatch(batch: MessageBatch, env: Bindings, { budget = CALL_BUDGET } = {}) {
  // One service context for the whole batch, as a request has one (services.ts), its D1 calls counted.
  const calls = newMeter();
  const services = { ...createServices(env), db: createDb(env, (d1) => meteredD1(d1, calls, { countRows: false })) };
  const { db } = services;
  if (batch.queue === DEAD_LETTER_QUEUE) {
    for (const message of batch.messages) {
      log.error('job.dead', { messageId: message.id, body: message.body });
      await recordDeadJob(db, { messageId: message.id, body: message.body, attempts: message.attempts });
      message.ack();
    }
    return;
  }
  // Messages of a batch run side by side, a few at a time: refreshes wait on the network, and a Worker
  // may hold 6 outbound connections at once.
  let deferred = 0;
  await runPool(batch.messages, CONCURRENCY, async (message) => {
    const parsed = jobMessage.safeParse(message.body);
    if (!parsed.success) {
      log.error('job.malformed', { messageId: message.id, body: message.body, issues: parsed.error.issues });
      message.ack();
      return;
    }
    // Past the budget, the rest of the batch goes back to the queue as new messages: a retry would count
    // as a failed attempt, and enough of them would send a healthy job to the dead-letter queue.
    if (calls.calls >= budget) {
      try {
        await enqueue(env, parsed.data);
        message.ack();
        deferred++;
      } catch {
        message.retry();
      }
      return;
    }
    try {
      await runJob(parsed.data, env, services);
      message.ack();
    } catch (error) {
      log.warn('job.failed', {
        messageId: message.id,
        type: parsed.data.type,
        attempts: message.attempts,
        ...errorFields(error),
      });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  });
  if (deferred > 0) log.info('jobs.deferred', { deferred, d1Calls: calls.calls });
}
