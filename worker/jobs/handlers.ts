// What each message type does. Every handler is idempotent: delivery is at least once.
// Each runs on the batch's D1 call budget (call-budget.ts): most as one piece of work of a known most
// calls (JOB_CALLS), the refreshes a feed at a time and the cleanup an account at a time, so that what
// finds no room is handed back (`rest`) and sent to the queue again, never dropped.

import { sendDigest } from '../ai/digest';
import { runGeneration } from '../ai/generate';
import { type CleanupRoom, finishInterruptedDeletions, sweepDeletedAccounts } from '../auth/account-deletion';
import { deleteExpired } from '../db/cleanup';
import { RESETS_PER_JOB, resetDueCredits } from '../db/credits';
import type { MarkPrunes } from '../db/item-store';
import { RING_CALLS_PER_REFRESH } from '../db/story-ring';
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

/**
 * Feeds of one message refreshed at once. With the consumer's concurrency (3 messages), 3 feeds at the
 * 4 MiB body cap parsed side by side: 36 MB of the isolate's 128 (issue 30: six at once were 72 MB,
 * 1.78x; bench/memory.mjs). The refresh capacity this costs is far from needed (docs/scaling.md).
 */
export const FEEDS_AT_ONCE = 1;

/**
 * The most D1 calls one feed's refresh makes, with `peopleDatabases` people databases: the feed, the
 * known items, the story index's lookup, the write, the new stories (two), the new items read for the
 * rules, the dates and the schedule (refresh.ts, REFRESH_FIXED_CALLS); and in each people database the
 * followers' rules, and for what matched a star statement, a batch, and the feed shard's batch
 * (rules/apply-new.ts). Its trim's read marks are pruned with the batch's (MarkPrunes). With a ring of
 * day databases for the story index (STORY_DATABASES), the ring's calls beyond those.
 * worker/jobs/consumer-budget.test.ts measures the heaviest refresh against it.
 */
export const refreshCalls = (peopleDatabases: number, storyRing = false) =>
  REFRESH_FIXED_CALLS + 4 * peopleDatabases + (storyRing ? RING_CALLS_PER_REFRESH : 0);
export const REFRESH_FIXED_CALLS = 10;

/**
 * The most D1 calls of a job of each other type, as the budget reserves them (a job that makes more
 * goes on while the invocation has room unreserved: call-budget.ts). A pick leases slice by slice (64
 * statements) and may hand a busy host's feeds back.
 */
const JOB_CALLS: Record<Exclude<JobMessage['type'], PartedType>, number> = {
  'pick-feeds': 130,
  'import-opml': 60,
  'send-email': 5,
  'send-account-email': 10,
  'export-account': 60,
  generate: 20,
  'send-digest': 40,
  'reset-credits': 2,
};

/** The jobs that take their room a part at a time: a feed, an account. */
type PartedType = 'refresh-feed' | 'refresh-feeds' | 'cleanup';
const isParted = (type: JobMessage['type']): type is PartedType =>
  type === 'refresh-feed' || type === 'refresh-feeds' || type === 'cleanup';

/** What a job runs in: room on the batch's call budget, and the batch's trims to prune together. */
export type JobRoom = {
  /**
   * Runs `work` with room for `calls` D1 calls, on services whose databases count them; `ran` false
   * (nothing done) when the invocation has no such room left.
   */
  run<T>(calls: number, work: (services: Services) => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** The read marks under each trimmed feed's line, pruned once for the whole batch (item-store.ts). */
  prunes: MarkPrunes;
  /** The most calls any one piece of work could be given in an invocation of its own. */
  most: number;
};

/** A job gets the environment (its queue, to enqueue more) and the service context of its room. */
type Handler<Type extends JobMessage['type']> = (job: JobOf<Type>, env: Bindings, services: Services) => Promise<void>;
/** A job that takes its room a part at a time: it returns what found none, for the queue (or nothing). */
type PartedHandler<Type extends JobMessage['type']> = (
  job: JobOf<Type>,
  env: Bindings,
  services: Omit<Services, 'db'>,
  room: JobRoom,
) => Promise<JobMessage | undefined>;

const handlers: { [Type in keyof typeof JOB_CALLS]: Handler<Type> } = {
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
};

/** Refreshes the feeds a room at a time; the ids that found none, in their order. */
async function refreshEach(feedIds: number[], services: Omit<Services, 'db'>, room: JobRoom) {
  const calls = refreshCalls(services.config.databases.people.length, services.config.storyDatabases !== null);
  const left = new Set<number>();
  await runPool(feedIds, FEEDS_AT_ONCE, async (feedId) => {
    const outcome = await room.run(calls, (counted) => refreshAndLog(counted, feedId, room.prunes));
    if (!outcome.ran) left.add(feedId);
  });
  return feedIds.filter((id) => left.has(id));
}

/** The cleanup's room: work on the databases only, and the most an account may need (after the listings). */
const cleanupRoom = (room: JobRoom, services: Omit<Services, 'db'>): CleanupRoom => ({
  run: (calls, work) => room.run(calls, (counted) => work(counted.db)),
  most: room.most - 3,
  peopleDatabases: services.config.databases.people.length,
});

const partedHandlers: { [Type in PartedType]: PartedHandler<Type> } = {
  'refresh-feed': async (job, _env, services, room) => {
    const left = await refreshEach([job.feedId], services, room);
    return left.length > 0 ? job : undefined;
  },
  'refresh-feeds': async (job, _env, services, room) => {
    // Side by side, a few at a time: each waits on its site. A failure is the feed's, recorded on it.
    const left = await refreshEach(job.feedIds, services, room);
    return left.length > 0 ? { type: 'refresh-feeds', feedIds: left } : undefined;
  },
  // Accounts one at a time while the budget has room for each (auth/account-deletion.ts); the job left
  // goes on from where this one stopped.
  cleanup: async (job, _env, services, room) => {
    if (!job.after) {
      // One call in each people database: expired sessions are in all of them (db/cleanup.ts).
      const calls = services.config.databases.people.length;
      const expired = await room.run(calls, (counted) => deleteExpired(counted.db));
      if (!expired.ran) return job;
    }
    const after = job.after ?? { deletions: 0, tombstones: 0 };
    const accounts = cleanupRoom(room, services);
    const finished =
      after.deletions === null
        ? null
        : await finishInterruptedDeletions(services, accounts, { after: after.deletions });
    // The tombstones in what room is left (none: the next job takes them from the same place).
    const swept =
      after.tombstones === null ? null : await sweepDeletedAccounts(services, accounts, { after: after.tombstones });
    if (finished?.done) log.info('cleanup.deletions_finished', { finished: finished.done });
    if (swept?.done) log.info('cleanup.deleted_accounts_swept', { swept: swept.done });
    const next = { deletions: finished?.next ?? null, tombstones: swept?.next ?? null };
    return next.deletions !== null || next.tombstones !== null ? { type: 'cleanup', after: next } : undefined;
  },
};

async function refreshAndLog(services: Services, feedId: number, prunes: MarkPrunes) {
  const outcome = await refreshFeed({ ...services, prunes }, feedId);
  if (outcome.kind === 'failed') log.warn('feed.refresh_failed', { feedId, error: outcome.error });
}

/**
 * Runs the job on the batch's budget; `rest` is what found no room (the whole job, or the part left),
 * for the caller to send to the queue again.
 */
export async function runJob(job: JobMessage, env: Bindings, services: Services, room: JobRoom) {
  if (isParted(job.type)) {
    const { db: _db, ...withoutDb } = services;
    const rest = await (partedHandlers[job.type] as PartedHandler<typeof job.type>)(job as never, env, withoutDb, room);
    return { rest: rest ?? null };
  }
  const handler = handlers[job.type] as Handler<typeof job.type>;
  const outcome = await room.run(JOB_CALLS[job.type], (counted) => handler(job as never, env, counted));
  return { rest: outcome.ran ? null : job };
}
