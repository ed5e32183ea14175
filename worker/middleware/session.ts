// Loads the signed-in person, if any, and guards routes that need one (or an admin).
import type { Context, Next } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import {
  checkSession,
  SESSION_COOKIE,
  type SessionClaims,
  type SessionUser,
  tokenWithClaims,
  verifySessionToken,
} from '../auth/session';
import { setSessionCookie } from '../auth/session-cookie';
import { GateClosed, type WriteGuard } from '../db/read-gate';
import { createReader } from '../db/reader';
import type { UsersRowCopy } from '../db/reading-list';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';
import { type EarlyReads, startEarlyReads } from './early-reads';
import { forget, goesAhead, holdReadsUntil, readAgain, remember, type Seen, sameRow, seenFor } from './read-ahead';

export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('peopleDb', null);
  c.set('sessionId', null);
  c.set('reader', null);
  const token = getCookie(c, SESSION_COOKIE);
  const claims = token ? await verifySessionToken(c.var.config.secrets.session, token) : null;
  if (!claims) return next();
  // Started before the row check and at the same time as it; used only after it (early-reads.ts).
  const early = startEarlyReads(c, claims);
  const seen = seenFor(c, claims, early);
  if (seen) return readAhead(c, next, claims, seen, early);
  const session = await checkSession(c.var.readGate.outside, claims, Date.now(), {
    withKeptList: early.readsKeptList,
  });
  if (session) {
    // The reading list as the session row carries it, or as read beside it (early-reads.ts): used
    // only by the requests that ask the reader for it.
    const copy = early.readingListFor(session);
    signIn(c, session.sessionId, session.user, copy);
    if (session.touch) c.executionCtx.waitUntil(session.touch);
    // A token signed before it named the person, their people shard and the session row there (now
    // copied there: auth/session.ts): the same session's token with them, so their next requests check
    // the row in their people database, and lists read the reading list beside it (early-reads.ts).
    if (session.moved)
      setSessionCookie(c, await tokenWithClaims(c.var.config.secrets.session, session), session.expiresAt);
    // What this session's next reads and marks may go ahead on (read-ahead.ts); another request that
    // writes forgets it below.
    else if (goesAhead(c.req))
      c.executionCtx.waitUntil(
        copy.then((list) => remember(session.sessionId, session.user, early.readsKeptList ? list : undefined)),
      );
  } else forget(claims.sessionId);
  await next();
  // A request that may have changed the users row or the reading list (a follow, a preference; not a
  // read mark or star): this session's next read takes the fresh ones with its check rather than going
  // ahead on the old.
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !goesAhead(c.req)) forget(claims.sessionId);
});

/** The signed-in person on `c.var`, reading through `copy` of their reading list. */
function signIn(c: Context<AppEnv>, sessionId: string, user: SessionUser, copy: UsersRowCopy | Promise<UsersRowCopy>) {
  const peopleDb = c.var.db.people.of(user);
  c.set('user', user);
  c.set('peopleDb', peopleDb);
  c.set('sessionId', sessionId);
  c.set(
    'reader',
    createReader(peopleDb, user, { copy, pageSpans: user, waitUntil: (work) => c.executionCtx.waitUntil(work) }),
  );
}

/**
 * The request on the users row and list `seen`, with the session's check in the same round trip: its
 * databases hold every answer until the check is done (db/read-gate.ts), and the answer is replaced
 * with a 401 if the session has ended, or marked to be answered again if the row has changed.
 */
async function readAhead(c: Context<AppEnv>, next: Next, claims: SessionClaims, seen: Seen, early: EarlyReads) {
  const now = Date.now();
  const mark = goesAhead(c.req) === 'mark';
  // The check goes outside the gate it opens (db/read-gate.ts).
  const checked = checkSession(c.var.readGate.outside, claims, now, { withKeptList: early.readsKeptList });
  const verdict = checked.then(async (session) => {
    if (!session) throw new GateClosed('ended');
    const keptList = early.readsKeptList ? await early.readingListFor(session) : undefined;
    if (!sameRow(seen, session.user) || (early.readsKeptList && keptList !== seen.keptList)) {
      remember(session.sessionId, session.user, keptList);
      // A mark is the same mark on the fresh row: only who the person is matters to it (read-ahead.ts).
      if (!mark) throw new GateClosed('changed');
    }
    return session;
  });
  holdReadsUntil(c, verdict, mark ? markGuard(c, claims, now) : null);
  signIn(c, claims.sessionId, seen.user, early.readsKeptList ? seen.keptList : seen.user.readingList);
  await next();
  try {
    const session = await verdict;
    if (session.touch) c.executionCtx.waitUntil(session.touch);
  } catch (error) {
    if (!(error instanceof GateClosed)) throw error;
    if (error.reason === 'ended') {
      forget(claims.sessionId);
      throw new ApiError('UNAUTHORIZED', 'Not signed in');
    }
    readAgain.add(c.req.raw);
  }
}

/**
 * The session row a mark's writes may go out on with the check (db/read-gate.ts), when the token names
 * it in the person's people database: their batch there carries the row's check in SQL.
 */
function markGuard(c: Context<AppEnv>, claims: SessionClaims, now: number): WriteGuard | null {
  const people = c.var.readGate.outside.people;
  const person = claims.person;
  if (!claims.rowInPeople || !person || person.peopleShard >= people.count) return null;
  return { binding: people.at(person.peopleShard).binding, sessionId: claims.sessionId, userId: person.userId, now };
}

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
