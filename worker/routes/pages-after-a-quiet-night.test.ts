// The first pages of a morning after a quiet night: nothing has arrived for 8 hours, so the newest item is
// 8 hours old. A first page of My Feed starts from the span the person's last one needed
// (db/items/windows.ts), and that span is kept from the newest row, not from now: were the night counted
// in it, a page wanting fewer rows than the one that kept it (a flat list, a reader app's stream) would
// scale the night down and fall short inside it, then widen blind (538 rows for a page of 31 on the
// benchmark's data), and a page keeping that span would scale the night up for the next grouped page
// (136 rows on every request for its 46). Then the morning's first items: the pages' rows straddle the
// night, which no one span scales across, so each kind of page (grouped, every item) keeps its own.
// Counted through the app and the Google Reader API: rows read and round trips in sequence.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { feedDatabaseNames, shardForUrl } from '../db/shards';
import { refreshFeed } from '../feeds/refresh';
import { createUrlFetcher } from '../net/fetcher';
import { pinClock } from '../test/clock';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { signInAsReaderApp } from '../test/greader';
import { call, db } from '../test/helpers';
import { personIn } from '../test/people';
import { meteredReaderAppCall } from '../test/reader-apps';
import { counted, create } from '../test/round-trips';

const HOUR = 3_600_000;
const NIGHT_HOURS = 8;
const FEEDS = ['atlas', 'borealis', 'cygnus'];
const ITEMS_PER_FEED = 40;

/**
 * A feed whose items came every 3 minutes, in turn with the other feeds', the newest 8 hours ago; in the
 * primary's feed shard, where the person's reading state is, so a page is one statement. `morning`: that
 * many items more, published since the night, in turn with the other feeds' a minute apart.
 */
async function quietFeed(
  label: string,
  turn: number,
  now: number,
  name = primaryShardName(label),
  morning = 0,
  nightHours = NIGHT_HOURS,
) {
  const item = (n: number, pubDate: number) => ({
    guid: `${name}-${n}`,
    // One word of its own per item, so no two items make one story (stories/grouping.ts).
    title: `${label}${n} dispatch`,
    link: `https://example.com/${name}/${n}`,
    pubDate: new Date(pubDate),
  });
  const night = Array.from({ length: ITEMS_PER_FEED }, (_, n) =>
    item(n, now - nightHours * HOUR - (n * FEEDS.length + turn) * 60_000),
  );
  const since = Array.from({ length: morning }, (_, k) => item(1000 + k, now - (k * FEEDS.length + turn + 1) * 60_000));
  return { name, url: await scriptFeed(name, { body: rss(name, [...since, ...night]) }) };
}

function primaryShardName(label: string) {
  let name = uniqueName(label);
  const shards = feedDatabaseNames(env.FEED_DATABASES).length;
  while (shardForUrl(`${env.FAKE_UPSTREAM_URL}/scripted/${name}`, shards) !== 0) name = uniqueName(label);
  return name;
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
  it('read about the rows they want in one round trip, whichever page kept the span last, and again once the morning brings a page of items', async () => {
    pinClock(Date.now());
    const now = Date.now();
    const person = await personIn(0, 'quiet-night');
    // Two of the three feeds in a category, whose first pages keep a span of their own.
    const category = await create(person.cookie, '/api/categories', { name: 'Night shift' });
    const followed: { label: string; turn: number; name: string; id: number }[] = [];
    for (const [turn, label] of FEEDS.entries()) {
      const { name, url } = await quietFeed(label, turn, now);
      const response = await call('/api/feeds', {
        cookie: person.cookie,
        json: { url, name: label, categoryId: turn < 2 ? category.id : null, includeInAi: false },
      });
      expect(response.status).toBe(201);
      followed.push({ label, turn, name, id: ((await response.json()) as { id: number }).id });
    }
    const { auth } = await signInAsReaderApp(person, 'quiet night');

    const rest = async (path: string) => {
      const page = await counted(person.cookie, path);
      const writes = Object.values(page.afterResponse).reduce((sum, calls) => sum + calls, 0);
      return { body: page.body, rowsRead: page.rowsRead, roundTrips: page.roundTripsBeforeResponse, writes };
    };
    const pages = {
      grouped: () => rest('/api/feed-items'),
      flat: () => rest('/api/feed-items?threads=false'),
      category: () => rest(`/api/feed-items?categoryId=${category.id}`),
      stream: async () => {
        const { response, metered } = await meteredReaderAppCall(
          `/api/greader/reader/api/0/stream/contents/${encodeURIComponent('user/-/state/com.google/reading-list')}?n=30&output=json`,
          { auth },
        );
        expect(response.status).toBe(200);
        const { items } = (await response.json()) as { items: { title: string }[] };
        const writes = Object.values(metered.afterResponse()).reduce((sum, calls) => sum + calls, 0);
        return { body: items, rowsRead: metered.rowsRead(), roundTrips: metered.roundTripsBeforeResponse(), writes };
      },
    };
    const read = async (kind: keyof typeof pages) => {
      const { body, rowsRead, roundTrips, writes } = await pages[kind]();
      const titles = (body as { title: string }[]).map((item) => item.title);
      return { kind, rowsRead, roundTrips, writes, titles };
    };
    // The very first page knows nothing of the night: it looks 2 hours back, then further. The stream's
    // first call checks its token before it reads.
    await read('grouped');
    await read('stream');
    await read('category');
    /** The 30 newest titles of the first `feeds` feeds, `arrived` items each since the night (numbered from 1000). */
    const newest30 = (feeds: number, arrived = 0) =>
      Array.from({ length: 30 }, (_, n) => {
        const round = Math.floor(n / feeds);
        const number = round < arrived ? 1000 + round : round - arrived;
        return `${FEEDS[n % feeds]}${number} dispatch`;
      });
    const turns = ['flat', 'grouped', 'stream', 'category', 'grouped', 'flat', 'flat', 'stream', 'category'] as const;
    for (const [turn, kind] of turns.entries()) {
      const page = await read(kind);
      expect(page.titles, kind).toEqual(newest30(kind === 'category' ? 2 : 3));
      expect(page.roundTrips, kind).toBe(1);
      // The first flat page finds no span of its kind in the session's users row yet: it reads the grouped
      // page's window scaled to its rows, at most what that window holds.
      expect(page.rowsRead, kind).toBeLessThanOrEqual(mostRows(WANTED[turn === 0 ? 'grouped' : kind]));
    }

    // Morning: items arrive, a few from each feed, and a first page's rows straddle the night: no one
    // density to scale a span by. Each kind of page keeps its own span, with room for a tenth more rows
    // at the density where its window ends: the first round of pages reads the arrivals besides its window
    // and keeps its span again, and then each reads what it wants (with one span for both kinds, 139 rows
    // for the grouped page and 84 for the others on every request; with the span counted from now, before
    // the anchor, 139 and 94 to 101).
    const morning = async (items: number) => {
      for (const feed of followed) {
        await quietFeed(feed.label, feed.turn, now, feed.name, items);
        const outcome = await refreshFeed({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, feed.id, now);
        expect(outcome).toMatchObject({ kind: 'updated' });
      }
    };
    const rounds = async (arrived: number, steady: (page: Awaited<ReturnType<typeof read>>) => void) => {
      for (const round of [1, 2]) {
        for (const kind of ['grouped', 'flat', 'stream', 'category'] as const) {
          const page = await read(kind);
          expect(page.titles, kind).toEqual(newest30(kind === 'category' ? 2 : 3, arrived));
          if (round === 2) steady(page);
        }
      }
    };
    const steady = (page: Awaited<ReturnType<typeof read>>) => {
      expect({ roundTrips: page.roundTrips, writes: page.writes }, page.kind).toEqual({ roundTrips: 1, writes: 0 });
      expect(page.rowsRead, page.kind).toBeLessThanOrEqual(mostRows(WANTED[page.kind]));
    };
    await morning(5);
    await rounds(5, steady);
    // More than a page's worth since the anchor: the first round reads them all and keeps its spans from
    // the newest rows, then the pages read what they want again.
    await morning(25);
    await rounds(25, steady);
  });

  it('start an unread first page from the span of the page with read items in it, and size its next window from the unread rows it found', async () => {
    pinClock(Date.now());
    const now = Date.now();
    const person = await personIn(0, 'quiet-night-unread');
    for (const [turn, label] of FEEDS.entries()) {
      const { url } = await quietFeed(label, turn, now, undefined, 0, 12);
      expect(
        (await call('/api/feeds', { cookie: person.cookie, json: { url, name: label, includeInAi: false } })).status,
      ).toBe(201);
    }
    await counted(person.cookie, '/api/feed-items');
    // A night of 12 hours, and the 40 newest items read: the grouped page's window (its 46 rows) holds 6 unread.
    const newest = (await counted(person.cookie, '/api/feed-items?threads=false&limit=40')).body as { id: number }[];
    for (const item of newest) {
      const marked = await call(`/api/feed-items/${item.id}`, {
        cookie: person.cookie,
        method: 'PATCH',
        json: { isRead: true },
      });
      expect(marked.status).toBe(200);
    }
    // The first unread page starts from the span the page with read items in it kept (before: 2 hours back,
    // then 8 more, then wider, 3 round trips). Its window holds 6 unread rows of the 31 it wants; the next
    // one is sized from them, counted from the newest of them, not from now (the night holds none): 112
    // rows read in all (134 when counted from now), the marks' positions on the subscriptions included.
    const page = await counted(person.cookie, '/api/feed-items?filter=unread');
    const titles = (page.body as { title: string }[]).map((item) => item.title);
    expect(titles).toEqual(
      Array.from({ length: 30 }, (_, k) => `${FEEDS[(40 + k) % 3]}${Math.floor((40 + k) / 3)} dispatch`),
    );
    expect(page.roundTripsBeforeResponse).toBe(2);
    expect(page.rowsRead).toBeLessThanOrEqual(112);
  });
});
