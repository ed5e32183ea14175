// Issue 28 (Medium): a borrowed session must not become a lasting foothold through app passwords. Making
// one needs the current password (or, for an account without one, a fresh link mailed to its address);
// a password reset revokes them all; a password change revokes them unless told to keep them, and says
// which it kept.
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/crypto';
import {
  call,
  lastEmailId,
  sessionCookieOf,
  signUp,
  tokenFromLatestEmail,
  tokenOf,
  uniqueEmail,
  waitForEmail,
} from '../test/helpers';

const LINK_SUBJECT = 'Create a Feedloom app password';

const create = (cookie: string, json: Record<string, unknown>) => call('/api/users/me/app-passwords', { cookie, json });

async function createWithPassword(person: { cookie: string; password: string }, name: string) {
  const response = await create(person.cookie, { name, currentPassword: person.password });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; name: string; password: string };
}

/** A reader app's view of one app password: Google Reader ClientLogin, then a call with its token, and Fever. */
async function readerAppsWith(email: string, appPassword: string) {
  const login = await call('/api/greader/accounts/ClientLogin', {
    method: 'POST',
    headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Email: email, Passwd: appPassword }).toString(),
  });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  return {
    loginStatus: login.status,
    auth,
    feverAuth: async () => {
      const response = await call('/api/fever/?api', {
        method: 'POST',
        headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_key: await md5Hex(`${email}:${appPassword}`) }).toString(),
      });
      return ((await response.json()) as { auth: number }).auth;
    },
  };
}

const readerStatus = (auth: string) =>
  call('/api/greader/reader/api/0/user-info?output=json', {
    headers: { origin: '', authorization: `GoogleLogin auth=${auth}` },
  }).then((response) => response.status);

/** An account made by email signup and signed in by its verification link: it has no password. */
async function passwordlessPerson() {
  const email = uniqueEmail('linkonly');
  await call('/api/auth/email-signup', { json: { name: 'Link Person', email } });
  const verify = await call(`/api/auth/verify?token=${await tokenFromLatestEmail(email)}`);
  return { email, cookie: sessionCookieOf(verify) as string };
}

describe('creating an app password', () => {
  it('needs the current password: the session cookie alone creates nothing', async () => {
    const person = await signUp();
    for (const [json, message] of [
      [{ name: 'Stolen' }, 'Current password is required'],
      [{ name: 'Stolen', currentPassword: 'not my password' }, 'Current password is incorrect'],
    ] as const) {
      const response = await create(person.cookie, json);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect(await (await call('/api/users/me/app-passwords', { cookie: person.cookie })).json()).toEqual([]);
    const made = await createWithPassword(person, 'Reeder');
    expect(made.password).toMatch(/^[a-z2-7]{32}$/);
  });

  it('for an account without a password, mails a fresh link to its address; only that link creates one', async () => {
    const person = await passwordlessPerson();
    const before = await lastEmailId();
    const asked = await create(person.cookie, { name: 'Stolen' });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toMatchObject({
      message: `We sent a link to ${person.email}. Follow it to create the app password.`,
    });
    expect(await (await call('/api/users/me/app-passwords', { cookie: person.cookie })).json()).toEqual([]);

    const mail = await waitForEmail(person.email, LINK_SUBJECT, before);
    expect(mail.text).toContain('http://localhost:8787/account?token=');
    expect(mail.text).not.toContain('Stolen');
    const token = tokenOf(mail);

    // The link is the person's own: someone else's session cannot spend it.
    const stranger = await passwordlessPerson();
    const theirs = await create(stranger.cookie, { name: 'Mine now', token });
    expect(theirs.status).toBe(400);

    const made = await create(person.cookie, { name: 'Reeder', token });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ name: 'Reeder', password: expect.stringMatching(/^[a-z2-7]{32}$/) });
    // Single use.
    const again = await create(person.cookie, { name: 'Reeder 2', token });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      message: 'This link is invalid or has expired. Please request a new one.',
    });
  });
});

describe('a password reset', () => {
  it('revokes every app password: Google Reader and Fever are refused afterwards', async () => {
    const person = await signUp();
    const made = await createWithPassword(person, 'Reeder');
    const apps = await readerAppsWith(person.email, made.password);
    expect(apps.loginStatus).toBe(200);
    expect(await readerStatus(apps.auth)).toBe(200);
    expect(await apps.feverAuth()).toBe(1);

    const before = await lastEmailId();
    await call('/api/auth/forgot-password', { json: { email: person.email } });
    const reset = await waitForEmail(person.email, 'Reset your Feedloom password', before);
    const set = await call('/api/auth/set-password', { json: { token: tokenOf(reset), password: 'a fresh secret' } });
    expect(set.status).toBe(200);

    expect(await readerStatus(apps.auth)).toBe(401);
    expect(await apps.feverAuth()).toBe(0);
    expect((await readerAppsWith(person.email, made.password)).loginStatus).toBe(401);
  });
});

describe('a password change', () => {
  it('revokes the app passwords unless told otherwise, and says none were kept', async () => {
    const person = await signUp();
    const made = await createWithPassword(person, 'Reeder');
    const apps = await readerAppsWith(person.email, made.password);
    const changed = await call('/api/users/me/password', {
      cookie: person.cookie,
      json: { currentPassword: person.password, newPassword: 'a brand new secret' },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      message: 'Your password has been changed. Other devices have been signed out and your app passwords revoked.',
      keptAppPasswords: [],
    });
    expect(await readerStatus(apps.auth)).toBe(401);
    expect(await apps.feverAuth()).toBe(0);
    expect(await (await call('/api/users/me/app-passwords', { cookie: person.cookie })).json()).toEqual([]);
  });

  it('keeps them when asked to, and the reply lists what was kept', async () => {
    const person = await signUp();
    const reeder = await createWithPassword(person, 'Reeder');
    const newsboat = await createWithPassword(person, 'newsboat');
    const changed = await call('/api/users/me/password', {
      cookie: person.cookie,
      json: { currentPassword: person.password, newPassword: 'a brand new secret', revokeAppPasswords: false },
    });
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as { message: string; keptAppPasswords: { id: number; name: string }[] };
    expect(body.keptAppPasswords.map((kept) => kept.id).sort()).toEqual([reeder.id, newsboat.id].sort());
    expect(body.message).toBe(
      'Your password has been changed. Other devices have been signed out. These app passwords still work: newsboat, Reeder.',
    );
    expect((await readerAppsWith(person.email, reeder.password)).loginStatus).toBe(200);
  });

  it('refuses a revokeAppPasswords that is not true or false', async () => {
    const person = await signUp();
    const response = await call('/api/users/me/password', {
      cookie: person.cookie,
      json: { currentPassword: person.password, newPassword: 'a brand new secret', revokeAppPasswords: 'no' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'revokeAppPasswords must be true or false' });
  });
});
