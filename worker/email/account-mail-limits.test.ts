// Issue 28 L2: mail to addresses nobody has proven carries no text an attacker chose, and one address
// (or one IP) cannot be sent account mail without end.
import { and, count, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emails } from '../../schema';
import { MAILS_PER_ADDRESS_PER_DAY, MAILS_PER_IP_PER_DAY } from '../middleware/mail-caps';
import { pinClock } from '../test/clock';
import { call, db, lastEmailId, signUp, uniqueEmail, waitForEmail } from '../test/helpers';

const fromIp = (ip: string) => ({ 'cf-connecting-ip': ip });

async function mailsTo(address: string, afterId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(emails)
    .where(and(eq(emails.to, address), gte(emails.id, afterId + 1)));
  return row?.n ?? 0;
}

describe('mail to an address nobody has proven', () => {
  it("leaves out the account's address, which whoever signed up chose", async () => {
    const chosen = uniqueEmail('visit-cheap-pills');
    const person = await signUp(chosen);
    const victim = uniqueEmail('victim');
    const before = await lastEmailId();
    await call('/api/users/me/email', {
      cookie: person.cookie,
      json: { email: victim, currentPassword: person.password },
    });
    const confirmation = await waitForEmail(victim, 'Confirm your new Feedloom email', before);
    expect(`${confirmation.subject}\n${confirmation.text}\n${confirmation.html}`).not.toContain('visit-cheap-pills');

    await call('/api/preferences/email', {
      cookie: person.cookie,
      method: 'PATCH',
      json: { emailDelivery: victim, emailFormat: 'html', emailSubjectTemplate: 'Digest {date}' },
    });
    const delivery = await waitForEmail(victim, 'Confirm that Feedloom may email you', before);
    expect(`${delivery.subject}\n${delivery.text}\n${delivery.html}`).not.toContain('visit-cheap-pills');
  });
});

describe('account mail caps', () => {
  it(`mails one address at most ${MAILS_PER_ADDRESS_PER_DAY} times a day, across every kind of account mail`, async () => {
    pinClock('2026-11-27T10:00:00Z');
    const victim = uniqueEmail('victim');
    const before = await lastEmailId();
    const asks = [
      () => call('/api/auth/register', { json: { name: 'Someone', email: victim }, headers: fromIp('203.0.113.1') }),
      () => call('/api/auth/magic-link', { json: { email: victim }, headers: fromIp('203.0.113.2') }),
      () => call('/api/auth/forgot-password', { json: { email: victim }, headers: fromIp('203.0.113.3') }),
      () =>
        call('/api/auth/email-signup', { json: { name: 'Someone', email: victim }, headers: fromIp('203.0.113.4') }),
    ];
    for (let i = 0; i < MAILS_PER_ADDRESS_PER_DAY; i++) {
      const response = await asks[i % asks.length]?.();
      expect(response?.status).toBeLessThan(300);
    }
    const refused = await call('/api/auth/magic-link', { json: { email: victim }, headers: fromIp('203.0.113.9') });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: 'Too many emails to this address today. Please try again tomorrow.',
    });
    // The next day the address may be mailed again.
    pinClock('2026-11-28T00:00:01Z');
    expect(
      (await call('/api/auth/magic-link', { json: { email: victim }, headers: fromIp('203.0.113.9') })).status,
    ).toBe(200);
    expect(await mailsTo(victim, before)).toBeLessThanOrEqual(MAILS_PER_ADDRESS_PER_DAY + 1);
  });

  it(`counts every account mail one IP asks for: ${MAILS_PER_IP_PER_DAY} a day`, async () => {
    pinClock('2026-11-27T11:00:00Z');
    const ip = '198.51.100.7';
    for (let i = 0; i < MAILS_PER_IP_PER_DAY; i++) {
      const path = i % 2 === 0 ? '/api/auth/magic-link' : '/api/auth/forgot-password';
      const response = await call(path, { json: { email: uniqueEmail('stranger') }, headers: fromIp(ip) });
      expect(response.status).toBe(200);
    }
    const refused = await call('/api/auth/register', {
      json: { name: 'Someone', email: uniqueEmail('stranger') },
      headers: fromIp(ip),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: 'Too many emails asked for from this network today. Please try again tomorrow.',
    });
  });
});
