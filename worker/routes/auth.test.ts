import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, users } from '../../schema';
import { hashPassword, MAX_PBKDF2_ITERATIONS, PBKDF2_ITERATIONS, parseHash, verifyPassword } from '../auth/password';
import {
  call,
  db,
  latestEmailTo,
  sessionCookieOf,
  signUpThroughApi,
  tokenFromLatestEmail,
  tokenOf,
  uniqueEmail,
  waitForEmail,
} from '../test/helpers';

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
    const { email } = await signUpThroughApi();
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
    const { email, password } = await signUpThroughApi();
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
    const { email, cookie } = await signUpThroughApi();
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
