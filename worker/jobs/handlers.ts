// What each message type does. Every handler is idempotent: delivery is at least once.
import { sendDigest } from '../ai/digest';
import { runGeneration } from '../ai/generate';
import { finishInterruptedDeletions, sweepDeletedAccounts } from '../auth/account-deletion';
import { deleteExpired } from '../db/cleanup';
import { RESETS_PER_JOB, resetDueCredits } from '../db/credits';
import { sendAccountMail } from '../email/account-mail';
import { sendEmail } from '../email/send';
import type { Bindings } from '../env';
import { writeExport } from '../exports/write-export';
import { importOpmlChunk } from '../feeds/import-opml';
import { refreshFeed } from '../feeds/refresh';
import { log } from '../lib/log';
import type { Services } from '../services';
import { enqueue } from './enqueue';
import { pickDueFeeds } from './enqueue-refreshes';
import type { JobMessage, JobOf } from './messages';
import { runPool } from './pool';

/** Feeds of one message refreshed at once; with the consumer's own concurrency, within Workers' 6 connections. */
const FEEDS_AT_ONCE = 2;

/** A job gets the environment (its queue, to enqueue more) and the batch's service context. */
type Handler<Type extends JobMessage['type']> = (job: JobOf<Type>, env: Bindings, services: Services) => Promise<void>;
type Handlers = { [Type in JobMessage['type']]: Handler<Type> };

export const handlers: Handlers = {
  'refresh-feed': async (job, _env, services) => {
    await refreshAndLog(services, job.feedId);
  },
  'refresh-feeds': async (job, _env, services) => {
    // Side by side, a few at a time: each waits on its site. A failure is the feed's, recorded on it.
    await runPool(job.feedIds, FEEDS_AT_ONCE, (feedId) => refreshAndLog(services, feedId));
  },
  'pick-feeds': async (job, env, services) => {
    const picked = await pickDueFeeds(env, services.db, job);
    if (picked.length > 0) log.info('cron.feeds_queued', { shard: job.shard, slice: job.slice, queued: picked.length });
  },
  'import-opml': async (job, env, services) => {
    const { next } = await importOpmlChunk(services, job.importId, job.offset);
    if (next !== null) await enqueue(env, { type: 'import-opml', importId: job.importId, offset: next });
  },
  'send-email': async (job, _env, services) => {
    await sendEmail(services, job);
  },
  'send-account-email': async (job, _env, services) => {
    await sendAccountMail(services, job);
  },
  'export-account': async (job, _env, services) => {
    await writeExport(services, job);
  },
  generate: async (job, env, services) => {
    await runGeneration({ ...services, env }, job.generationId, 'job');
  },
  'send-digest': async (job, env, services) => {
    await sendDigest({ ...services, env }, job.userId, job.period);
  },
  'reset-credits': async (_job, env, { db }) => {
    const { picked, reset } = await resetDueCredits(db);
    log.info('credits.monthly_reset', { reset });
    // A whole batch was due: there may be more, and the next job picks them (this one's are no longer due).
    if (picked === RESETS_PER_JOB) await enqueue(env, { type: 'reset-credits' });
  },
  cleanup: async (job, env, services) => {
    if (!job.after) await deleteExpired(services.db);
    const after = job.after ?? { deletions: 0, tombstones: 0 };
    const finished =
      after.deletions === null ? null : await finishInterruptedDeletions(services, { after: after.deletions });
    const swept = after.tombstones === null ? null : await sweepDeletedAccounts(services, { after: after.tombstones });
    if (finished?.done) log.info('cleanup.deletions_finished', { finished: finished.done });
    if (swept?.done) log.info('cleanup.deleted_accounts_swept', { swept: swept.done });
    const next = { deletions: finished?.next ?? null, tombstones: swept?.next ?? null };
    if (next.deletions !== null || next.tombstones !== null) await enqueue(env, { type: 'cleanup', after: next });
  },
};

async function refreshAndLog(services: Services, feedId: number) {
  const outcome = await refreshFeed(services, feedId);
  if (outcome.kind === 'failed') log.warn('feed.refresh_failed', { feedId, error: outcome.error });
}

export function runJob(job: JobMessage, env: Bindings, services: Services) {
  return (handlers[job.type] as Handler<typeof job.type>)(job as never, env, services);
}
