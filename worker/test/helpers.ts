// Helpers for worker tests: call the app as the platform does, and act as a person would.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { creditLedger, emails, sessions, users, usersRowCopies } from '../../schema';
import { hashPassword } from '../auth/password';
import { SESSION_COOKIE, SESSION_TTL_MS, tokenWithClaims } from '../auth/session';
import { createDb } from '../db/client';
import { nextMonth, type UserRow } from '../db/users';
import worker from '../index';
import { type TriggerKind, triggerKind } from '../jobs/trigger-kind';
import { randomToken } from '../lib/crypto';
import { PLANS } from '../lib/plans';

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

/**
 * The PBKDF2 iterations of a seeded person's password hash. The stored string names its cost and the app
 * checks a password at the cost its hash names (auth/password.ts verifyPassword), as it does for any hash
 * made before a change of cost: so a seeded person's password checks (an app password, deleting the
 * account, a new address) cost 1,000 iterations, not 100,000 (some 0.05 s of CPU each, 80 a run), and a
 * sign-in through /api/auth/login upgrades the hash as it would any older one. The cost itself, and the
 * sign-in tests, use the real flow (signUpThroughApi, auth.test.ts).
 */
export const SEEDED_HASH_ITERATIONS = 1_000;

// One hash per password and pepper for the whole run; the stored string is one the app itself wrote.
const hashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string) {
  const key = `${env.PASSWORD_PEPPER}\u0000${password}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = hashPassword(password, env.PASSWORD_PEPPER, SEEDED_HASH_ITERATIONS);
    hashes.set(key, hash);
  }
  return hash;
}

export type TestPerson = { email: string; password: string; cookie: string; userId: number };

/**
 * Someone who has signed up, set their password and signed in, written straight into the databases
 * instead of five requests and two password hashes: the rows sign-up, setting the password and signing
 * in leave (db/users.ts createUser and setPasswordHash, auth/session.ts createSession), in two D1 calls
 * where those functions make eight. In the primary, one batch: the users row in its people shard with
 * the free plan's credits, verified, with the password's hash, and the credits' ledger row. In the people
 * database, one batch: the copy of the users row (db/users-row-copy.ts) and the session row; the cookie
 * is the token createSession signs. The person can sign in with `password` as anyone else. Tests of
 * signing up and in themselves use signUpThroughApi; seed-person.test.ts checks these rows against the
 * app's own functions'.
 */
export async function seedPerson(email = uniqueEmail(), password = TEST_PASSWORD): Promise<TestPerson> {
  const now = Date.now();
  const credits = PLANS.free.monthlyCredits;
  const peopleShard = db.people.forNewPerson(email);
  let user: UserRow | undefined;
  try {
    const [rows] = await db.batch([
      db
        .insert(users)
        .values({
          name: 'Test Person',
          email,
          emailVerifiedAt: new Date(now),
          createdAt: new Date(now),
          creditsResetAt: nextMonth(now),
          peopleShard,
          credits,
          passwordHash: await passwordHashOf(password),
        })
        .returning(),
      // The ledger row createUser's grantCredits writes, naming the new row by its address.
      db.insert(creditLedger).select(
        db
          .select({
            id: sql<number>`null`.as('id'),
            userId: users.id,
            delta: sql<number>`${credits}`.as('delta'),
            reason: sql<string>`'Free plan monthly credits'`.as('reason'),
            idempotencyKey: sql<string>`'signup:' || ${users.id}`.as('idempotency_key'),
            createdAt: sql<Date>`${now}`.as('created_at'),
          })
          .from(users)
          .where(eq(users.email, email)),
      ),
    ]);
    user = rows[0];
  } catch (error) {
    if (String(error).includes('UNIQUE')) throw new Error(`${email} already has an account`, { cause: error });
    throw error;
  }
  if (!user) throw new Error(`${email} was not written`);
  const sessionId = randomToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const people = db.people.at(peopleShard);
  const session = people.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    expiresAt,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
  });
  // In people shard 0 the users row is its own copy (db/users-row-copy.ts).
  if (people.binding === db.binding) await session;
  else await people.batch([people.insert(usersRowCopies).values({ ...user, copiedAt: new Date(now) }), session]);
  const token = await tokenWithClaims(env.SESSION_SECRET, { sessionId, user, expiresAt }, now);
  return { email, password, cookie: `${SESSION_COOKIE}=${token}`, userId: user.id };
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
