// The Worker's entry: HTTP (API + SPA assets), the queue consumer and the cron dispatcher.
import { app } from './app';
import type { Bindings } from './env';
import { consumeBatch } from './jobs/consumer';
import { dispatchCron } from './jobs/cron';
import { readAgain } from './middleware/read-ahead';

export default {
  async fetch(request: Request, env: Bindings, ctx: ExecutionContext) {
    const response = await app.fetch(request, env, ctx);
    // A read that went ahead on a users row that had changed since is answered again, on the fresh one,
    // without reading ahead (middleware/read-ahead.ts).
    return readAgain.has(request) ? app.fetch(request, env, ctx) : response;
  },
  async queue(batch, env, _ctx) {
    await consumeBatch(batch, env);
  },
  async scheduled(controller, env, _ctx) {
    await dispatchCron(controller.cron, env);
  },
} satisfies ExportedHandler<Bindings>;
