// Issue 28 (Medium): changing the sign-in address must not hand an account to whoever borrowed its
// session. An account without a password approves from its current address before the new one gets a
// link; and confirming a new address spends every link mailed before, ends every other session and
// retires the Fever keys, which were computed from the old address.
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../lib/crypto';
import {
  call,
  lastEmailId,
  latestEmailTo,
  sessionCookieOf,
  signUp,
  tokenFromLatestEmail,
  tokenOf,
  uniqueEmail,
  waitForEmail,
} from '../test/helpers';

const APPROVE_SUBJECT = 'Approve your new Feedloom email';
const CONFIRM_SUBJECT = 'Confirm your new Feedloom email';

async function passwordlessPerson() {
  const email = uniqueEmail('linkonly');
  await call('/api/auth/email-signup', { json: { name: 'Link Person', email } });
  const verify = await call(`/api/auth/verify?token=${await tokenFromLatestEmail(email)}`);
  return { email, cookie: sessionCookieOf(verify) as string };
}

const feverAuth = async (apiKey: string) => {
  const response = await call('/api/fever/?api', {
    method: 'POST',
    headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: apiKey }).toString(),
  });
  return ((await response.json()) as { auth: number }).auth;
};

describe('changing the email of an account without a password', () => {
  it('asks the current address first; only its approval sends the new address a link', async () => {
    const person = await passwordlessPerson();
    const attacker = uniqueEmail('attacker');
    const before = await lastEmailId();
    const asked = await call('/api/users/me/email', { cookie: person.cookie, json: { email: attacker } });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({
      email: attacker,
      message: `We sent a link to ${person.email}. Follow it to approve the change; then ${attacker} gets a link to confirm it.`,
    });
    const approval = await waitForEmail(person.email, APPROVE_SUBJECT, before);
    expect(approval.text).toContain(attacker);
    expect(approval.text).toContain('http://localhost:8787/auth/confirm-email?token=');
    // Nothing went to the new address, and the account still signs in with its own.
    expect(await latestEmailTo(attacker)).toBeNull();
    expect(await (await call('/api/users/me', { cookie: person.cookie })).json()).toMatchObject({
      email: person.email,
    });

    const approved = await call('/api/auth/confirm-email', { json: { token: tokenOf(approval) } });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({
      status: 'approved',
      email: attacker,
      message: `We sent a link to ${attacker}. Your email changes once you follow it.`,
    });
    const confirmation = await waitForEmail(attacker, CONFIRM_SUBJECT, before);
    const confirmed = await call('/api/auth/confirm-email', { json: { token: tokenOf(confirmation) } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      status: 'changed',
      email: attacker,
      message: 'Your email has been changed',
    });
  });
});

describe('confirming a new email', () => {
  it('ends every other session, spends the links mailed before, and retires the Fever keys', async () => {
    const person = await signUp();
    const other = sessionCookieOf(
      await call('/api/auth/login', { json: { username: person.email, password: person.password } }),
    ) as string;
    const created = await call('/api/users/me/app-passwords', {
      cookie: person.cookie,
      json: { name: 'Reeder', currentPassword: person.password },
    });
    const { password: appPassword } = (await created.json()) as { password: string };
    const oldKey = await md5Hex(`${person.email}:${appPassword}`);
    expect(await feverAuth(oldKey)).toBe(1);

    // Links mailed to the old address before the change.
    let before = await lastEmailId();
    await call('/api/auth/magic-link', { json: { email: person.email } });
    const magic = tokenOf(await waitForEmail(person.email, 'Your Feedloom sign-in link', before));
    before = await lastEmailId();
    await call('/api/auth/forgot-password', { json: { email: person.email } });
    const reset = tokenOf(await waitForEmail(person.email, 'Reset your Feedloom password', before));

    const next = uniqueEmail('moved');
    before = await lastEmailId();
    await call('/api/users/me/email', {
      cookie: person.cookie,
      json: { email: next, currentPassword: person.password },
    });
    const confirmation = await waitForEmail(next, CONFIRM_SUBJECT, before);
    const confirmed = await call('/api/auth/confirm-email', {
      cookie: person.cookie,
      json: { token: tokenOf(confirmation) },
    });
    expect(confirmed.status).toBe(200);

    // The browser that confirmed stays signed in; the other session is over.
    expect((await call('/api/users/me', { cookie: person.cookie })).status).toBe(200);
    expect((await call('/api/users/me', { cookie: other })).status).toBe(401);
    // The old address's links no longer work.
    expect((await call(`/api/auth/verify?token=${magic}`)).status).toBe(400);
    const setPassword = await call('/api/auth/set-password', { json: { token: reset, password: 'taken over now' } });
    expect(setPassword.status).toBe(400);
    // The Fever key made from the old address stops at once.
    expect(await feverAuth(oldKey)).toBe(0);
    // Google Reader apps send the address and app password, so the new address works there.
    const login = await call('/api/greader/accounts/ClientLogin', {
      method: 'POST',
      headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Email: next, Passwd: appPassword }).toString(),
    });
    expect(login.status).toBe(200);
  });

  it('confirmed from a browser signed out ends every session', async () => {
    const person = await signUp();
    const next = uniqueEmail('moved');
    const before = await lastEmailId();
    await call('/api/users/me/email', {
      cookie: person.cookie,
      json: { email: next, currentPassword: person.password },
    });
    const confirmation = await waitForEmail(next, CONFIRM_SUBJECT, before);
    expect((await call('/api/auth/confirm-email', { json: { token: tokenOf(confirmation) } })).status).toBe(200);
    expect((await call('/api/users/me', { cookie: person.cookie })).status).toBe(401);
  });
});
