// Loads the signed-in person, if any, and guards routes that need one (or an admin).
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { checkSession, SESSION_COOKIE, tokenWithClaims, verifySessionToken } from '../auth/session';
import { setSessionCookie } from '../auth/session-cookie';
import { createReader } from '../db/reader';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';
import { startEarlyReads } from './early-reads';

export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('peopleDb', null);
  c.set('sessionId', null);
  c.set('reader', null);
  const token = getCookie(c, SESSION_COOKIE);
  const claims = token ? await verifySessionToken(c.var.config.secrets.session, token) : null;
  if (claims) {
    // Started before the row check and at the same time as it; used only after it (early-reads.ts).
    const early = startEarlyReads(c, claims);
    const session = await checkSession(c.var.db, claims.sessionId);
    if (session) {
      const peopleDb = c.var.db.people.of(session.user);
      c.set('user', session.user);
      c.set('peopleDb', peopleDb);
      c.set('sessionId', session.sessionId);
      // The reading list as the session row carries it, or as read beside it (early-reads.ts): used
      // only by the requests that ask the reader for it.
      c.set(
        'reader',
        createReader(peopleDb, session.user, {
          copy: early.readingListFor(session.user),
          pageSpans: session.user,
          waitUntil: (work) => c.executionCtx.waitUntil(work),
        }),
      );
      if (session.touch) c.executionCtx.waitUntil(session.touch.then(() => undefined));
      // A token signed before it named the person and their people shard: the same session's token with
      // them, so their next lists read the reading list beside the session (early-reads.ts) at once,
      // not only after their next sign-in.
      if (!claims.person)
        setSessionCookie(c, await tokenWithClaims(c.var.config.secrets.session, session), session.expiresAt);
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
  if (!c.var.config.adminUserIds.has(user.id)) throw new ApiError('FORBIDDEN', 'Admins only');
  log.info('admin.action', { userId: user.id, method: c.req.method, path: c.req.path, requestId: c.var.requestId });
  await next();
});
