// The session cookie as every response that sets it sets it: signing in, and handing a live session's
// older token its claims (middleware/session.ts).
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from './session';

export function setSessionCookie(c: Context, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: new URL(c.req.url).protocol === 'https:',
    expires: expiresAt,
  });
}
