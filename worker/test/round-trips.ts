// A request as the SPA makes it, counted per database (metered-env.ts): for the tests that hold the
// reading paths to the D1 calls and round trips they need (routes/d1-round-trips.test.ts,
// routes/search-round-trips.test.ts).
import { expect } from 'vitest';
import { call } from './helpers';
import { meteredEnv } from './metered-env';

/** The request's body, the D1 calls it made to each database, its round trips in sequence and rows read. */
export async function counted(cookie: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const metered = meteredEnv();
  const response = await call(path, { cookie, ...init, env: metered.env });
  expect(response.status, path).toBe(200);
  return {
    body: (await response.json()) as unknown,
    calls: metered.calls(),
    rowsRead: metered.rowsRead(),
    roundTrips: metered.roundTrips(),
    timeline: metered.timeline(),
    nextCursor: response.headers.get('x-next-cursor'),
  };
}

/** Creates something through the API (a category, a feed) and answers its id. */
export async function create(cookie: string, path: string, json: unknown) {
  const response = await call(path, { cookie, json });
  expect(response.status, path).toBe(201);
  return (await response.json()) as { id: number };
}
