// Issue 28 L3: a Google Reader Auth token used to be an HMAC over the app password alone, so it worked
// until the app password was revoked. It now lasts as long as a web session; then the API answers 401
// with Google-Bad-Token, on which reader apps sign in again, and each ClientLogin issues a fresh token.
import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_LIFETIME_MS } from '../greader/auth';
import { advanceClock, pinClock } from '../test/clock';
import { greader } from '../test/greader';
import { personWithAppPassword } from '../test/reader-apps';

async function clientLogin(email: string, appPassword: string) {
  const response = await greader('/accounts/ClientLogin', { form: { Email: email, Passwd: appPassword } });
  expect(response.status).toBe(200);
  return /^Auth=(.+)$/m.exec(await response.text())?.[1] ?? '';
}

describe('a Google Reader Auth token', () => {
  it('works for 30 days, then answers 401 with Google-Bad-Token; ClientLogin issues a new one', async () => {
    expect(AUTH_TOKEN_LIFETIME_MS).toBe(30 * 24 * 3_600_000);
    pinClock(Date.now());
    const person = await personWithAppPassword('Reeder', 'News');
    const first = await clientLogin(person.email, person.appPassword);
    expect((await greader('/reader/api/0/user-info?output=json', { auth: first })).status).toBe(200);

    advanceClock(AUTH_TOKEN_LIFETIME_MS - 60_000);
    expect((await greader('/reader/api/0/user-info?output=json', { auth: first })).status).toBe(200);
    advanceClock(60_000);
    const expired = await greader('/reader/api/0/user-info?output=json', { auth: first });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('google-bad-token')).toBe('true');

    const second = await clientLogin(person.email, person.appPassword);
    expect(second).not.toBe(first);
    expect((await greader('/reader/api/0/user-info?output=json', { auth: second })).status).toBe(200);
  });

  it('is refused when its expiry is altered', async () => {
    const person = await personWithAppPassword('Reeder', 'News');
    const token = await clientLogin(person.email, person.appPassword);
    const [id, expires, mac] = token.split('/');
    const stretched = `${id}/${Number(expires) + 86_400 * 365}/${mac}`;
    expect((await greader('/reader/api/0/user-info?output=json', { auth: stretched })).status).toBe(401);
  });
});
