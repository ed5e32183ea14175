// When a feed is checked next, through the real refresh against the fake feed server, with the clock
// pinned at each of the 24 hours of a day: failures back off 15 min, 30 min, 1 h … up to a day (±10 %),
// and a recovered feed goes back to its posting rate.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../schema';
import { createUrlFetcher } from '../net/fetcher';
import { HOUR_MS, hourlyInstants, pinClock } from '../test/clock';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { refreshFeed } from './refresh';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS } from './schedule';

const deps = () => ({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) });

async function feedRow(feedId: number) {
  const [row] = await db.shards.of(feedId).select().from(feeds).where(eq(feeds.id, feedId));
  if (!row) throw new Error('no feed row');
  return row;
}

describe('the next check of a feed', () => {
  it('backs off a failing feed from 15 minutes to a day at every hour, and returns to its rate once it recovers', async () => {
    const instants = hourlyInstants('2026-03-08');
    const name = uniqueName('backoff');
    // Posted every hour until the day before: checked every half hour while it works.
    const last = (instants[0] ?? 0) - 2 * HOUR_MS;
    const hourly = Array.from({ length: 12 }, (_, i) => ({
      guid: `p${i}`,
      title: `Post ${i}`,
      pubDate: new Date(last - i * HOUR_MS),
    }));
    const url = await scriptFeed(name, { body: rss('Hourly', hourly) });
    pinClock(last + HOUR_MS);
    const { cookie } = await signUp();
    const added = await call('/api/feeds', {
      cookie,
      json: { url, name: 'Hourly', categoryId: null, includeInAi: true },
    });
    expect(added.status).toBe(201);
    const { id: feedId } = (await added.json()) as { id: number };

    await scriptFeed(name, { body: 'Server error', status: 500, contentType: 'text/plain' });
    for (const [failures, now] of instants.map((now, i) => [i + 1, now] as const)) {
      pinClock(now);
      expect(await refreshFeed(deps(), feedId)).toEqual({ kind: 'failed', error: 'The server answered 500' });
      const row = await feedRow(feedId);
      const backoff = Math.min(MIN_INTERVAL_MS * 2 ** (failures - 1), MAX_INTERVAL_MS);
      const wait = row.nextFetchAt.getTime() - now;
      const where = `failure ${failures} at ${new Date(now).toISOString()}`;
      expect(row.errorCount, where).toBe(failures);
      expect(wait, where).toBeGreaterThanOrEqual(Math.min(backoff * 0.9, MAX_INTERVAL_MS) - 1);
      expect(wait, where).toBeLessThanOrEqual(Math.min(backoff * 1.1, MAX_INTERVAL_MS) + 1);
    }

    await scriptFeed(name, { body: rss('Hourly', hourly) });
    const recovered = (instants.at(-1) ?? 0) + HOUR_MS;
    pinClock(recovered);
    // The same body as before the failures: recognised by its hash, nothing to store.
    expect((await refreshFeed(deps(), feedId)).kind).toBe('unchanged');
    const row = await feedRow(feedId);
    expect(row).toMatchObject({ errorCount: 0, lastError: null });
    expect(row.nextFetchAt.getTime() - recovered).toBe(HOUR_MS / 2);
  });
});
