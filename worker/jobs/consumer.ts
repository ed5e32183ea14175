// The queue consumer: parse, dispatch, retry with backoff. A message that fails every retry goes to
// the dead-letter queue, whose consumer records it in `dead_jobs` so nothing disappears silently.
// Every job of a batch shares one budget of D1 calls (call-budget.ts, issue 30): what finds no room in
// it goes back to the queue as a new message, so an invocation never passes its budget and nothing is
// dropped.

import { openDatabases } from '../db/client';
import { recordDeadJob } from '../db/dead-jobs';
import { type MarkPrunes, pruneTrimmedMarks } from '../db/item-store';
import { storyIndexOf } from '../db/story-ring';
import type { Bindings } from '../env';
import { errorFields, log } from '../lib/log';
import { createServices, type Services } from '../services';
import { CallBudgetSpent, createCallBudget, INVOCATION_CALL_BUDGET } from './call-budget';
import { enqueue } from './enqueue';
import { type JobRoom, runJob } from './handlers';
import { type JobMessage, jobMessage } from './messages';
import { runPool } from './pool';

const DEAD_LETTER_QUEUE = 'feedloom-jobs-dead';
/** Messages of a batch handled at once, besides its refreshes. */
export const CONCURRENCY = 3;
/**
 * Refresh messages of a batch handled at once (each refreshes FEEDS_AT_ONCE feeds at a time: handlers.ts).
 * A refresh holds its body (up to 4 MiB) and its parse until it has written: one at a time, an isolate
 * holds one (36 MB, bench/memory.mjs) where six were 72 MB of its 128 (issue 30). The other jobs run
 * beside it.
 */
export const REFRESH_MESSAGES_AT_ONCE = 1;

/** A message that refreshes feeds (refresh-feed, refresh-feeds), by its type as sent. */
const isRefresh = (message: Message) => String((message.body as { type?: unknown })?.type).startsWith('refresh-');

/** 10 s, 40 s, 160 s … capped at an hour: exponential, so a struggling upstream gets room. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 10 * 4 ** Math.max(0, attempts - 1));

export async function consumeBatch(batch: MessageBatch, env: Bindings, { budget = INVOCATION_CALL_BUDGET } = {}) {
  // One service context for the whole batch, as a request has one (services.ts); each piece of work gets
  // its databases counted against the batch's budget.
  const services = createServices(env);
  const calls = createCallBudget(budget);
  const counted = (wrap: (d1: D1Database) => D1Database): Services => ({
    ...services,
    db: openDatabases(env, services.config.databases, wrap),
    // The story index's ring of day databases, when there is one, is counted as the others are.
    storyIndex: storyIndexOf(env, services.config.storyDatabases, wrap),
  });
  if (batch.queue === DEAD_LETTER_QUEUE) {
    for (const message of batch.messages) {
      log.error('job.dead', { messageId: message.id, body: message.body });
      // One call a message: ten a batch, and never refused.
      const ticket = await calls.reserve(1);
      await recordDeadJob(counted((d1) => ticket?.wrap(d1) ?? d1).db, {
        messageId: message.id,
        body: message.body,
        attempts: message.attempts,
      });
      ticket?.release();
      message.ack();
    }
    return;
  }
  // The trims' read marks: one batch per people database after every job, its room reserved first when
  // the batch refreshes feeds.
  const refreshes = batch.messages.some(isRefresh);
  const pruneRoom = refreshes ? await calls.reserve(services.config.databases.people.length) : null;
  const prunes: MarkPrunes = new Map();
  const room: JobRoom = {
    prunes,
    most: budget - (pruneRoom ? services.config.databases.people.length : 0),
    async run(reserve, work) {
      const ticket = await calls.reserve(reserve);
      if (!ticket) return { ran: false };
      try {
        return { ran: true, value: await work(counted(ticket.wrap)) };
      } finally {
        ticket.release();
      }
    },
  };
  // Messages of a batch run side by side, a few at a time (a Worker may hold 6 outbound connections at
  // once), refreshes one at a time beside the others (REFRESH_MESSAGES_AT_ONCE).
  let deferred = 0;
  const handle = async (message: Message) => {
    const parsed = jobMessage.safeParse(message.body);
    if (!parsed.success) {
      log.error('job.malformed', { messageId: message.id, body: message.body, issues: parsed.error.issues });
      message.ack();
      return;
    }
    let rest: JobMessage | null = null;
    try {
      rest = (await runJob(parsed.data, env, services, room)).rest;
    } catch (error) {
      log.warn(error instanceof CallBudgetSpent ? 'job.budget_spent' : 'job.failed', {
        messageId: message.id,
        type: parsed.data.type,
        attempts: message.attempts,
        ...errorFields(error),
      });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      return;
    }
    if (rest === null) {
      message.ack();
      return;
    }
    // What found no room goes back as a new message: a retry would count as a failed attempt, and
    // enough of them would send a healthy job to the dead-letter queue. Should that fail, the retry.
    try {
      await enqueue(env, rest);
      message.ack();
      deferred++;
    } catch {
      message.retry();
    }
  };
  const refreshMessages = batch.messages.filter(isRefresh);
  await Promise.all([
    runPool(refreshMessages, REFRESH_MESSAGES_AT_ONCE, handle),
    runPool(
      batch.messages.filter((message) => !isRefresh(message)),
      CONCURRENCY,
      handle,
    ),
  ]);
  if (pruneRoom) {
    try {
      await pruneTrimmedMarks(counted(pruneRoom.wrap).db, prunes);
    } catch (error) {
      // The next trim of each of these feeds prunes everything under its line, these marks with it.
      log.warn('jobs.prune_failed', { feeds: prunes.size, ...errorFields(error) });
    } finally {
      pruneRoom.release();
    }
  }
  if (deferred > 0) log.info('jobs.deferred', { deferred, d1Calls: calls.spent() });
}
