// Sessions: a row per sign-in in `sessions`, named by a jose-signed token in an HttpOnly cookie. The
// signature stops forged ids cheaply; the row makes logout and a password change revoke at once.
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { findLiveSession, insertSession, touchSession } from '../db/sessions';
import type { UserRow } from '../db/users';
import { randomToken } from '../lib/crypto';

export const SESSION_COOKIE = 'feedloom_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Refresh last_seen_at at most this often: a write on every request would cost more than it tells.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type SessionUser = UserRow;

/**
 * What a token whose signature verified says: the session row it names and, in tokens signed since the
 * people shard joined them (24 Nov 2026), whose session it is and which people database holds their
 * reading state (their users row's `people_shard`, fixed at sign-up). `person` is null in older tokens.
 * The signature makes the claims the server's own words, but not a live session: only the row says that,
 * so nothing may be answered or acted on from them before the row has been checked (middleware/
 * early-reads.ts starts a read with them, and uses it only for the person the row names).
 */
export type SessionClaims = { sessionId: string; person: { userId: number; peopleShard: number } | null };

// Every signed-in request verifies its token; importing the HMAC key costs several times the verification,
// so each isolate imports it once per secret (a CryptoKey is plain data, safe to share between requests).
const keys = new Map<string, CryptoKey>();
async function keyOf(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

type TokenContents = { sessionId: string; userId: number; peopleShard: number | null; expiresAt: Date; now: number };

/** The token naming a session row, its person and their people shard, valid until the row expires. */
async function signSessionToken(secret: string, { sessionId, userId, peopleShard, expiresAt, now }: TokenContents) {
  return new SignJWT({ sid: sessionId, ...(peopleShard === null ? {} : { peopleShard }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await keyOf(secret));
}

export async function createSession(db: Db, secret: string, userId: number, now = Date.now()) {
  const id = randomToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const peopleShard = await insertSession(db, { id, userId, expiresAt, now });
  const token = await signSessionToken(secret, { sessionId: id, userId, peopleShard, expiresAt, now });
  return { id, token, expiresAt };
}

/**
 * The same session's token with the person's claims, for a live session whose token was signed before
 * they existed: it expires with the row, as the old one did, so nothing but the claims changes.
 */
export async function tokenWithClaims(
  secret: string,
  session: { sessionId: string; user: SessionUser; expiresAt: Date },
  now = Date.now(),
) {
  const { sessionId, user, expiresAt } = session;
  return signSessionToken(secret, { sessionId, userId: user.id, peopleShard: user.peopleShard, expiresAt, now });
}

const isShard = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The token's claims when its signature and expiry verify, else null (forged, tampered, expired). */
export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: ['HS256'] });
    if (typeof payload.sid !== 'string') return null;
    const userId = Number(payload.sub);
    const person =
      Number.isSafeInteger(userId) && userId > 0 && isShard(payload.peopleShard)
        ? { userId, peopleShard: payload.peopleShard }
        : null;
    return { sessionId: payload.sid, person };
  } catch {
    return null;
  }
}

/** The session row's check, on every request: its person while it is live (not logged out, revoked or expired). */
export async function checkSession(db: Db, sessionId: string, now = Date.now()) {
  const row = await findLiveSession(db, sessionId, now);
  if (!row) return null;
  const touch = now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS ? touchSession(db, sessionId, now) : null;
  return { sessionId, user: row.user, expiresAt: row.session.expiresAt, touch };
}

/** The token verified, then its row checked: the signed-in person, or null. */
export async function readSession(db: Db, secret: string, token: string, now = Date.now()) {
  const claims = await verifySessionToken(secret, token);
  return claims ? checkSession(db, claims.sessionId, now) : null;
}
