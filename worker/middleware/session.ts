// Loads the signed-in person, if any, and guards routes that need one (or an admin).
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { readSession, SESSION_COOKIE } from '../auth/session';
import { type AppEnv, adminUserIds } from '../env';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';

export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('peopleDb', null);
  c.set('sessionId', null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const session = await readSession(c.var.db, c.env.SESSION_SECRET, token);
    if (session) {
      c.set('user', session.user);
      c.set('peopleDb', c.var.db.people.of(session.user));
      c.set('sessionId', session.sessionId);
      if (session.touch) c.executionCtx.waitUntil(session.touch.then(() => undefined));
    }
  }
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new ApiError('UNAUTHORIZED', 'Not signed in');
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new ApiError('UNAUTHORIZED', 'Not signed in');
  if (!adminUserIds(c.env).has(user.id)) throw new ApiError('FORBIDDEN', 'Admins only');
  log.info('admin.action', { userId: user.id, method: c.req.method, path: c.req.path, requestId: c.var.requestId });
  await next();
});
