// Signing reader apps in (Google Reader ClientLogin). An app proves itself with the account email and
// an app password, never the account password, and gets an Auth token naming that app password, its
// person and their people shard, and its expiry, signed with the server's secret over the password's
// stored hash: revoking the app password (deleting its row and copy) ends every session made from it,
// with no session table, and a token stops working after AUTH_TOKEN_LIFETIME_MS (issue 28 L3). Each call
// checks the token in the person's people database, nothing in the primary (issue 30:
// db/app-password-copies.ts). Requests carry the token as
// "Authorization: GoogleLogin auth=<token>"; no cookie is read, so cross-site requests cannot act.

import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { SessionUser } from '../auth/session';
import { parseId } from '../contracts/ids';
import { type CheckedAppPassword, checkAppPassword, noteAppPasswordUse } from '../db/app-password-copies';
import { findAppPasswordById } from '../db/app-passwords';
import type { PeopleDb } from '../db/client';
import { GateClosed } from '../db/read-gate';
import type { AppEnv } from '../env';
import { afterResponse } from '../lib/after-response';
import { BoundedMap } from '../lib/bounded-map';
import { timingSafeEqual } from '../lib/crypto';
import { forget, holdReadsUntil, readAgain, remember, type Seen, sameRow, seenUnder } from '../middleware/read-ahead';

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * How long an Auth token works: as long as a web session. FreshRSS's and Miniflux's tokens never expire
 * (they are derived from the API password), so a token that leaked kept working; clients sign in again
 * on a 401 with Google-Bad-Token (NetNewsWire does, newsboat signs in on every start, and Google's own
 * ClientLogin tokens expired), so a month bounds a leak at the cost of one sign-in a month. Each
 * ClientLogin issues a fresh token.
 */
export const AUTH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** What a token minted before tokens named the person signed: its app password and expiry. */
const signedPartBefore = (appPasswordId: number, expiresAt: number, secretHash: string) =>
  `greader:${appPasswordId}:${expiresAt}:${secretHash}`;

/** What a token signs: its app password, the person and their people shard (where the check goes), its expiry. */
const signedPart = (claims: AuthTokenClaims, expiresAt: number, secretHash: string) =>
  `greader2:${claims.appPasswordId}:${claims.userId}:${claims.peopleShard}:${expiresAt}:${secretHash}`;

/** Whom and where an Auth token names: the app password, its person and their people shard. */
export type AuthTokenClaims = { appPasswordId: number; userId: number; peopleShard: number };

/**
 * "<app password id>/<person>/<people shard>/<expiry, unix seconds>/<HMAC>", the HMAC over those and the
 * app password's stored hash: the expiry cannot be stretched nor the person or shard changed, and a
 * revoked app password (its copy gone) verifies nothing. The shard says which people database the check
 * reads (db/app-password-copies.ts), so a call reads nothing in the primary.
 */
export async function mintAuthToken(
  secret: string,
  found: { appPasswordId: number; secretHash: string; user: { id: number; peopleShard: number } },
  now = Date.now(),
) {
  const expiresAt = Math.floor((now + AUTH_TOKEN_LIFETIME_MS) / 1000);
  const claims = { appPasswordId: found.appPasswordId, userId: found.user.id, peopleShard: found.user.peopleShard };
  const mac = await hmacHex(secret, signedPart(claims, expiresAt, found.secretHash));
  return `${claims.appPasswordId}/${claims.userId}/${claims.peopleShard}/${expiresAt}/${mac}`;
}

/** The write token of reader/api/0/token: 57 characters, as Google's were, tied to the Auth token. */
export async function actionToken(secret: string, authToken: string) {
  return (await hmacHex(secret, `greader-action:${authToken}`)).slice(0, 57);
}

/**
 * Auth tokens whose HMAC this isolate found right, with the secret and app password hash it was made
 * with: a client sends the same token with every call, and importing the key and signing again was most
 * of a stream's own check. The app password is still read on every call (a revoked one, its copy gone,
 * verifies nothing), and its expiry is still compared; a token is checked again when either hash differs.
 * Bounded (the oldest go first): an entry is about 215 bytes (bench/cache-bytes-workerd.mjs), so 1,000 are
 * this cache's 0.21 MB of an isolate's budget (lib/isolate-cache-budget.ts); an app past them is checked again.
 */
export const MOST_MACS_CHECKED = 1_000;
const macChecked = new BoundedMap<string, { secret: string; secretHash: string }>(MOST_MACS_CHECKED);

const NAMED = /^([0-9]{1,16})\/([0-9]{1,16})\/([0-9]{1,4})\/([0-9]{1,12})\/([0-9a-f]{64})$/;
const BEFORE = /^([^/]+)\/([0-9]{1,12})\/([0-9a-f]{64})$/;

const sameText = (a: string, b: string) => timingSafeEqual(encoder.encode(a), encoder.encode(b));

/**
 * The app password an Auth token names, with its person, or null when the token is forged, expired, or
 * its app password revoked (or its person being deleted). A token naming its person and people shard is
 * checked there (db/app-password-copies.ts checkAppPassword: one batch with the users row's copy); one
 * minted before (three parts) in the primary, as it was, until it expires (AUTH_TOKEN_LIFETIME_MS after
 * the deploy at most).
 */
export async function verifyAuthToken(
  secret: string,
  db: AppEnv['Variables']['db'],
  token: string,
  now = Date.now(),
): Promise<CheckedAppPassword | null> {
  const named = NAMED.exec(token);
  if (named) {
    const [appPasswordId, userId, peopleShard] = [parseId(named[1]), parseId(named[2]), Number(named[3])];
    const expiresAt = Number(named[4]);
    if (appPasswordId === null || userId === null || !(expiresAt * 1000 > now)) return null;
    const found = await checkAppPassword(db, { id: userId, peopleShard }, { appPasswordId }, now);
    if (!found) return null;
    // Checked already in this isolate against the same secret and app password hash: the same answer.
    const checked = macChecked.get(token);
    if (checked && checked.secret === secret && checked.secretHash === found.secretHash) return found;
    const claims = { appPasswordId, userId, peopleShard };
    const mac = await hmacHex(secret, signedPart(claims, expiresAt, found.secretHash));
    if (!sameText(`${appPasswordId}/${userId}/${peopleShard}/${expiresAt}/${mac}`, token)) return null;
    macChecked.set(token, { secret, secretHash: found.secretHash });
    return found;
  }
  const before = BEFORE.exec(token);
  const appPasswordId = parseId(before?.[1]);
  const expiresAt = Number(before?.[2]);
  if (appPasswordId === null || !(expiresAt * 1000 > now)) return null;
  const found = await findAppPasswordById(db, appPasswordId);
  if (!found || found.user.deletingAt !== null) return null;
  const mac = await hmacHex(secret, signedPartBefore(found.appPasswordId, expiresAt, found.secretHash));
  if (!sameText(`${found.appPasswordId}/${expiresAt}/${mac}`, token)) return null;
  return { ...found, copyDue: false, home: null };
}

export type ReaderEnv = AppEnv & { Variables: { user: SessionUser; peopleDb: PeopleDb; readerToken: string } };

/** Google's clients read this header to know the token, not the request, was refused. */
const unauthorized = () =>
  new Response('Unauthorized!', {
    status: 401,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'google-bad-token': 'true' },
  });

export const requireReader = createMiddleware<ReaderEnv>(async (c, next) => {
  const token = /^GoogleLogin\s+auth=(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return unauthorized();
  const key = `greader:${token}`;
  const seen = c.req.method === 'GET' && !readAgain.has(c.req.raw) ? seenUnder(key) : undefined;
  if (seen) return readAhead(c, next, { token, key }, seen);
  const found = await verifyAuthToken(c.var.config.secrets.session, c.var.readGate.outside, token);
  if (!found) {
    forget(key);
    return unauthorized();
  }
  signIn(c, token, found.user);
  noteUse(c, found);
  if (c.req.method === 'GET') remember(key, found.user);
  await next();
  // An edit (a subscription, a label) may change the users row's reading list: the token's next read
  // takes the fresh row with its check rather than going ahead on the old (middleware/read-ahead.ts).
  if (c.req.method !== 'GET') forget(key);
});

/**
 * "Last used" and, when the check read the users row in the primary, its copy are written after the
 * answer: a reader app's sync waits on reads only.
 */
const noteUse = (c: Context<ReaderEnv>, found: CheckedAppPassword) =>
  afterResponse(
    (work) => c.executionCtx.waitUntil(work),
    () => noteAppPasswordUse(c.var.db, found),
  );

function signIn(c: Context<ReaderEnv>, token: string, user: SessionUser) {
  c.set('user', user);
  c.set('peopleDb', c.var.db.people.of(user));
  c.set('readerToken', token);
}

/**
 * The request on the users row this token last found, with the token's check in the same round trip
 * (middleware/read-ahead.ts): a revoked app password or an expired token answers 401 with nothing read
 * shown, and a changed row answers the request again from the start.
 */
async function readAhead(
  c: Context<ReaderEnv>,
  next: Next,
  { token, key }: { token: string; key: string },
  seen: Seen,
) {
  const verdict = holdReadsUntil(
    c,
    verifyAuthToken(c.var.config.secrets.session, c.var.readGate.outside, token).then((found) => {
      if (!found) throw new GateClosed('ended');
      if (!sameRow(seen, found.user)) {
        remember(key, found.user);
        throw new GateClosed('changed');
      }
      return found;
    }),
  );
  signIn(c, token, seen.user);
  await next();
  try {
    noteUse(c, await verdict);
  } catch (error) {
    if (!(error instanceof GateClosed)) throw error;
    if (error.reason === 'ended') {
      forget(key);
      c.res = unauthorized();
    } else readAgain.add(c.req.raw);
  }
}

/**
 * POSTs carry the write token as T. It adds nothing to a header-authenticated request, so like
 * FreshRSS an empty T or Reeder's "x" is accepted; a wrong one is refused.
 */
export async function checkActionToken(secret: string, authToken: string, given: string | undefined) {
  const t = (given ?? '').trim();
  if (t === '' || t === 'x') return true;
  return t === (await actionToken(secret, authToken));
}
