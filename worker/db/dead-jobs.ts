// Queue messages that failed every retry (jobs/consumer.ts): kept so nothing disappears silently.
import { deadJobs } from '../../schema';
import type { Db } from './client';

export async function recordDeadJob(db: Db, job: { messageId: string; body: unknown; attempts: number }) {
  await db.insert(deadJobs).values({
    messageId: job.messageId,
    body: JSON.stringify(job.body).slice(0, 100_000),
    attempts: job.attempts,
    createdAt: new Date(),
  });
}
