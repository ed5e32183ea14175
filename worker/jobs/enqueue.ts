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
