// The item list's date filters ("today", "yesterday", "last 7 days") count calendar days on the
// person's own wall clock. Checked at each of the 24 hours of the day New York falls back, through the
// API with a feed that posted every hour for ten days; as a function in every kind of time zone in
// worker/lib/date-range.test.ts (in Node).
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { HOUR_MS, hourlyInstants, pinClock, wallClock } from '../test/clock';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

const FILTERS = { today: [0, Infinity], yesterday: [-1, -1], last7days: [-6, Infinity] } as const;

/** Is a day `days` calendar days from today (0 today, -1 yesterday) inside the filter? */
const inFilter = (filter: keyof typeof FILTERS, days: number) =>
  days >= FILTERS[filter][0] && days <= FILTERS[filter][1];

async function allTitles(cookie: string, query: string) {
  const titles: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await call(
      `/api/feed-items?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      {
        cookie,
      },
    );
    expect(page.status).toBe(200);
    titles.push(...((await page.json()) as FeedItem[]).map((item) => item.title));
    cursor = page.headers.get('x-next-cursor');
  } while (cursor);
  return titles;
}

describe('date filters', () => {
  it('keep to the person’s calendar days at each of the 24 hours of a daylight-saving change', async () => {
    const zone = 'America/New_York';
    const { cookie } = await signUp();
    expect((await call('/api/users/me', { method: 'PATCH', cookie, json: { timezone: zone } })).status).toBe(200);
    // An item at 45 minutes past every hour from 24 October to 2 November (UTC), titled by its instant.
    const first = Date.parse('2026-10-24T00:45:00Z');
    const published = Array.from({ length: 240 }, (_, hour) => first + hour * HOUR_MS);
    const url = await scriptFeed(uniqueName('hourly'), {
      body: rss(
        'Hourly',
        published.map((instant) => ({
          guid: String(instant),
          title: new Date(instant).toISOString(),
          pubDate: new Date(instant),
        })),
      ),
    });
    pinClock('2026-11-02T23:59:00Z');
    const added = await call('/api/feeds', {
      cookie,
      json: { url, name: 'Hourly', categoryId: null, includeInAi: true },
    });
    expect(added.status).toBe(201);

    for (const now of hourlyInstants('2026-11-01')) {
      pinClock(now);
      const today = wallClock(now, zone).dayNumber;
      for (const filter of Object.keys(FILTERS) as (keyof typeof FILTERS)[]) {
        const expected = published
          .filter((instant) => inFilter(filter, wallClock(instant, zone).dayNumber - today))
          .map((instant) => new Date(instant).toISOString())
          .reverse();
        expect(await allTitles(cookie, `dateFilter=${filter}`), `${filter} at ${new Date(now).toISOString()}`).toEqual(
          expected,
        );
      }
    }
  });
});
