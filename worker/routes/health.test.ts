import { describe, expect, it } from 'vitest';
import { call } from '../test/helpers';

describe('health', () => {
  it('answers ok', async () => {
    const response = await call('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});
