// Changing the sign-in address (issue 14): a link to the new address, a word to the old one, and the
// change only once the link is followed.
import { describe, expect, it } from 'vitest';
import { call, lastEmailId, signUp, tokenOf, uniqueEmail, waitForEmail } from '../test/helpers';

const CONFIRM_SUBJECT = 'Confirm your new Feedloom email';
const NOTICE_SUBJECT = 'Your Feedloom email is about to change';

async function askToChange(cookie: string, body: Record<string, unknown>) {
  return call('/api/users/me/email', { cookie, json: body });
}

describe('changing the email', () => {
  it('mails the new address a link and tells the old one; following the link moves the sign-in', async () => {
    const { cookie, email, password } = await signUp();
    const next = uniqueEmail('moved');
    const before = await lastEmailId();
    const response = await askToChange(cookie, { email: next.toUpperCase(), currentPassword: password });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ email: next });
    // Nothing changes before the new address's owner confirms.
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ email });

    const notice = await waitForEmail(email, NOTICE_SUBJECT, before);
    expect(notice.text).toContain(next);
    expect(tokenOf(notice)).toBeUndefined();
    const confirmation = await waitForEmail(next, CONFIRM_SUBJECT, before);
    expect(confirmation.text).toContain('http://localhost:8787/auth/confirm-email?token=');

    // Followed in the browser that asked: it stays signed in (every other session ends, issue 28).
    const confirmed = await call('/api/auth/confirm-email', { cookie, json: { token: tokenOf(confirmation) } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ status: 'changed', email: next, message: 'Your email has been changed' });
    expect(await (await call('/api/users/me', { cookie })).json()).toMatchObject({ email: next });
    expect((await call('/api/auth/login', { json: { username: next, password } })).status).toBe(200);
    expect((await call('/api/auth/login', { json: { username: email, password } })).status).toBe(401);

    const again = await call('/api/auth/confirm-email', { json: { token: tokenOf(confirmation) } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      message: 'This link is invalid or has expired. Please request a new one.',
    });
  });

  it('needs the current password of an account that has one, and sends nothing without it', async () => {
    const { cookie } = await signUp();
    const next = uniqueEmail('nope');
    const before = await lastEmailId();
    for (const [body, message] of [
      [{ email: next }, 'Current password is required'],
      [{ email: next, currentPassword: 'not my password' }, 'Current password is incorrect'],
    ] as const) {
      const response = await askToChange(cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect(await lastEmailId()).toBe(before);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com\r\nBcc: x@y.z' }, 'Please enter a valid email address'],
    [{}, 'Please enter a valid email address'],
  ])('refuses %j with "%s"', async (body, message) => {
    const { cookie } = await signUp();
    const response = await askToChange(cookie, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
  });

  it('refuses the address it already has', async () => {
    const { cookie, email, password } = await signUp();
    const response = await askToChange(cookie, { email, currentPassword: password });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'That is already your email' });
  });

  it('answers a taken address like any other, and its link then fails without touching either account', async () => {
    const owner = await signUp();
    const other = await signUp();
    const before = await lastEmailId();
    const response = await askToChange(owner.cookie, { email: other.email, currentPassword: owner.password });
    expect(response.status).toBe(202);
    const confirmation = await waitForEmail(other.email, CONFIRM_SUBJECT, before);
    const confirmed = await call('/api/auth/confirm-email', { json: { token: tokenOf(confirmation) } });
    expect(confirmed.status).toBe(409);
    expect(await confirmed.json()).toMatchObject({ message: 'Another account already uses that email.' });
    expect(await (await call('/api/users/me', { cookie: owner.cookie })).json()).toMatchObject({ email: owner.email });
    expect(await (await call('/api/users/me', { cookie: other.cookie })).json()).toMatchObject({ email: other.email });
  });

  it('allows three requests a day', async () => {
    const { cookie, password } = await signUp();
    for (let i = 0; i < 3; i++) {
      expect((await askToChange(cookie, { email: uniqueEmail('many'), currentPassword: password })).status).toBe(202);
    }
    const response = await askToChange(cookie, { email: uniqueEmail('many'), currentPassword: password });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({
      message: 'You can ask to change your email up to 3 times a day. Please try again tomorrow.',
    });
  });

  it('answers 401 when signed out', async () => {
    expect((await call('/api/users/me/email', { json: { email: uniqueEmail() } })).status).toBe(401);
  });
});
