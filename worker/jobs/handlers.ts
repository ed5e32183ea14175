// What each message type does. Every handler is idempotent: delivery is at least once.
import { lt } from 'drizzle-orm';
import { authTokens, rateLimits, sessions } from '../../schema';
import { sendDigest } from '../ai/digest';
import { runGeneration } from '../ai/generate';
import { resetMonthlyCredits } from '../billing/credits';
import type { Db } from '../db/client';
import { sendEmail } from '../email/send';
import type { Bindings } from '../env';
import { importOpmlChunk } from '../feeds/import-opml';
import { refreshFeed } from '../feeds/refresh';
import { log } from '../lib/log';
import { RATE_WINDOW_MS } from '../middleware/rate-limit';
import { enqueue } from './enqueue';
import type { JobMessage, JobOf } from './messages';

type Handler<Type extends JobMessage['type']> = (job: JobOf<Type>, env: Bindings, db: Db) => Promise<void>;
type Handlers = { [Type in JobMessage['type']]: Handler<Type> };

export const handlers: Handlers = {
  'refresh-feed': async (job, env, db) => {
    const outcome = await refreshFeed({ db, allowHosts: env.FETCH_ALLOW_HOSTS }, job.feedId);
    if (outcome.kind === 'failed') log.warn('feed.refresh_failed', { feedId: job.feedId, error: outcome.error });
  },
  'import-opml': async (job, env, db) => {
    const { next } = await importOpmlChunk(db, env.FETCH_ALLOW_HOSTS, job.importId, job.offset);
    if (next !== null) await enqueue(env, { type: 'import-opml', importId: job.importId, offset: next });
  },
  'send-email': async (job, env, db) => {
    await sendEmail(env, db, job);
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
    const now = Date.now();
    await db.batch([
      db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
      db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now - 24 * 60 * 60 * 1000))),
      db.delete(rateLimits).where(lt(rateLimits.windowStart, now - RATE_WINDOW_MS)),
    ]);
  },
};

export function runJob(job: JobMessage, env: Bindings, db: Db) {
  return (handlers[job.type] as Handler<typeof job.type>)(job as never, env, db);
}
