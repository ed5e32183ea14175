// Signing in and out, magic links, and the rules that guard sign-in (Origin, attempt limits).
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens } from '../../schema';
import { pinClock } from '../test/clock';
import {
  call,
  db,
  lastEmailId,
  latestEmailTo,
  sessionCookieOf,
  signUpThroughApi,
  tokenOf,
  uniqueEmail,
  waitForEmail,
} from '../test/helpers';

// Someone who signed up through the real flow (register, the emailed link, set a password, sign in), made
// by the first test that asks and shared by the tests that leave their account as it was: each sign-up
// is some 23 D1 calls and two 100,000-iteration password hashes. The tests that lock an account out, or
// end a session, make their own person or session.
let shared: ReturnType<typeof signUpThroughApi> | undefined;
const signedUp = () => {
  shared ??= signUpThroughApi();
  return shared;
};

describe('signing in and out', () => {
  it('answers a wrong password or unknown email with the same 401', async () => {
    const { email } = await signedUp();
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
    const { email, password } = await signedUp();
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
    const { email, cookie, userId } = await signedUp();
    const me = await call('/api/users/me', { cookie });
    expect(await me.json()).toEqual({
      id: userId,
      username: email,
      email,
      name: 'Test Person',
      plan: 'free',
      credits: 5,
      isAdmin: false,
      hasPassword: true,
      groupStories: true,
    });
    // No cookie at all: signed out, answered without an error status (issue 27).
    const signedOut = await call('/api/users/me');
    expect(signedOut.status).toBe(200);
    expect(await signedOut.json()).toBeNull();
  });

  it('a cookie replayed after logout is refused', async () => {
    // A session of its own: the shared person's stays signed in.
    const { email, password } = await signedUp();
    const cookie = sessionCookieOf(await call('/api/auth/login', { json: { username: email, password } }));
    expect((await call('/api/users/me', { cookie })).status).toBe(200);
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
    const { cookie, userId } = await signedUp();
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
    const { email } = await signedUp();
    const mailedBefore = await lastEmailId();
    const known = await call('/api/auth/magic-link', { json: { email } });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ email });
    await waitForEmail(email, 'Your Feedloom sign-in link', mailedBefore);
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
    const { email } = await signedUp();
    // This test's own link, not one an earlier test had mailed.
    const mailedBefore = await lastEmailId();
    await call('/api/auth/magic-link', { json: { email } });
    const token = tokenOf(await waitForEmail(email, 'Your Feedloom sign-in link', mailedBefore));
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
    // Attempts count per 15-minute window: a run that crossed a quarter hour started counting again.
    pinClock(Date.now());
    const { email, password } = await signUpThroughApi();
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
    const { email, password } = await signedUp();
    const headers = { 'cf-connecting-ip': '192.0.2.44' };
    for (let i = 0; i < 15; i++) {
      const response = await call('/api/auth/login', { json: { username: email, password }, headers });
      expect(response.status).toBe(200);
    }
  });

  it('limits one IP to 100 attempts per 15 minutes across emails', async () => {
    pinClock(Date.now());
    const headers = { 'cf-connecting-ip': '198.51.100.7' };
    let lastStatus = 0;
    for (let i = 0; i < 101; i++) {
      lastStatus = (await call('/api/auth/magic-link', { json: { email: uniqueEmail(`ip${i}`) }, headers })).status;
    }
    expect(lastStatus).toBe(429);
  });
});
