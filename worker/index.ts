// The Worker's entry: HTTP (API + SPA assets), the queue consumer and the cron dispatcher.
import { app } from './app';
import type { Bindings } from './env';
import { consumeBatch } from './jobs/consumer';
import { dispatchCron } from './jobs/cron';

export default {
  fetch: app.fetch,
  async queue(batch, env, _ctx) {
    await consumeBatch(batch, env);
  },
  async scheduled(controller, env, _ctx) {
    await dispatchCron(controller.cron, env);
  },
} satisfies ExportedHandler<Bindings>;
