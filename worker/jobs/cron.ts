// Cron Triggers only select and enqueue due work; the queue consumer does it (DESIGN.md).
import type { Bindings } from '../env';
import { log } from '../lib/log';
import { enqueue } from './enqueue';

export const CRON_EVERY_5_MINUTES = '*/5 * * * *';
export const CRON_DAILY = '0 3 * * *';

export async function dispatchCron(cron: string, env: Bindings) {
  switch (cron) {
    case CRON_EVERY_5_MINUTES:
      break;
    case CRON_DAILY:
      await enqueue(env, { type: 'cleanup' });
      break;
    default:
      log.warn('cron.unknown', { cron });
  }
}
