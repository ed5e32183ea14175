// The first pages of a morning after a quiet night: nothing has arrived for 8 hours, so the newest item is
// 8 hours old. A first page of My Feed starts from the span the person's last one needed
// (db/items/windows.ts), and that span is kept from the newest row, not from now: were the night counted
// in it, a page wanting fewer rows than the one that kept it (a flat list, a reader app's stream) would
// scale the night down and fall short inside it, then widen blind (538 rows for a page of 31 on the
// benchmark's data), and a page keeping that span would scale the night up for the next grouped page
// (136 rows on every request for its 46). Counted through the app and the Google Reader API: rows read and
// round trips in sequence.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { feedDatabaseNames, shardForUrl } from '../db/shards';
import { pinClock } from '../test/clock';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { call } from '../test/helpers';
import { personIn } from '../test/people';
import { meteredReaderAppCall } from '../test/reader-apps';
import { counted, create } from '../test/round-trips';

const HOUR = 3_600_000;
const NIGHT_HOURS = 8;
const FEEDS = ['atlas', 'borealis', 'cygnus'];
const ITEMS_PER_FEED = 40;

/**
 * A feed whose items came every 3 minutes, in turn with the other feeds', the newest 8 hours ago; in the
 * primary's feed shard, where the person's reading state is, so a page is one statement.
 */
async function quietFeed(label: string, turn: number, now: number) {
  let name = uniqueName(label);
  const shards = feedDatabaseNames(env.FEED_DATABASES).length;
  while (shardForUrl(`${env.FAKE_UPSTREAM_URL}/scripted/${name}`, shards) !== 0) name = uniqueName(label);
  const items = Array.from({ length: ITEMS_PER_FEED }, (_, n) => {
    const minutesBeforeNight = n * FEEDS.length + turn;
    return {
      guid: `${name}-${n}`,
      // One word of its own per item, so no two items make one story (stories/grouping.ts).
      title: `${label}${n} dispatch`,
      link: `https://example.com/${name}/${n}`,
      pubDate: new Date(now - NIGHT_HOURS * HOUR - minutesBeforeNight * 60_000),
    };
  });
  return scriptFeed(name, { body: rss(name, items) });
}

/** Rows a first page wants (windows.ts): a grouped page's 46 (a category's too), a flat page's or a stream's 31. */
const WANTED = { grouped: 46, category: 46, flat: 31, stream: 31 };

/**
 * The most rows a first page may read for what it wants: its window holds the rows wanted with a tenth to
 * spare (windows.ts ROOM), each feed's index range costs a row where it ends, and the session's check
 * reads its row. Before the span counted from its newest row, these pages read 86 to 128.
 */
const mostRows = (wanted: number) => Math.ceil(wanted * 1.1) + FEEDS.length + 1;

describe('first pages after a quiet night', () => {
  it('read about the rows they want, in one round trip, whichever page kept the span last', async () => {
    pinClock(Date.now());
    const now = Date.now();
    const person = await personIn(0, 'quiet-night');
    // Two of the three feeds in a category, whose first pages keep a span of their own.
    const category = await create(person.cookie, '/api/categories', { name: 'Night shift' });
    for (const [turn, label] of FEEDS.entries()) {
      const url = await quietFeed(label, turn, now);
      const followed = await call('/api/feeds', {
        cookie: person.cookie,
        json: { url, name: label, categoryId: turn < 2 ? category.id : null, includeInAi: false },
      });
      expect(followed.status).toBe(201);
    }
    const created = await call('/api/users/me/app-passwords', {
      cookie: person.cookie,
      json: { name: 'quiet night', currentPassword: person.password },
    });
    const { password } = (await created.json()) as { password: string };
    const login = await call('/api/greader/accounts/ClientLogin', {
      headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Email: person.email, Passwd: password }).toString(),
    });
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';

    const pages = {
      grouped: async () => counted(person.cookie, '/api/feed-items'),
      flat: async () => counted(person.cookie, '/api/feed-items?threads=false'),
      category: async () => counted(person.cookie, `/api/feed-items?categoryId=${category.id}`),
      stream: async () => {
        const { response, metered } = await meteredReaderAppCall(
          `/api/greader/reader/api/0/stream/contents/${encodeURIComponent('user/-/state/com.google/reading-list')}?n=30&output=json`,
          { auth },
        );
        expect(response.status).toBe(200);
        const { items } = (await response.json()) as { items: { title: string }[] };
        return { body: items, rowsRead: metered.rowsRead(), roundTrips: metered.roundTrips() };
      },
    };
    const read = async (kind: keyof typeof pages) => {
      const { body, rowsRead, roundTrips } = await pages[kind]();
      const titles = (body as { title: string }[]).map((item) => item.title);
      return { kind, rowsRead, roundTrips, titles };
    };
    // The very first page knows nothing of the night: it looks 2 hours back, then further. The stream's
    // first call checks its token before it reads.
    await read('grouped');
    await read('stream');
    await read('category');
    const newest30 = (feeds: number) =>
      Array.from({ length: 30 }, (_, n) => `${FEEDS[n % feeds]}${Math.floor(n / feeds)} dispatch`);
    const turns = ['flat', 'grouped', 'stream', 'category', 'grouped', 'flat', 'flat', 'stream', 'category'] as const;
    for (const kind of turns) {
      const page = await read(kind);
      expect(page.titles, kind).toEqual(newest30(kind === 'category' ? 2 : 3));
      expect(page.roundTrips, kind).toBe(1);
      expect(page.rowsRead, kind).toBeLessThanOrEqual(mostRows(WANTED[kind]));
    }
  });
});
