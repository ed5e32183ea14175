// Page views reach Workers Analytics Engine through the ANALYTICS binding declared in wrangler.toml.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, signUp } from '../test/helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('page views', () => {
  it('writes each page view to the Analytics Engine dataset, saying whether someone was signed in', async () => {
    expect(env.ANALYTICS).toBeDefined();
    const written = vi.spyOn(env.ANALYTICS, 'writeDataPoint');
    expect((await call('/api/analytics/pageview', { json: { path: '/privacy' } })).status).toBe(204);
    const { cookie } = await signUp();
    expect((await call('/api/analytics/pageview', { cookie, json: { path: '/home' } })).status).toBe(204);
    expect(written.mock.calls.map(([point]) => point)).toEqual([
      { blobs: ['/privacy', 'visitor'], indexes: ['/privacy'] },
      { blobs: ['/home', 'user'], indexes: ['/home'] },
    ]);
  });

  it('ignores a body that names no page, without failing the page', async () => {
    const written = vi.spyOn(env.ANALYTICS, 'writeDataPoint');
    expect((await call('/api/analytics/pageview', { json: { path: 42 } })).status).toBe(204);
    expect(written).not.toHaveBeenCalled();
  });
});
