// Typed producers for the JOBS queue. Messages are checked before they leave, so a bad one fails at
// the sender, where the bug is, and not in the consumer.
import type { Bindings } from '../env';
import { type JobMessage, jobMessage } from './messages';

export async function enqueue(env: Pick<Bindings, 'JOBS'>, message: JobMessage, delaySeconds?: number) {
  await env.JOBS.send(jobMessage.parse(message), delaySeconds ? { delaySeconds } : undefined);
}

/** Sends in batches of 100, the Queues limit per sendBatch call. */
export async function enqueueMany(env: Pick<Bindings, 'JOBS'>, messages: JobMessage[]) {
  for (let start = 0; start < messages.length; start += 100) {
    await env.JOBS.sendBatch(messages.slice(start, start + 100).map((body) => ({ body: jobMessage.parse(body) })));
  }
}

/**
 * Messages a second a paced sender keeps to: under a third of the 5,000 a second a queue takes
 * (developers.cloudflare.com/queues/platform/limits/), so a burst keeps 3× headroom with the refreshes
 * its picks queue meanwhile.
 */
export const PACED_MESSAGES_PER_SECOND = 1_500;
/** Tries of one sendBatch before its messages are given up on (the next cron tick sends them again). */
const SEND_TRIES = 3;

/** Time as a paced sender sees it: the real clock and timers, or a test's. */
export type Pace = { now: () => number; sleep: (ms: number) => Promise<void> };

const realPace: Pace = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Sends `messages` in batches of 100 at no more than `perSecond` (each batch leaves once the time since
 * the first allows every message sent so far), retrying a failed batch after 1 s and 2 s. A batch that
 * fails every try is counted in `lost` and the rest still go: the cron's burst used to throw on the first
 * refused batch and lose the rest of its tick (issue 30).
 */
export async function enqueuePaced(
  env: Pick<Bindings, 'JOBS'>,
  messages: JobMessage[],
  { pace = realPace, perSecond = PACED_MESSAGES_PER_SECOND } = {},
) {
  const started = pace.now();
  let sent = 0;
  let lost = 0;
  let lastError = '';
  for (let start = 0; start < messages.length; start += 100) {
    const wait = started + (sent / perSecond) * 1000 - pace.now();
    if (wait > 0) await pace.sleep(wait);
    const batch = messages.slice(start, start + 100).map((body) => ({ body: jobMessage.parse(body) }));
    for (let attempt = 1; ; attempt++) {
      try {
        await env.JOBS.sendBatch(batch);
        sent += batch.length;
        break;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        if (attempt === SEND_TRIES) {
          lost += batch.length;
          break;
        }
        await pace.sleep(1000 * 2 ** (attempt - 1));
      }
    }
  }
  return { sent, lost, lastError };
}
