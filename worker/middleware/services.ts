// Per-request dependencies on `c.var` (STYLE.md pattern 4): a request id for logs and the service
// context (services.ts), whose database is also `c.var.db` and whose configuration is `c.var.config`.
import { createMiddleware } from 'hono/factory';
import { announceMailTransport } from '../email/send';
import type { AppEnv } from '../env';
import { createServices } from '../services';

export const services = createMiddleware<AppEnv>(async (c, next) => {
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  const services = createServices(c.env);
  c.set('services', services);
  c.set('config', services.config);
  c.set('db', services.db);
  announceMailTransport(services.mail);
  await next();
  c.header('x-request-id', c.var.requestId);
});
