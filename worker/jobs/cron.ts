// Cron Triggers only select and enqueue due work; the queue consumer does it (DESIGN.md). When each
// trigger fires is wrangler.toml's alone (trigger-kind.ts).
import { enqueueDueDigests } from '../ai/digest';
import type { Bindings } from '../env';
import { log } from '../lib/log';
import { createServices } from '../services';
import { enqueueMany } from './enqueue';
import { queuePicks } from './enqueue-refreshes';
import { triggerKind } from './trigger-kind';

export async function dispatchCron(cron: string, env: Bindings) {
  // One service context per run, as a request and a queue batch have (services.ts).
  const { db, config } = createServices(env);
  switch (triggerKind(cron)) {
    case 'frequent': {
      const picks = await queuePicks(env, config.databases.feeds.length);
      if (picks.lost > 0) log.error('cron.picks_lost', { lost: picks.lost, error: picks.lastError });
      log.info('cron.picks_queued', { queued: picks.sent });
      log.info('cron.digests_queued', { queued: await enqueueDueDigests(env, db) });
      break;
    }
    case 'daily': {
      // The resets find who is due themselves, a batch a job (db/credits.ts): the cron reads nothing.
      await enqueueMany(env, [{ type: 'cleanup' }, { type: 'reset-credits' }]);
      break;
    }
  }
}
