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

export async function createSession(db: Db, secret: string, userId: number, now = Date.now()) {
  const id = randomToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await insertSession(db, { id, userId, expiresAt, now });
  const token = await new SignJWT({ sid: id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await keyOf(secret));
  return { id, token, expiresAt };
}

export async function readSession(db: Db, secret: string, token: string, now = Date.now()) {
  let sessionId: string;
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: ['HS256'] });
    if (typeof payload.sid !== 'string') return null;
    sessionId = payload.sid;
  } catch {
    return null;
  }
  const row = await findLiveSession(db, sessionId, now);
  if (!row) return null;
  const touch = now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS ? touchSession(db, sessionId, now) : null;
  return { sessionId, user: row.user, touch };
}
