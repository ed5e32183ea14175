// Per-request dependencies on `c.var` (STYLE.md pattern 4): a request id for logs and the database.
import { createMiddleware } from 'hono/factory';
import { createDb } from '../db/client';
import { announceMailTransport } from '../email/send';
import type { AppEnv } from '../env';

export const services = createMiddleware<AppEnv>(async (c, next) => {
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  c.set('db', createDb(c.env));
  announceMailTransport(c.env);
  await next();
  c.header('x-request-id', c.var.requestId);
});
