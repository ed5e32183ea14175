// Signing reader apps in (Google Reader ClientLogin). An app proves itself with the account email and
// an app password, never the account password, and gets an Auth token naming that app password and
// signed with the server's secret over the password's stored hash: revoking the app password (deleting
// its row) ends every session made from it, with no session table. Requests carry the token as
// "Authorization: GoogleLogin auth=<token>"; no cookie is read, so cross-site requests cannot act.

import { createMiddleware } from 'hono/factory';
import type { SessionUser } from '../auth/session';
import { parseId } from '../contracts/ids';
import { findAppPasswordById } from '../db/app-passwords';
import type { PeopleDb } from '../db/client';
import type { AppEnv } from '../env';
import { timingSafeEqual } from '../lib/crypto';

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function mintAuthToken(secret: string, appPasswordId: number, secretHash: string) {
  return `${appPasswordId}/${await hmacHex(secret, `greader:${appPasswordId}:${secretHash}`)}`;
}

/** The write token of reader/api/0/token: 57 characters, as Google's were, tied to the Auth token. */
export async function actionToken(secret: string, authToken: string) {
  return (await hmacHex(secret, `greader-action:${authToken}`)).slice(0, 57);
}

/** The person and app password an Auth token names, or null when it is forged or its app password revoked. */
export async function verifyAuthToken(env: { SESSION_SECRET: string }, db: AppEnv['Variables']['db'], token: string) {
  const match = /^([^/]+)\/([0-9a-f]{64})$/.exec(token);
  const appPasswordId = parseId(match?.[1]);
  if (appPasswordId === null) return null;
  const found = await findAppPasswordById(db, appPasswordId);
  if (!found) return null;
  const expected = await mintAuthToken(env.SESSION_SECRET, found.appPasswordId, found.secretHash);
  return timingSafeEqual(encoder.encode(expected), encoder.encode(token)) ? found : null;
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
  const found = token ? await verifyAuthToken(c.env, c.var.db, token) : null;
  if (!token || !found) return unauthorized();
  c.set('user', found.user);
  c.set('peopleDb', c.var.db.people.of(found.user));
  c.set('readerToken', token);
  await next();
});

/**
 * POSTs carry the write token as T. It adds nothing to a header-authenticated request, so like
 * FreshRSS an empty T or Reeder's "x" is accepted; a wrong one is refused.
 */
export async function checkActionToken(env: { SESSION_SECRET: string }, authToken: string, given: string | undefined) {
  const t = (given ?? '').trim();
  if (t === '' || t === 'x') return true;
  return t === (await actionToken(env.SESSION_SECRET, authToken));
}
