// The session token's verification, remembered per isolate (auth/session.ts): a token verified once is not
// verified again, so what it must still refuse is what jose would: an expired token, and any token after
// the secret changed.
import { describe, expect, it } from 'vitest';
import { pinClock } from '../test/clock';
import { tokenWithClaims, VERIFIED_TOKENS, verifiedTokenCount, verifySessionToken } from './session';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const person = { id: 7, peopleShard: 2 } as Parameters<typeof tokenWithClaims>[1]['user'];
const tokenFor = (secret: string, sessionId: string, expiresAt: number) =>
  tokenWithClaims(secret, { sessionId, user: person, expiresAt: new Date(expiresAt) }, NOW);

describe('verifySessionToken', () => {
  it('gives the same claims each time, and refuses the token once it has expired', async () => {
    pinClock(NOW);
    const token = await tokenFor('secret-one', 'session-a', NOW + 60_000);
    const claims = { sessionId: 'session-a', person: { userId: 7, peopleShard: 2 }, rowInPeople: true };
    expect(await verifySessionToken('secret-one', token)).toEqual(claims);
    expect(await verifySessionToken('secret-one', token)).toEqual(claims);
    pinClock(NOW + 60_000);
    expect(await verifySessionToken('secret-one', token)).toBeNull();
  });

  it('refuses a token it verified before once the secret has changed, and a tampered one', async () => {
    pinClock(NOW);
    const token = await tokenFor('secret-one', 'session-b', NOW + 60_000);
    expect(await verifySessionToken('secret-one', token)).not.toBeNull();
    expect(await verifySessionToken('secret-two', token)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${btoa(JSON.stringify({ sid: 'session-z', sub: '1', peopleShard: 0 })).replace(/=+$/, '')}.${signature}`;
    expect(await verifySessionToken('secret-two', forged)).toBeNull();
  });

  it('keeps at most VERIFIED_TOKENS verified, and still accepts a token it no longer keeps', async () => {
    pinClock(NOW);
    const first = await tokenFor('secret-one', 'session-first', NOW + 60_000);
    expect(await verifySessionToken('secret-one', first)).not.toBeNull();
    for (let n = 0; n < VERIFIED_TOKENS + 20; n++) {
      expect(
        await verifySessionToken('secret-one', await tokenFor('secret-one', `session-${n}`, NOW + 60_000)),
      ).not.toBeNull();
      expect(verifiedTokenCount()).toBeLessThanOrEqual(VERIFIED_TOKENS);
    }
    expect(verifiedTokenCount()).toBe(VERIFIED_TOKENS);
    expect((await verifySessionToken('secret-one', first))?.sessionId).toBe('session-first');
  });
});
