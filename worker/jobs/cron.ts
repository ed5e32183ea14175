// Cron Triggers only select and enqueue due work; the queue consumer does it (DESIGN.md).
import { enqueueDueDigests } from '../ai/digest';
import { createDb } from '../db/client';
import { selectDueCreditResets } from '../db/credits';
import type { Bindings } from '../env';
import { log } from '../lib/log';
import { enqueue, enqueueMany } from './enqueue';
import { queuePicks } from './enqueue-refreshes';

export const CRON_EVERY_5_MINUTES = '*/5 * * * *';
export const CRON_DAILY = '0 3 * * *';

export async function dispatchCron(cron: string, env: Bindings) {
  switch (cron) {
    case CRON_EVERY_5_MINUTES: {
      log.info('cron.picks_queued', { queued: await queuePicks(env) });
      log.info('cron.digests_queued', { queued: await enqueueDueDigests(env, createDb(env)) });
      break;
    }
    case CRON_DAILY: {
      await enqueue(env, { type: 'cleanup' });
      const resets = await selectDueCreditResets(createDb(env));
      await enqueueMany(
        env,
        resets.map((reset) => ({ type: 'reset-credits' as const, ...reset })),
      );
      log.info('cron.credit_resets_queued', { queued: resets.length });
      break;
    }
    default:
      log.warn('cron.unknown', { cron });
  }
}
