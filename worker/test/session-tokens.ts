// Session cookies made by hand, for the tests of what the app does with tokens it did not issue as they
// are: older tokens (before the people shard joined the claims, and before session rows moved into the
// people databases), forged ones, expired ones, and tokens whose claims disagree with their session row.
import { env } from 'cloudflare:workers';
import { decodeJwt, type JWTPayload, SignJWT } from 'jose';
import { sessions } from '../../schema';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../auth/session';
import { randomToken } from '../lib/crypto';
import { db } from './helpers';

/** The claims of a session cookie's token (`feedloom_session=…`), unverified. */
export const claimsOf = (cookie: string) => decodeJwt(cookie.slice(`${SESSION_COOKIE}=`.length));

/** A session cookie whose token holds exactly these claims, signed with `secret` (the app's own unless given). */
export async function signedCookie(claims: JWTPayload, secret = env.SESSION_SECRET) {
  const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * A session as signed before its row moved into the person's people database (db/sessions.ts): the row in
 * the primary, and a token without `rowInPeople`; `peopleShard` given, with the claims of 24 Nov 2026
 * (people shard), else with only the session's id and person, as the first tokens had.
 */
export async function sessionFromBefore(person: { userId: number }, peopleShard?: number) {
  const sid = randomToken();
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db
    .insert(sessions)
    .values({ id: sid, userId: person.userId, expiresAt, createdAt: new Date(now), lastSeenAt: new Date(now) });
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const sub = String(person.userId);
  const claims = peopleShard === undefined ? { sid, sub } : { sid, sub, peopleShard };
  return { sid, exp, cookie: await signedCookie({ ...claims, iat: Math.floor(now / 1000), exp }) };
}
