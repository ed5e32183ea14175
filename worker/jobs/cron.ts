// Cron Triggers only select and enqueue due work; the queue consumer does it (DESIGN.md). When each
// trigger fires is wrangler.toml's alone (trigger-kind.ts).
import { enqueueDueDigests } from '../ai/digest';
import { selectDueCreditResets } from '../db/credits';
import type { Bindings } from '../env';
import { log } from '../lib/log';
import { createServices } from '../services';
import { enqueue, enqueueMany } from './enqueue';
import { queuePicks } from './enqueue-refreshes';
import { triggerKind } from './trigger-kind';

export async function dispatchCron(cron: string, env: Bindings) {
  // One service context per run, as a request and a queue batch have (services.ts).
  const { db } = createServices(env);
  switch (triggerKind(cron)) {
    case 'frequent': {
      log.info('cron.picks_queued', { queued: await queuePicks(env) });
      log.info('cron.digests_queued', { queued: await enqueueDueDigests(env, db) });
      break;
    }
    case 'daily': {
      await enqueue(env, { type: 'cleanup' });
      const resets = await selectDueCreditResets(db);
      await enqueueMany(
        env,
        resets.map((reset) => ({ type: 'reset-credits' as const, ...reset })),
      );
      log.info('cron.credit_resets_queued', { queued: resets.length });
      break;
    }
  }
}
