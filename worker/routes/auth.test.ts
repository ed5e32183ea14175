import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, users } from '../../schema';
import { hashPassword, MAX_PBKDF2_ITERATIONS, PBKDF2_ITERATIONS, parseHash, verifyPassword } from '../auth/password';
import { pinClock } from '../test/clock';
import {
  call,
  db,
  latestEmailTo,
  sessionCookieOf,
  signUp,
  tokenFromLatestEmail,
  tokenOf,
  uniqueEmail,
  waitForEmail,
} from '../test/helpers';

describe('health', () => {
  it('answers ok', async () => {
    const response = await call('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe('registering', () => {
  it('creates the account and mails a password-setup link valid for 24 hours', async () => {
    const email = uniqueEmail();
    const response = await call('/api/auth/register', {
      json: { name: 'Ada Lovelace', email: `  ${email.toUpperCase()} ` },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email });
    const mail = await latestEmailTo(email);
    expect(mail?.subject).toBe('Set your Feedloom password');
    expect(mail?.text).toContain('http://localhost:8787/auth/password-setup?token=');
    const [token] = await db.select().from(authTokens).where(eq(authTokens.email, email));
    expect(token?.purpose).toBe('password_setup');
    const lifetime = (token?.expiresAt.getTime() ?? 0) - (token?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(24 * 60 * 60 * 1000);
  });

  it('answers an existing email as if new and mails its owner a note instead', async () => {
    const { email } = await signUp();
    const response = await call('/api/auth/register', { json: { name: 'Someone Else', email } });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email });
    expect((await latestEmailTo(email))?.subject).toBe('You already have a Feedloom account');
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it.each([
    [{ name: 'A', email: 'a@example.com' }, 'Name must be at least 2 characters'],
    [{ name: 'Ada', email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ name: 'Ada\r\nBcc: x@y.z', email: 'a@example.com' }, 'Name must not contain line breaks'],
    [{ name: 'Ada', email: 'a@example.com\r\nBcc: x@y.z' }, 'Please enter a valid email address'],
    [{ name: 'Ada', email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    [{ name: 'Ada' }, 'Please enter a valid email address'],
  ])('refuses %j with "%s"', async (body, message) => {
    const response = await call('/api/auth/register', { json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
  });

  it('email signup mails a verification link that signs the person in', async () => {
    const email = uniqueEmail();
    expect((await call('/api/auth/email-signup', { json: { name: 'Grace', email } })).status).toBe(201);
    const mail = await latestEmailTo(email);
    expect(mail?.text).toContain('/auth/verify?token=');
    const verify = await call(`/api/auth/verify?token=${await tokenFromLatestEmail(email)}`);
    expect(verify.status).toBe(200);
    const { user } = (await verify.json()) as { user: { email: string; plan: string; credits: number } };
    expect(user).toMatchObject({ email, username: email, plan: 'free', credits: 5, isAdmin: false });
    const me = await call('/api/users/me', { cookie: sessionCookieOf(verify) });
    expect(me.status).toBe(200);
  });
});

describe('passwords', () => {
  it('sets a password from the emailed link, after which the person can sign in', async () => {
    const { email, password } = await signUp();
    const login = await call('/api/auth/login', { json: { username: email, password } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it.each([
    ['seven77', 'Password must be at least 8 characters'],
    ['x'.repeat(257), 'Password must be at most 256 characters'],
  ])('refuses the password %#', async (password, message) => {
    const email = uniqueEmail();
    await call('/api/auth/register', { json: { name: 'Test', email } });
    const token = await tokenFromLatestEmail(email);
    const response = await call('/api/auth/set-password', { json: { token, password } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
    // The link still works after a refused password: nothing was consumed.
    expect((await call('/api/auth/set-password', { json: { token, password: 'long enough now' } })).status).toBe(200);
  });

  it('refuses a 1 MB password before hashing it', async () => {
    const response = await call('/api/auth/login', {
      json: { username: 'a@example.com', password: 'x'.repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
  });

  it('refuses reused, tampered and expired tokens', async () => {
    const email = uniqueEmail();
    await call('/api/auth/register', { json: { name: 'Test', email } });
    const token = await tokenFromLatestEmail(email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await call('/api/auth/set-password', { json: { token: tampered, password: 'password123' } })).status).toBe(
      400,
    );
    expect((await call('/api/auth/set-password', { json: { token, password: 'password123' } })).status).toBe(200);
    const reused = await call('/api/auth/set-password', { json: { token, password: 'password456' } });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({
      message: 'This password link is invalid or has expired. Please request a new one.',
    });

    await call('/api/auth/forgot-password', { json: { email } });
    const resetToken = tokenOf(await waitForEmail(email, 'Reset your Feedloom password'));
    await db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.purpose, 'password_reset'));
    expect(
      (await call('/api/auth/set-password', { json: { token: resetToken, password: 'password789' } })).status,
    ).toBe(400);
    expect((await call('/api/auth/login', { json: { username: email, password: 'password123' } })).status).toBe(200);
  });

  it('a reset link (1 hour) replaces the password and ends every session', async () => {
    const { email, cookie } = await signUp();
    const response = await call('/api/auth/forgot-password', { json: { email } });
    expect(await response.json()).toEqual({ email });
    const mail = await waitForEmail(email, 'Reset your Feedloom password');
    expect(mail?.text).toContain('/auth/reset-password?token=');
    const [token] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.purpose, 'password_reset'), eq(authTokens.email, email)));
    expect((token?.expiresAt.getTime() ?? 0) - (token?.createdAt.getTime() ?? 0)).toBe(60 * 60 * 1000);
    await call('/api/auth/set-password', { json: { token: tokenOf(mail), password: 'brand new pass' } });
    expect((await call('/api/users/me', { cookie })).status).toBe(401);
    expect((await call('/api/auth/login', { json: { username: email, password: 'brand new pass' } })).status).toBe(200);
  });

  it('answers forgot-password for an unknown email the same way and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await call('/api/auth/forgot-password', { json: { email } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email });
    expect(await latestEmailTo(email)).toBeNull();
  });

  it('never hashes with more than 100,000 PBKDF2 iterations (the production limit)', async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(MAX_PBKDF2_ITERATIONS).toBe(100_000);
    const stored = await hashPassword('secret password', 'pepper');
    expect(parseHash(stored)?.iterations).toBeLessThanOrEqual(100_000);
    await expect(hashPassword('secret password', 'pepper', 100_001)).rejects.toThrow(/100000/);
    expect(await verifyPassword('secret password', stored, 'pepper')).toBe(true);
    expect(await verifyPassword('secret password', stored, 'another pepper')).toBe(false);
    expect(await verifyPassword('secret password', stored.replace('$100000$', '$200000$'), 'pepper')).toBe(false);
  });
});

describe('signing in and out', () => {
  it('answers a wrong password or unknown email with the same 401', async () => {
    const { email } = await signUp();
    for (const body of [
      { username: email, password: 'wrong password' },
      { username: uniqueEmail('unknown'), password: 'whatever1' },
    ]) {
      const response = await call('/api/auth/login', { json: body });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Invalid username or password' });
    }
  });

  it('hands back the page the person came from as the redirect, and refuses one on another site', async () => {
    const { email, password } = await signUp();
    const back = await call('/api/auth/login', {
      json: { username: email, password, redirect: '/feed/12?dateFilter=today#top' },
    });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ redirect: '/feed/12?dateFilter=today#top' });
    const plain = await call('/api/auth/login', { json: { username: email, password } });
    expect(await plain.json()).not.toHaveProperty('redirect');
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'feed/12']) {
      const response = await call('/api/auth/login', { json: { username: email, password, redirect } });
      expect(response.status, redirect).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'The return address must be a page of this app' });
      expect(sessionCookieOf(response), redirect).toBeNull();
    }
  });

  it('reports the current user, and 401 when signed out', async () => {
    const { email, cookie, userId } = await signUp();
    const me = await call('/api/users/me', { cookie });
    expect(await me.json()).toEqual({
      id: userId,
      username: email,
      email,
      name: 'Test Person',
      plan: 'free',
      credits: 5,
      isAdmin: false,
    });
    expect((await call('/api/users/me')).status).toBe(401);
  });

  it('a cookie replayed after logout is refused', async () => {
    const { cookie } = await signUp();
    expect((await call('/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
    expect((await call('/api/users/me', { cookie })).status).toBe(401);
  });

  it('a forged cookie is refused', async () => {
    const response = await call('/api/users/me', {
      cookie: 'feedloom_session=eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.bad',
    });
    expect(response.status).toBe(401);
  });

  it('admin comes from ADMIN_USER_IDS on the server', async () => {
    const { cookie, userId } = await signUp();
    const previous = env.ADMIN_USER_IDS;
    env.ADMIN_USER_IDS = String(userId);
    try {
      expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ isAdmin: true });
    } finally {
      env.ADMIN_USER_IDS = previous;
    }
  });
});

describe('magic links', () => {
  it('mails an existing account a 15-minute sign-in link; unknown emails get the same answer and no mail', async () => {
    const { email } = await signUp();
    const known = await call('/api/auth/magic-link', { json: { email } });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ email });
    await waitForEmail(email, 'Your Feedloom sign-in link');
    const [token] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.purpose, 'magic_link'), eq(authTokens.email, email)));
    expect((token?.expiresAt.getTime() ?? 0) - (token?.createdAt.getTime() ?? 0)).toBe(15 * 60 * 1000);

    const stranger = uniqueEmail('stranger');
    const unknown = await call('/api/auth/magic-link', { json: { email: stranger } });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ email: stranger });
    // The stranger's job ran (queued before the known one's second poll) and found no account.
    await waitForEmail(email, 'Your Feedloom sign-in link');
    expect(await latestEmailTo(stranger)).toBeNull();
  });

  it('one link used four times at once gives one session', async () => {
    const { email } = await signUp();
    await call('/api/auth/magic-link', { json: { email } });
    const token = tokenOf(await waitForEmail(email, 'Your Feedloom sign-in link'));
    const responses = await Promise.all([1, 2, 3, 4].map(() => call(`/api/auth/verify?token=${token}`)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
  });
});

describe('security', () => {
  it('refuses a POST with a missing or foreign Origin', async () => {
    for (const origin of ['', 'https://evil.example']) {
      const response = await call('/api/auth/login', {
        json: { username: 'a@example.com', password: 'x' },
        headers: { origin },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ message: 'Cross-origin request refused' });
    }
  });

  it('limits wrong passwords from one IP to 10 per email, and strangers elsewhere cannot lock the owner out', async () => {
    const { email, password } = await signUp();
    const owner = { 'cf-connecting-ip': '192.0.2.1' };
    const attacker = { 'cf-connecting-ip': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await call('/api/auth/login', {
        json: { username: email, password: `wrong-${i}` },
        headers: attacker,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits out the window from there: the attacker learns nothing from it.
    const right = await call('/api/auth/login', { json: { username: email, password }, headers: attacker });
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
    // Strangers from 30 other addresses fail too; the owner still signs in from home.
    for (let i = 0; i < 30; i++) {
      await call('/api/auth/login', {
        json: { username: email, password: 'wrong' },
        headers: { 'cf-connecting-ip': `198.51.100.${i}` },
      });
    }
    expect((await call('/api/auth/login', { json: { username: email, password }, headers: owner })).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const { email, password } = await signUp();
    const headers = { 'cf-connecting-ip': '192.0.2.44' };
    for (let i = 0; i < 15; i++) {
      const response = await call('/api/auth/login', { json: { username: email, password }, headers });
      expect(response.status).toBe(200);
    }
  });

  it('limits one IP to 100 attempts per 15 minutes across emails', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.7' };
    let lastStatus = 0;
    for (let i = 0; i < 101; i++) {
      lastStatus = (await call('/api/auth/magic-link', { json: { email: uniqueEmail(`ip${i}`) }, headers })).status;
    }
    expect(lastStatus).toBe(429);
  });
});

describe('dev outbox', () => {
  it('lists sent emails newest first in development', async () => {
    const email = uniqueEmail();
    await call('/api/auth/register', { json: { name: 'Outbox Reader', email } });
    const outbox = (await (await call('/api/dev/outbox')).json()) as { to: string; subject: string; html: string }[];
    expect(outbox[0]).toMatchObject({ to: email, subject: 'Set your Feedloom password' });
    expect(outbox[0]?.html).toContain('/auth/password-setup?token=');
  });

  it('answers 404 outside development', async () => {
    const previous = env.ENVIRONMENT;
    env.ENVIRONMENT = 'production';
    try {
      expect((await call('/api/dev/outbox')).status).toBe(404);
    } finally {
      env.ENVIRONMENT = previous;
    }
  });
});

describe('time zone', () => {
  it('keeps the browser’s time zone and moves a scheduled digest to 9:00 there', async () => {
    // 23:22 UTC is 8:22 the next morning in Tokyo, so "9:00 the next day" there is almost 25 hours away
    // (worker/ai/next-delivery.test.ts checks the rule at every hour).
    pinClock('2026-11-24T23:22:00Z');
    const { cookie } = await signUp();
    expect((await call('/api/preferences', { method: 'PATCH', cookie, json: { frequency: 'daily' } })).status).toBe(
      200,
    );
    const updated = await call('/api/users/me', { method: 'PATCH', cookie, json: { timezone: 'Asia/Tokyo' } });
    expect(updated.status).toBe(200);
    const { nextDeliveryAt } = (await (await call('/api/preferences', { cookie })).json()) as {
      nextDeliveryAt: string;
    };
    // 9:00 on 26 November in Tokyo (UTC+9, no daylight saving) is 00:00 UTC that day.
    expect(nextDeliveryAt).toBe('2026-11-26T00:00:00.000Z');

    const refused = await call('/api/users/me', { method: 'PATCH', cookie, json: { timezone: 'Mars/Olympus_Mons' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'Unknown time zone' });
  });
});

describe('setting the first password', () => {
  it('signs the person in when they set their password from the emailed link: no second login', async () => {
    const email = uniqueEmail();
    await call('/api/auth/register', { json: { name: 'Grace Hopper', email } });
    const token = await tokenFromLatestEmail(email);
    const response = await call('/api/auth/set-password', { json: { token, password: 'a long password' } });
    expect(response.status).toBe(200);
    const cookie = sessionCookieOf(response);
    expect(cookie).not.toBeNull();
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ username: email });
  });
});
