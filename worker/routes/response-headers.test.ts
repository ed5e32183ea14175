// Issue 28 L3: every API response forbids loading anything and being framed, whatever it answers.
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../test/helpers';

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

describe('API responses', () => {
  it("carry the CSP default-src 'none'; frame-ancestors 'none', on success and on error", async () => {
    const { cookie } = await signUp();
    for (const response of [
      await call('/api/health'),
      await call('/api/users/me', { cookie }),
      await call('/api/users/me'),
      await call('/api/no-such-thing'),
      await call('/api/greader/accounts/ClientLogin', { method: 'POST', headers: { origin: '' } }),
    ]) {
      expect(response.headers.get('content-security-policy')).toBe(API_CSP);
    }
  });
});
