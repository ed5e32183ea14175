// Issue 10's findings at the edges every route shares: the development tools, admin, JSON bodies and
// the Origin check.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, emails } from '../../schema';
import worker from '../index';
import { call, db, lastEmailId, ORIGIN, signUp, tokenOf, waitForEmail } from '../test/helpers';

async function fetchAt(url: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(url, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function withEnv<T>(changes: Partial<typeof env>, run: () => Promise<T>) {
  const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, env[key as keyof typeof env]]));
  Object.assign(env, changes);
  try {
    return await run();
  } finally {
    Object.assign(env, previous);
  }
}

describe('development tools (M1)', () => {
  it('answer only on a loopback host, even in development', async () => {
    expect((await fetchAt('http://localhost:8787/api/dev/outbox')).status).toBe(200);
    expect((await fetchAt('http://127.0.0.1:8787/api/dev/outbox')).status).toBe(200);
    expect((await fetchAt('http://[::1]:8787/api/dev/outbox')).status).toBe(200);
    for (const url of ['https://feedloom.example/api/dev/outbox', 'http://localhost.evil.example/api/dev/outbox']) {
      const response = await fetchAt(url);
      expect(response.status, url).toBe(404);
    }
    const spoofed = await fetchAt('https://feedloom.example/api/dev/outbox', { headers: { host: 'localhost' } });
    expect(spoofed.status).toBe(404);
  });
});

describe('admins (M2)', () => {
  it('are nobody until ADMIN_USER_IDS names them: the fifth person to sign up is not one', async () => {
    expect(env.ADMIN_USER_IDS).toBe('');
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await signUp());
    for (const person of people) {
      const me = (await (await call('/api/users/me', { cookie: person.cookie })).json()) as { isAdmin: boolean };
      expect(me.isAdmin).toBe(false);
      expect((await call('/api/admin/credits', { cookie: person.cookie, json: {} })).status).toBe(403);
    }
  });

  it('grant at most 100 credits per call, and the ledger names the admin who did', async () => {
    const admin = await signUp();
    const person = await signUp();
    await withEnv({ ADMIN_USER_IDS: String(admin.userId) }, async () => {
      const tooMany = await call('/api/admin/credits', {
        cookie: admin.cookie,
        json: { email: person.email, amount: 101, reason: 'Generous' },
      });
      expect(tooMany.status).toBe(400);
      expect(await tooMany.json()).toMatchObject({ message: 'Amount must be between -100 and 100' });
      const granted = await call('/api/admin/credits', {
        cookie: admin.cookie,
        json: { email: person.email, amount: 100, reason: 'Goodwill' },
      });
      expect(granted.status).toBe(200);
      const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, person.userId));
      expect(ledger.at(-1)?.reason).toBe(`Admin ${admin.userId}: Goodwill`);
    });
  });
});

describe('request bodies (L4)', () => {
  it('answers malformed or empty JSON with a 400 and a message, never a 500', async () => {
    for (const body of ['{"email":', '', 'null', '[]', '"text"']) {
      const response = await call('/api/auth/magic-link', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { message: string };
      expect(answer.message.length).toBeGreaterThan(0);
      expect(answer.message).not.toMatch(/stack|at \w+ \(/i);
    }
  });
});

describe('Origin check (L6)', () => {
  it('compares with APP_URL, not with the host the request was sent to', async () => {
    await withEnv({ APP_URL: 'https://feedloom.example' }, async () => {
      const sameHostOnly = await fetchAt('https://other-host.example/api/auth/magic-link', {
        method: 'POST',
        headers: { origin: 'https://other-host.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com' }),
      });
      expect(sameHostOnly.status).toBe(403);
    });
    expect((await call('/api/auth/logout', { method: 'POST', headers: { origin: ORIGIN } })).status).toBe(200);
  });
});

describe('a sign-in link opened in a browser signed in to another account (L10)', () => {
  it('asks first: 409 and nothing used, then switches only with switch=1', async () => {
    const me = await signUp();
    const other = await signUp();
    const before = await lastEmailId();
    await call('/api/auth/magic-link', { json: { email: other.email } });
    const token = tokenOf(await waitForEmail(other.email, 'Your Feedloom sign-in link', before));
    const asked = await call(`/api/auth/verify?token=${token}`, { cookie: me.cookie });
    expect(asked.status).toBe(409);
    expect(await asked.json()).toMatchObject({
      message: 'This browser is signed in to another account. Confirm to switch to the account this link is for.',
    });
    expect(asked.headers.get('set-cookie')).toBeNull();
    const switched = await call(`/api/auth/verify?token=${token}&switch=1`, { cookie: me.cookie });
    expect(switched.status).toBe(200);
    expect(await switched.json()).toMatchObject({ user: { email: other.email } });
  });
});

describe('mail in production (issue 11)', () => {
  it('refuses the send_email binding, which reaches only verified addresses, and records why', async () => {
    const email = `prod.${Date.now()}@example.com`;
    await withEnv({ ENVIRONMENT: 'production', EMAIL_TRANSPORT: '', RESEND_API_KEY: undefined }, async () => {
      expect((await call('/api/auth/register', { json: { name: 'Prod Person', email } })).status).toBe(201);
    });
    const [failed] = await db.select().from(emails).where(eq(emails.to, email));
    expect(failed).toMatchObject({ status: 'failed', transport: 'cloudflare' });
    expect(failed?.error).toMatch(/only delivers to verified addresses: set RESEND_API_KEY/);
  });
});
