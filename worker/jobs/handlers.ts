// What each message type does. Every handler is idempotent: delivery is at least once.
import { sendDigest } from '../ai/digest';
import { runGeneration } from '../ai/generate';
import { deleteExpired } from '../db/cleanup';
import type { Db } from '../db/client';
import { resetMonthlyCredits } from '../db/credits';
import { sendAccountMail } from '../email/account-mail';
import { sendEmail } from '../email/send';
import type { Bindings } from '../env';
import { importOpmlChunk } from '../feeds/import-opml';
import { refreshFeed } from '../feeds/refresh';
import { log } from '../lib/log';
import { enqueue } from './enqueue';
import { pickDueFeeds } from './enqueue-refreshes';
import type { JobMessage, JobOf } from './messages';
import { runPool } from './pool';

/** Feeds of one message refreshed at once; with the consumer's own concurrency, within Workers' 6 connections. */
const FEEDS_AT_ONCE = 2;

type Handler<Type extends JobMessage['type']> = (job: JobOf<Type>, env: Bindings, db: Db) => Promise<void>;
type Handlers = { [Type in JobMessage['type']]: Handler<Type> };

export const handlers: Handlers = {
  'refresh-feed': async (job, env, db) => {
    await refreshAndLog(env, db, job.feedId);
  },
  'refresh-feeds': async (job, env, db) => {
    // Side by side, a few at a time: each waits on its site. A failure is the feed's, recorded on it.
    await runPool(job.feedIds, FEEDS_AT_ONCE, (feedId) => refreshAndLog(env, db, feedId));
  },
  'pick-feeds': async (job, env, db) => {
    const picked = await pickDueFeeds(env, db, job);
    if (picked.length > 0) log.info('cron.feeds_queued', { shard: job.shard, slice: job.slice, queued: picked.length });
  },
  'import-opml': async (job, env, db) => {
    const { next } = await importOpmlChunk(db, env.FETCH_ALLOW_HOSTS, job.importId, job.offset);
    if (next !== null) await enqueue(env, { type: 'import-opml', importId: job.importId, offset: next });
  },
  'send-email': async (job, env, db) => {
    await sendEmail(env, db, job);
  },
  'send-account-email': async (job, env, db) => {
    await sendAccountMail(env, db, job);
  },
  generate: async (job, env, db) => {
    await runGeneration({ env, db }, job.generationId, 'job');
  },
  'send-digest': async (job, env, db) => {
    await sendDigest(env, db, job.userId, job.period);
  },
  'reset-credits': async (job, _env, db) => {
    await resetMonthlyCredits(db, job.userId, job.month);
  },
  cleanup: async (_job, _env, db) => {
    await deleteExpired(db);
  },
};

async function refreshAndLog(env: Bindings, db: Db, feedId: number) {
  const outcome = await refreshFeed({ db, allowHosts: env.FETCH_ALLOW_HOSTS }, feedId);
  if (outcome.kind === 'failed') log.warn('feed.refresh_failed', { feedId, error: outcome.error });
}

export function runJob(job: JobMessage, env: Bindings, db: Db) {
  return (handlers[job.type] as Handler<typeof job.type>)(job as never, env, db);
}
