// Cron Triggers only select and enqueue due work; the queue consumer does it (DESIGN.md).
import { createDb } from '../db/client';
import type { Bindings } from '../env';
import { log } from '../lib/log';
import { enqueue } from './enqueue';
import { enqueueRefreshes, selectDueFeeds } from './enqueue-refreshes';

export const CRON_EVERY_5_MINUTES = '*/5 * * * *';
export const CRON_DAILY = '0 3 * * *';

export async function dispatchCron(cron: string, env: Bindings) {
  switch (cron) {
    case CRON_EVERY_5_MINUTES: {
      const db = createDb(env.DB);
      const queued = await enqueueRefreshes(env, db, await selectDueFeeds(db));
      log.info('cron.feeds_queued', { queued });
      break;
    }
    case CRON_DAILY:
      await enqueue(env, { type: 'cleanup' });
      break;
    default:
      log.warn('cron.unknown', { cron });
  }
}
