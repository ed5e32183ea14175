// Helpers for worker tests: call the app as the platform does, and act as a person would.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, desc, eq, gt } from 'drizzle-orm';
import { emails } from '../../schema';
import { hashPassword } from '../auth/password';
import { createSession, SESSION_COOKIE } from '../auth/session';
import { createDb } from '../db/client';
import { createUser, setPasswordHash } from '../db/users';
import worker from '../index';
import { type TriggerKind, triggerKind } from '../jobs/trigger-kind';

export const ORIGIN = 'http://localhost:8787';
export const db = createDb(env);

type CallInit = {
  method?: string;
  json?: unknown;
  cookie?: string | null;
  headers?: Record<string, string>;
  body?: BodyInit;
  /** The bindings the request sees: the test environment unless given (worker/test/metered-env.ts counts D1 calls). */
  env?: Env;
  /** Told when the response is ready, before the work it left running (`waitUntil`) has finished. */
  onResponse?: () => void;
};

export async function call(path: string, init: CallInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('origin') && init.headers?.origin !== '') headers.set('origin', ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const request = new Request(`${ORIGIN}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, init.env ?? env, ctx);
  init.onResponse?.();
  await waitOnExecutionContext(ctx);
  return response;
}

export const sessionCookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? null;

export async function latestEmailTo(to: string) {
  const [email] = await db.select().from(emails).where(eq(emails.to, to)).orderBy(desc(emails.id)).limit(1);
  return email ?? null;
}

export const tokenOf = (email: { text: string | null } | null) => email?.text?.match(/token=([A-Za-z0-9_-]+)/)?.[1];

export async function tokenFromLatestEmail(to: string) {
  const token = tokenOf(await latestEmailTo(to));
  if (!token) throw new Error(`No link with a token in the latest email to ${to}`);
  return token;
}

/**
 * Waits for a mail that goes through the queue (sign-in and reset links, confirmations): the local
 * queue delivers it in the background within a couple of seconds on a quiet machine. The limit is a
 * hang's, not a timing: a landing at load 11 waited more than 15 s for a digest's confirmation.
 * Only mails after `afterId` count.
 */
export async function waitForEmail(to: string, subject: string, afterId = 0, timeoutMs = 45_000) {
  // Counts polls, not Date.now(): a test may have pinned the clock.
  for (let waited = 0; ; waited += 50) {
    const [email] = await db
      .select()
      .from(emails)
      .where(and(eq(emails.to, to), eq(emails.subject, subject), gt(emails.id, afterId)))
      .orderBy(desc(emails.id))
      .limit(1);
    if (email) return email;
    if (waited > timeoutMs) throw new Error(`No "${subject}" mail to ${to} within ${timeoutMs} ms`);
    await scheduler.wait(50);
  }
}

/** The id of the newest mail so far: waitForEmail(…, afterId) then sees only what comes next. */
export async function lastEmailId() {
  const [row] = await db.select({ id: emails.id }).from(emails).orderBy(desc(emails.id)).limit(1);
  return row?.id ?? 0;
}

/** The owner of `address` follows the confirmation link Feedloom mailed there. */
export async function confirmDeliveryAddress(address: string) {
  const token = tokenOf(await waitForEmail(address, 'Confirm that Feedloom may email you'));
  const response = await call('/api/auth/confirm-delivery', { json: { token } });
  if (response.status !== 200) throw new Error(`confirm failed: ${response.status} ${await response.text()}`);
}

let counter = 0;
export const uniqueEmail = (label = 'person') => `${label}.${Date.now()}.${++counter}@example.com`;

export const TEST_PASSWORD = 'correct horse battery';

// One real hash per password and pepper for the whole run: 100,000 PBKDF2 iterations cost far more than
// anything else a seeded person needs, and the stored string is one the app itself wrote.
const hashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string) {
  const key = `${env.PASSWORD_PEPPER}\u0000${password}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = hashPassword(password, env.PASSWORD_PEPPER);
    hashes.set(key, hash);
  }
  return hash;
}

export type TestPerson = { email: string; password: string; cookie: string; userId: number };

/**
 * Someone who has signed up, set their password and signed in, written straight into the databases by
 * the app's own functions (the account in its people shard with the free plan's credits, the password's
 * hash, a session row and its signed cookie) instead of five requests and two password hashes. The
 * person can sign in with `password` as anyone else. Tests of signing up and in themselves use
 * signUpThroughApi.
 */
export async function seedPerson(email = uniqueEmail(), password = TEST_PASSWORD): Promise<TestPerson> {
  const user = await createUser(db, { name: 'Test Person', email, verified: true });
  if (!user) throw new Error(`${email} already has an account`);
  await setPasswordHash(db, user.id, await passwordHashOf(password));
  const session = await createSession(db, env.SESSION_SECRET, user);
  return { email, password, cookie: `${SESSION_COOKIE}=${session.token}`, userId: user.id };
}

/** A signed-in person (seedPerson): the name the tests written before seeding call it by. */
export const signUp = seedPerson;

/** Registers, sets a password through the emailed link, signs in: the real flow; returns the session cookie. */
export async function signUpThroughApi(email = uniqueEmail(), password = TEST_PASSWORD): Promise<TestPerson> {
  await call('/api/auth/register', { json: { name: 'Test Person', email } });
  const token = await tokenFromLatestEmail(email);
  await call('/api/auth/set-password', { json: { token, password } });
  const login = await call('/api/auth/login', { json: { username: email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = sessionCookieOf(login);
  const me = (await (await call('/api/users/me', { cookie })).json()) as { id: number };
  return { email, password, cookie: cookie as string, userId: me.id };
}

/** wrangler.toml's Cron Trigger of this kind: tests fire the schedule that production runs. */
export function cronOf(kind: TriggerKind) {
  const cron = env.CRON_TRIGGERS.find((expression) => triggerKind(expression) === kind);
  if (!cron) throw new Error(`wrangler.toml has no ${kind} Cron Trigger`);
  return cron;
}

/** Fires the Cron Trigger of this kind as Cloudflare does, and waits for what it started. */
export async function fireCron(kind: TriggerKind, scheduledTime = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: cronOf(kind), scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}
