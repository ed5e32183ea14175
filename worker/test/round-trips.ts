// A request as the SPA makes it, counted per database (metered-env.ts): for the tests that hold the
// reading paths to the D1 calls and round trips they need (routes/d1-round-trips.test.ts,
// routes/search-round-trips.test.ts).
import { expect } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { feedInShard } from './feeds';
import { call } from './helpers';
import { meteredEnv } from './metered-env';
import { personIn } from './people';

/** The request's body, the D1 calls it made to each database, its round trips in sequence and rows read. */
export async function counted(cookie: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const metered = meteredEnv();
  const response = await call(path, { cookie, ...init, env: metered.env, onResponse: metered.markResponse });
  expect(response.status, path).toBe(200);
  return {
    body: (await response.json()) as unknown,
    calls: metered.calls(),
    rowsRead: metered.rowsRead(),
    roundTrips: metered.roundTrips(),
    /** The round trips the response waited for, and the calls it left running after it (`waitUntil`). */
    roundTripsBeforeResponse: metered.roundTripsBeforeResponse(),
    afterResponse: metered.afterResponse(),
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

/**
 * Someone in the primary database (people shard 0) following one feed of the primary shard, in a
 * category, with `hours` for its items; the newest and second items as the list shows them, the second
 * starred.
 */
export async function readerOfOneFeed(label: string, hours: number[]) {
  const person = await personIn(0, label);
  const category = await create(person.cookie, '/api/categories', { name: 'News' });
  const feed = await create(person.cookie, '/api/feeds', {
    url: await feedInShard(0, 'primary', hours),
    name: 'Primary',
    categoryId: category.id,
    includeInAi: true,
  });
  const [newest, second] = (await (await call('/api/feed-items', { cookie: person.cookie })).json()) as FeedItem[];
  if (!newest || !second) throw new Error('the feed has no items');
  await call(`/api/feed-items/${second.id}`, { cookie: person.cookie, method: 'PATCH', json: { isStarred: true } });
  return { person, category, feed, newest, second };
}
