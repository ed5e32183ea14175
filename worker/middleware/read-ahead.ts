// A signed-in read in one round trip (issue 23): the session row's check and the read itself go out
// together, and the read is used only once the check has found the session live.
//
// A read needs the person's users row before it can ask for anything (their reading list, time zone,
// remembered spans), and that row comes with the session's check. So a read waited for two round trips
// in sequence. This isolate keeps the users row (and reading list copy) it last saw live for each session;
// a read whose session it has seen goes ahead on that copy while the check runs, through databases that
// hold every answer until the check is done (db/read-gate.ts). Then:
// - the session is live and the row and list are as kept: the read stands, one round trip;
// - the session has ended: the answer is a 401, as without the read-ahead, and nothing read is shown;
// - the row or the list has changed since: the request is answered again from the start, on the fresh
//   row, without reading ahead (`readAgain`, worker/index.ts): two round trips, as before.
// Writes wait for the check (read-gate.ts), except a read mark's or star's (issue 30: a far reader's
// mark was a near round trip for the check, then a far one for the write): a PATCH of one item goes ahead
// too, and its batch of writes to the person's people database goes out with the check, guarded in SQL
// by the live session row there (read-gate.ts `guard`), so an ended session's mark changes nothing. A
// mark depends only on who the person is, which a changed users row does not change (their id and people
// shard are fixed), so a changed row does not answer it again (its body is read already). Only the
// requests below go ahead; a first request of a session in this isolate takes the two round trips and is
// remembered.
// Reader apps read ahead the same way on the users row their Auth token's app password last found
// (greader/auth.ts), kept here under the token.
import type { Context } from 'hono';
import type { SessionClaims, SessionUser } from '../auth/session';
import type { ReadGate, WriteGuard } from '../db/read-gate';
import type { UsersRowCopy } from '../db/reading-list';
import type { AppEnv } from '../env';
import type { EarlyReads } from './early-reads';

/**
 * What a read goes ahead on: the users row last seen with a live session and, for someone whose reading
 * list is kept in their people database (early-reads.ts), that list as last read (undefined: not yet).
 */
export type Seen = { user: SessionUser; keptList: UsersRowCopy; size: number };

/**
 * How much this isolate keeps, in characters of users rows (a reading list of a thousand feeds is about
 * 100 KB, of 50 feeds about 2.5 KB): 1.65 bytes a character as counted in workerd (bench/cache-bytes-
 * workerd.mjs: a list's JSON is two bytes a character once a name has a typographic quote or a dash), so
 * 1,000,000 are this cache's 1.65 MB of an isolate's budget (lib/isolate-cache-budget.ts), about 285
 * sessions of 50 feeds. The oldest seen go first; a session not kept reads in two round trips.
 */
export const KEPT_CHARACTERS = 1_000_000;
/**
 * What a users row without its reading list counts toward KEPT_CHARACTERS: about what it takes as drizzle
 * maps it (1,860 bytes in Node, less in workerd: bench/cache-bytes.mjs) at two bytes a character.
 */
const ROW_CHARACTERS = 1_000;
/** A row larger than this is not kept at all: one person would push out hundreds. */
const LARGEST_ROW = 200_000;

const seenBySession = new Map<string, Seen>();
let keptCharacters = 0;

/** What this isolate keeps now, in characters as counted toward KEPT_CHARACTERS: for the test of its bound. */
export const keptCharacterCount = () => keptCharacters;

/** A read mark or star of one item: PATCH /api/feed-items/:id. */
const ONE_ITEM = /^\/api\/feed-items\/\d+$/;

/**
 * The development floor probe of a list (routes/dev.ts `/bench/page-floor`): signed in, it reads ahead as
 * a list does, so the FreshRSS bench measures the cheapest correct list (the check and the rows, one call).
 */
const PAGE_FLOOR = '/api/dev/bench/page-floor';

/**
 * What goes ahead of the check: the lists, an item and the sidebar (GETs that only read: 'read'), and a
 * read mark or star ('mark'), or nothing.
 */
export function goesAhead(request: Context<AppEnv>['req']): 'read' | 'mark' | null {
  const path = request.path.replace(/\/$/, '');
  if (request.method === 'PATCH') return ONE_ITEM.test(path) ? 'mark' : null;
  if (request.method !== 'GET') return null;
  const reads =
    path === '/api/feed-items' || ONE_ITEM.test(path) || path === '/api/categories/with-feeds' || path === PAGE_FLOOR;
  return reads ? 'read' : null;
}

/** Requests to be answered again without reading ahead: the row a read went ahead on had changed. */
export const readAgain = new WeakSet<Request>();

/**
 * Holds every D1 answer of this request until `check` settles (db/read-gate.ts): the request reads ahead
 * of it. `check` fails with GateClosed when the reads must not be used; what it settles to is returned.
 * `guard`: the session row a batch of writes to its database may go out on before then, checked in SQL.
 */
export function holdReadsUntil<T>(
  c: { var: { readGate: ReadGate } },
  check: Promise<T>,
  guard: WriteGuard | null = null,
): Promise<T> {
  const gate = check.then(() => undefined);
  // Seen by the calls the gate holds, and by the caller; a request that made none leaves them
  // unobserved, which is not an unhandled rejection.
  gate.catch(() => undefined);
  check.catch(() => undefined);
  c.var.readGate.verdict = gate;
  c.var.readGate.guard = guard;
  return check;
}

/** What a reader app's call may read ahead on: the users row its credential (`key`) last found live. */
export const seenUnder = (key: string): Seen | undefined => seenBySession.get(key);

/** What this request may read ahead on, if anything: a list read beside the check needs the list seen too. */
export function seenFor(c: Context<AppEnv>, claims: SessionClaims, early: EarlyReads): Seen | undefined {
  if (!claims.person || !goesAhead(c.req) || readAgain.has(c.req.raw)) return undefined;
  const seen = seenBySession.get(claims.sessionId);
  if (seen?.user.id !== claims.person.userId) return undefined;
  return early.readsKeptList && seen.keptList === undefined ? undefined : seen;
}

/**
 * Keeps what a live session's check found, for this session's next reads: the users row, and the kept
 * reading list where the request read it (otherwise the one seen before, if the row is the same).
 */
export function remember(sessionId: string, user: SessionUser, keptList?: UsersRowCopy) {
  const before = seenBySession.get(sessionId);
  const list = keptList !== undefined ? keptList : before && sameRow(before, user) ? before.keptList : undefined;
  forget(sessionId);
  const size = ROW_CHARACTERS + (user.readingList?.length ?? 0) + (list?.length ?? 0);
  if (size > LARGEST_ROW) return;
  seenBySession.set(sessionId, { user, keptList: list, size });
  keptCharacters += size;
  for (const [oldest, seen] of seenBySession) {
    if (keptCharacters <= KEPT_CHARACTERS) break;
    seenBySession.delete(oldest);
    keptCharacters -= sizeOf(seen);
  }
}

const sizeOf = (seen: Seen) => seen.size;

export function forget(sessionId: string) {
  const seen = seenBySession.get(sessionId);
  if (!seen) return;
  seenBySession.delete(sessionId);
  keptCharacters -= sizeOf(seen);
}

/** The remembered page spans and their anchors: they only size a first page's first window
 * (items/windows.ts), so a page read on an older span is the same page, and the span a page keeps after its
 * response would otherwise send the next one round again. And the row's version, which every change
 * counts, the spans' too (db/users-row-copy.ts): the other columns say whether anything else changed. */
const SPANS = new Set<string>([
  'pageSpanMs',
  'pageAnchorMs',
  'unreadPageSpanMs',
  'unreadPageAnchorMs',
  'categoryPageSpans',
  'version',
]);

/**
 * Whether the row the check found is the one the read went ahead on, spans aside. Compared field by field:
 * writing both rows out as JSON took about a millisecond of a list request's CPU (a reading list is long).
 */
export function sameRow(seen: Seen, user: SessionUser): boolean {
  const before = seen.user as Record<string, unknown>;
  const after = user as Record<string, unknown>;
  const keys = Object.keys(after);
  if (keys.length !== Object.keys(before).length) return false;
  for (const key of keys) {
    if (SPANS.has(key)) continue;
    const [a, b] = [before[key], after[key]];
    if (a === b) continue;
    if (!(a instanceof Date && b instanceof Date && a.getTime() === b.getTime())) return false;
  }
  return true;
}
