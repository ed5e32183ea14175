// Session cookies made by hand, for the tests of what the app does with tokens it did not issue as they
// are: older tokens (before the people shard joined the claims), forged ones, expired ones, and tokens
// whose claims disagree with their session row.
import { env } from 'cloudflare:workers';
import { decodeJwt, type JWTPayload, SignJWT } from 'jose';
import { SESSION_COOKIE } from '../auth/session';

/** The claims of a session cookie's token (`feedloom_session=…`), unverified. */
export const claimsOf = (cookie: string) => decodeJwt(cookie.slice(`${SESSION_COOKIE}=`.length));

/** A session cookie whose token holds exactly these claims, signed with `secret` (the app's own unless given). */
export async function signedCookie(claims: JWTPayload, secret = env.SESSION_SECRET) {
  const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
  return `${SESSION_COOKIE}=${token}`;
}
