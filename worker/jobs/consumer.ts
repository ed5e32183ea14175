// The queue consumer: parse, dispatch, retry with backoff. A message that fails every retry goes to
// the dead-letter queue, whose consumer records it in `dead_jobs` so nothing disappears silently.
import { recordDeadJob } from '../db/dead-jobs';
import type { Bindings } from '../env';
import { errorFields, log } from '../lib/log';
import { createServices } from '../services';
import { runJob } from './handlers';
import { jobMessage } from './messages';
import { runPool } from './pool';

const DEAD_LETTER_QUEUE = 'feedloom-jobs-dead';
const CONCURRENCY = 3;

/** 10 s, 40 s, 160 s … capped at an hour: exponential, so a struggling upstream gets room. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 10 * 4 ** Math.max(0, attempts - 1));

export async function consumeBatch(batch: MessageBatch, env: Bindings) {
  // One service context for the whole batch, as a request has one (services.ts).
  const services = createServices(env);
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
  await runPool(batch.messages, CONCURRENCY, async (message) => {
    const parsed = jobMessage.safeParse(message.body);
    if (!parsed.success) {
      log.error('job.malformed', { messageId: message.id, body: message.body, issues: parsed.error.issues });
      message.ack();
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
}
