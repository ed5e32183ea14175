// How many D1 calls a signed-in request makes to each database on the hot reading paths. Locally every
// D1 call is a commit with an fsync, read or write; in production each is a round trip; under load a
// request's latency follows the calls it makes one after another (docs/performance.md "Latency under load"). Counted
// per binding in the suite's configuration (FEED_DATABASES "DB,FEEDS_1", PEOPLE_DATABASES "DB,PEOPLE_1"):
// - someone whose reading state and feeds are all in the primary database (every local run, the
//   benchmark): the session and the page in one call when the page reads ahead of the session's check,
//   reads issued in the same tick to one database going as one D1 batch (db/coalesced-d1.ts); else the
//   session, then one call;
// - someone whose reading state is in PEOPLE_1 and whose feeds are in both feed shards: the session,
//   then one call per database and round trip, as counted below.
// Calls count what a request pays; `roundTrips` counts how many of them it waits for one after another
// (calls in flight together count once: worker/test/metered-env.ts), which is what its latency follows.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { roundTripsInSequence, type TimedCall } from '../db/call-timeline';
import { md5Hex } from '../lib/crypto';
import { COUNT_D1_HEADER } from '../middleware/services';
import { followOutlet } from '../test/acme-feeds';
import { ACME_OUTLETS } from '../test/acme-stories';
import { pinClock } from '../test/clock';
import { feedInShard, follow } from '../test/feeds';
import { signInAsReaderApp } from '../test/greader';
import { call } from '../test/helpers';
import { firstCallsOverlap } from '../test/metered-env';
import { personIn } from '../test/people';
import { meteredReaderAppCall, settleItemIds } from '../test/reader-apps';
import { counted, create, readerOfOneFeed } from '../test/round-trips';

/** A page and then some: 40 items a minute apart, so a first window of time holds a whole page. */
const MINUTES = Array.from({ length: 40 }, (_, n) => (n + 1) / 60);

/** Whether the first calls in DB and PEOPLE_1 (the session's, with the reading list) were in flight together. */
const readAlongsideSession = (timeline: readonly TimedCall[]) => firstCallsOverlap(timeline, 'DB', 'PEOPLE_1');

describe('round trips in sequence', () => {
  it('counts calls in flight together once, and a call started after another answered as one more', () => {
    const session = { binding: 'DB', start: 1, end: 3 };
    const alongside = { binding: 'PEOPLE_1', start: 2, end: 4 };
    const after = { binding: 'FEEDS_1', start: 5, end: 6 };
    expect(roundTripsInSequence([session, alongside])).toBe(1);
    expect(roundTripsInSequence([session, alongside, after])).toBe(2);
    expect(roundTripsInSequence([session, { ...alongside, start: 4, end: 5 }, { ...after, start: 6, end: 7 }])).toBe(3);
  });
});

describe('someone whose reading state and feeds are in the primary database', () => {
  it('reads a page, an item, the starred list and the sidebar in one round trip with the session, a read mark in two', async () => {
    const { person, category, feed, newest, second } = await readerOfOneFeed('one-database', MINUTES);
    // First pages remember their spans (items.ts), as the first page of My Feed just did.
    await call('/api/feed-items?filter=unread', { cookie: person.cookie });

    // The session's check and the page at once (middleware/read-ahead.ts), in one D1 batch
    // (db/coalesced-d1.ts): one call (two before), one round trip.
    const page = await counted(person.cookie, '/api/feed-items');
    expect(page.calls).toEqual({ DB: 1 });
    expect(page.roundTrips).toBe(1);
    const items = page.body as FeedItem[];
    expect(items).toHaveLength(30);
    // The star comes with the page, from the same statement.
    expect(items.filter((item) => item.isStarred).map((item) => item.id)).toEqual([second.id]);

    const marked = await counted(person.cookie, `/api/feed-items/${newest.id}`, {
      method: 'PATCH',
      json: { isRead: true },
    });
    expect(marked.calls).toEqual({ DB: 2 });
    // The mark's batch goes out with the session's check, guarded in SQL by the live session row
    // (db/read-gate.ts): one round trip, where it waited for the check before (two).
    expect(marked.roundTrips).toBe(1);

    // A mark changes nothing a read goes ahead on (the users row, the reading list): the next read goes
    // ahead too (a follow or a preference would make it wait for the check: read-ahead.test.ts).
    const unread = await counted(person.cookie, '/api/feed-items?filter=unread');
    expect(unread.calls).toEqual({ DB: 1 });
    expect(unread.roundTrips).toBe(1);
    expect((unread.body as FeedItem[]).map((item) => item.id)).not.toContain(newest.id);
    expect(await counted(person.cookie, `/api/feed-items?categoryId=${category.id}`)).toMatchObject({
      calls: { DB: 1 },
      roundTrips: 1,
    });
    expect(await counted(person.cookie, `/api/feed-items?feedId=${feed.id}`)).toMatchObject({
      calls: { DB: 1 },
      roundTrips: 1,
    });

    const opened = await counted(person.cookie, `/api/feed-items/${second.id}`);
    expect(opened.calls).toEqual({ DB: 1 });
    expect(opened.roundTrips).toBe(1);
    expect(opened.body).toMatchObject({ id: second.id, isStarred: true, isRead: false, source: 'Primary' });
    const read = await counted(person.cookie, `/api/feed-items/${newest.id}`);
    expect(read.body).toMatchObject({ id: newest.id, isStarred: false, isRead: true });

    const starred = await counted(person.cookie, '/api/feed-items?filter=starred');
    expect(starred.calls).toEqual({ DB: 1 });
    expect(starred.roundTrips).toBe(1);
    expect(starred.body).toMatchObject([{ id: second.id, isStarred: true, isRead: false }]);

    // What the benchmark reads in development (bench/round-trips.mjs): the same counts, from the app itself.
    const asked = await call('/api/feed-items', { cookie: person.cookie, headers: { [COUNT_D1_HEADER]: '1' } });
    expect(asked.headers.get('server-timing')).toBe(`d1;desc="calls=1 roundTrips=${page.roundTrips}"`);
    const production = { ...env, ENVIRONMENT: 'production' } as Env;
    const unasked = await call('/api/feed-items', {
      cookie: person.cookie,
      headers: { [COUNT_D1_HEADER]: '1' },
      env: production,
    });
    expect(unasked.status).toBe(200);
    expect(unasked.headers.get('server-timing')).toBeNull();

    const sidebar = await counted(person.cookie, '/api/categories/with-feeds');
    expect(sidebar.calls).toEqual({ DB: 1 });
    expect(sidebar.roundTrips).toBe(1);
    expect((sidebar.body as CategoryWithFeeds[]).flatMap((group) => group.feeds)).toMatchObject([
      { id: feed.id, unreadCount: MINUTES.length - 1 },
    ]);
  });
});

describe("a feed's page", () => {
  it('reads the feed in order in one call however sparse it is, a row or so per item shown', async () => {
    const person = await personIn(0, 'one-feed');
    // A page's worth spread over ten days: windows of time would need several tries to find them.
    const sparse = Array.from({ length: 40 }, (_, n) => 6 * (n + 1));
    const feed = await follow(call, person.cookie, await feedInShard(0, 'sparse', sparse));
    const first = await counted(person.cookie, `/api/feed-items?feedId=${feed}&limit=20`);
    expect(first.calls).toEqual({ DB: 2 });
    const shown = first.body as FeedItem[];
    expect(shown.map((item) => item.title)).toEqual(sparse.slice(0, 20).map((h) => `sparse ${h}h zeppelin`));
    // The items passed (the page and the one that says there is more), the session's row and its user's,
    // and the subscription's row once for the items read on their own (db/read-above.ts).
    expect(first.rowsRead).toBeLessThanOrEqual(21 + 3);

    const unread = await counted(person.cookie, `/api/feed-items?feedId=${feed}&filter=unread&sort=oldest&limit=5`);
    expect(unread.calls).toEqual({ DB: 1 });
    expect((unread.body as FeedItem[]).map((item) => item.title)).toEqual(
      [...sparse]
        .reverse()
        .slice(0, 5)
        .map((h) => `sparse ${h}h zeppelin`),
    );
  });
});

describe('a grouped search page', () => {
  it('reads its cards in one call, as the same search ungrouped, however many results fold into one story', async () => {
    // Three outlets telling the same two stories (grouped at ingest, as in production), everything in the
    // primary database: a page of two cards needs the recall's and the resignation's three sources each.
    const person = await personIn(0, 'grouped-search');
    const category = await create(person.cookie, '/api/categories', { name: 'Cars' });
    for (const [index, outlet] of ACME_OUTLETS.entries())
      await followOutlet(person.cookie, outlet, category.id, (n) => 10 - n * 4 - index, 0);
    const search = '/api/feed-items?search=Acme&limit=2';
    // The first read after the setup's writes waits for the session's check (read-ahead.ts).
    await counted(person.cookie, `${search}&threads=false`);
    const flat = await counted(person.cookie, `${search}&threads=false`);
    const first = await counted(person.cookie, search);
    const second = await counted(person.cookie, `${search}&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    for (const page of [first, second]) {
      expect(page.calls).toEqual(flat.calls);
      expect(page.roundTrips).toBe(flat.roundTrips);
    }
    expect(flat.calls).toEqual({ DB: 1 });
    // The second page's two cards fold six results: it read on three times, a call each, before.
    expect((second.body as FeedItem[]).map((card) => card.story.size)).toEqual([3, 3]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("a category's page", () => {
  it('remembers how far back its first page had to look, so the next one reads one window', async () => {
    const person = await personIn(0, 'category');
    const category = await create(person.cookie, '/api/categories', { name: 'Slow' });
    // Two feeds posting in turn, an item an hour: the first 2-hour window finds 2 of the 31 a page needs.
    for (const [label, first] of [
      ['odd', 1],
      ['even', 2],
    ] as const) {
      await create(person.cookie, '/api/feeds', {
        url: await feedInShard(
          0,
          label,
          Array.from({ length: 20 }, (_, n) => first + 2 * n),
        ),
        name: label,
        categoryId: category.id,
        includeInAi: true,
      });
    }
    const path = `/api/feed-items?categoryId=${category.id}`;
    const first = await counted(person.cookie, path);
    // The session, two windows of time, and the span they needed written on the users row, after the
    // response: the page waits for its reads only.
    expect(first.calls).toEqual({ DB: 4 });
    expect(first.roundTripsBeforeResponse).toBe(3);
    expect(first.afterResponse).toEqual({ DB: 1 });
    const again = await counted(person.cookie, path);
    expect(again.calls).toEqual({ DB: 1 });
    expect(again.body).toEqual(first.body);
    expect((again.body as FeedItem[]).map((item) => item.title)).toEqual(
      Array.from({ length: 30 }, (_, n) => `${n % 2 ? 'even' : 'odd'} ${n + 1}h zeppelin`),
    );

    // Unread pages keep their own span. The first starts from the span of the page with read items in it
    // (nothing is read here: one window, where it took two from 2 hours back), and writes its own after.
    expect((await counted(person.cookie, `${path}&filter=unread`)).calls).toEqual({ DB: 2 });
    expect((await counted(person.cookie, `${path}&filter=unread`)).calls).toEqual({ DB: 1 });
  });
});

describe('a reading list shorter than a page', () => {
  it('reads it in one round trip once its first page found its end', async () => {
    // Two feeds of 5 items each, four days old (a newcomer's sample feeds): no window of time from now finds
    // them, so a first page widens and then reads each feed's page, and shows the 10.
    const person = await personIn(0, 'short-list');
    for (const label of ['first', 'second'])
      await follow(call, person.cookie, await feedInShard(0, label, [96, 97, 98, 99, 100]));
    const first = await counted(person.cookie, '/api/feed-items');
    expect(first.body as FeedItem[]).toHaveLength(10);
    expect(first.roundTripsBeforeResponse).toBe(6);
    // The next ones know the list ended within a page: each feed's page at once, in the session's round
    // trip (a page of every item keeps that too, after its first answer); then nothing more is written.
    for (const round of [1, 2])
      for (const path of ['/api/feed-items', '/api/feed-items?threads=false', '/api/feed-items?filter=unread']) {
        const page = await counted(person.cookie, path);
        expect(page.body, path).toEqual(first.body);
        expect(page.roundTripsBeforeResponse, path).toBe(1);
        if (round === 2) expect(page.calls, path).toEqual({ DB: 1 });
      }
    // The list grows past a page: the first page after it reads each feed's page and keeps the span it
    // needed; the next is one window of time again.
    await follow(call, person.cookie, await feedInShard(0, 'busy', MINUTES));
    const grown = await counted(person.cookie, '/api/feed-items');
    expect((grown.body as FeedItem[])[0]?.title).toMatch(/^busy /);
    const next = await counted(person.cookie, '/api/feed-items');
    expect(next.body).toEqual(grown.body);
    expect(next.calls).toEqual({ DB: 1 });
  });
});

describe('someone whose reading state is in PEOPLE_1 and whose feeds are in both feed shards', () => {
  it('pays one call per database and round trip, the reading list and the marks in PEOPLE_1 included', async () => {
    const person = await personIn(1, 'elsewhere');
    await follow(call, person.cookie, await feedInShard(0, 'here', MINUTES));
    await follow(call, person.cookie, await feedInShard(1, 'there', MINUTES));
    const list = (await (await call('/api/feed-items', { cookie: person.cookie })).json()) as FeedItem[];
    const there = list.find((item) => item.title.startsWith('there'));
    if (!there) throw new Error('no item of the second shard');
    await call(`/api/feed-items/${there.id}`, { cookie: person.cookie, method: 'PATCH', json: { isStarred: true } });

    // The session's row, the copy of their users row and the reading list in one batch (PEOPLE_1: all
    // live beside the person's rows; the session token says whose and where), nothing in the primary
    // (db/users-row-copy.ts: the users row was read there, DB: 2 before), and each shard's window (DB,
    // FEEDS_1), at once: the star before changed nothing a read goes ahead on (read-ahead.ts); the marks
    // and stars of the rows shown (PEOPLE_1): two round trips (three waiting for the check:
    // early-reads.test.ts).
    const page = await counted(person.cookie, '/api/feed-items');
    expect(page.calls).toEqual({ DB: 1, FEEDS_1: 1, PEOPLE_1: 2 });
    expect(page.roundTrips).toBe(2);
    expect((page.body as FeedItem[]).filter((item) => item.isStarred).map((item) => item.id)).toEqual([there.id]);

    // The session (its row and the users row's copy in PEOPLE_1) and the item in its shard at once
    // (read-ahead.ts); then, keyed by the item's feed and position, the subscription, mark and star in
    // PEOPLE_1: two round trips (three before), and no call on the primary (one for the users row before).
    const opened = await counted(person.cookie, `/api/feed-items/${there.id}`);
    expect(opened.calls).toEqual({ FEEDS_1: 1, PEOPLE_1: 2 });
    expect(opened.roundTrips).toBe(2);
    expect(opened.body).toMatchObject({ id: there.id, isStarred: true, isRead: false });

    // A feed's first item read on its own: its mark also tells the reading list (the feed has positions
    // now, db/reading-list.ts positionsFlagSql), so the next read, which went ahead on the list before it,
    // is answered again on the new one, once (read-ahead.ts): the item shows read.
    const firstOfFeed = list.find((item) => item.title.startsWith('there') && item.id !== there.id);
    if (!firstOfFeed) throw new Error('no second item of the second shard');
    await call(`/api/feed-items/${firstOfFeed.id}`, { cookie: person.cookie, method: 'PATCH', json: { isRead: true } });
    const relisted = await counted(person.cookie, '/api/feed-items');
    expect(relisted.roundTrips).toBe(4);
    expect((relisted.body as FeedItem[]).find((item) => item.id === firstOfFeed.id)?.isRead).toBe(true);

    // The session (its row and the users row's copy in PEOPLE_1) and the item's feed and position in its
    // shard at once, going ahead of the check; the mark's batch in PEOPLE_1, guarded by the session row
    // (db/read-gate.ts): two round trips (three waiting for the check).
    const marked = await counted(person.cookie, `/api/feed-items/${there.id}`, {
      method: 'PATCH',
      json: { isRead: true },
    });
    expect(marked.calls).toEqual({ FEEDS_1: 1, PEOPLE_1: 2 });
    expect(marked.roundTrips).toBe(2);

    // The reads after a mark in a feed that had positions go ahead of the session's check: the session,
    // the reading list and each shard's window at once, then the marks: two round trips.
    const again = await counted(person.cookie, '/api/feed-items');
    expect(again.calls).toEqual({ DB: 1, FEEDS_1: 1, PEOPLE_1: 2 });
    expect(again.roundTrips).toBe(2);
    const ahead = await counted(person.cookie, '/api/feed-items');
    expect(ahead.calls).toEqual({ DB: 1, FEEDS_1: 1, PEOPLE_1: 2 });
    expect(ahead.roundTrips).toBe(2);
    expect(ahead.body).toEqual(again.body);

    // The session, the users row's copy and the reading list (PEOPLE_1), the subscriptions (PEOPLE_1) and
    // each shard's feed rows (DB, FEEDS_1), all at once, going ahead of the check: one round trip (two
    // waiting for it, three before the list was read beside the session).
    const sidebar = await counted(person.cookie, '/api/categories/with-feeds');
    expect(sidebar.calls).toEqual({ DB: 1, FEEDS_1: 1, PEOPLE_1: 1 });
    expect(readAlongsideSession(sidebar.timeline)).toBe(true);
    expect(sidebar.roundTrips).toBe(1);

    // The starred list, whole or of one feed: the session, the reading list and the stars (PEOPLE_1) at
    // once, going ahead of the check; the starred items in their shards (FEEDS_1); their marks
    // (PEOPLE_1). Three round trips: four waiting for the check, five when the subscriptions were read after
    // the stars, and six when one feed's list read the person's subscriptions in that feed first as well.
    for (const path of ['/api/feed-items?filter=starred', `/api/feed-items?filter=starred&feedId=${there.feedId}`]) {
      const starred = await counted(person.cookie, path);
      expect(starred.body, path).toMatchObject([{ id: there.id, isStarred: true }]);
      expect(starred.calls, path).toEqual({ FEEDS_1: 1, PEOPLE_1: 2 });
      expect(starred.roundTrips, path).toBe(3);
    }
  });
});

describe('reader apps, for someone in the primary database', () => {
  /** A request as a reader app sends it, counted per database. */
  async function countedApp(path: string, init: { auth?: string; form?: string } = {}) {
    const { response, metered } = await meteredReaderAppCall(path, init);
    expect(response.status, path).toBe(200);
    return {
      body: (await response.json()) as unknown,
      roundTrips: metered.roundTripsBeforeResponse(),
      calls: metered.calls(),
    };
  }

  it('answers a Google Reader stream, its unread counts, Fever items and feeds in one round trip once their credential is seen, noting the app password after', async () => {
    // Pinned, so that moving it on below ends with this test (vi.setSystemTime on the real clock would
    // leave Date faked for the files this runner takes next).
    pinClock(Date.now());
    const person = await personIn(0, 'apps');
    await follow(call, person.cookie, await feedInShard(0, 'apps', MINUTES));
    const { auth, appPassword: password } = await signInAsReaderApp(person, 'apps');
    const stream = `/api/greader/reader/api/0/stream/contents/${encodeURIComponent('user/-/state/com.google/reading-list')}?n=30&output=json`;
    // The first checks the token before it reads (this isolate has not seen it live), and remembers
    // the span its first page needed, as the web app's first page does.
    const first = await countedApp(stream, { auth });
    expect(first.roundTrips).toBe(2);
    // Then the token's check (its app password with its owner, one statement), the feeds' rows the items
    // are rendered with and the page of 30, cut to its byte budget by the reading core
    // (greader/streams.ts), all at once: one round trip, where it was eight on the benchmark's data.
    const page = await countedApp(stream, { auth });
    expect((page.body as { items: unknown[] }).items).toHaveLength(30);
    expect(page.roundTrips).toBe(1);
    // The three reads in one D1 batch (db/coalesced-d1.ts): one call, where it was two.
    expect(page.calls).toEqual({ DB: 1 });
    expect(page.body).toEqual(first.body);

    // The unread counts, each with when its stream's newest item arrived (Vienna skips fetching a feed
    // whose newest it has): the arrivals are read in the sidebar's own statement, one round trip, where
    // they were a round trip of their own after it.
    const counts = await countedApp('/api/greader/reader/api/0/unread-count?output=json', { auth });
    expect(counts.roundTrips).toBe(1);
    expect(counts.calls).toEqual({ DB: 1 });
    const newest = (page.body as { items: { timestampUsec: string }[] }).items[0]?.timestampUsec;
    expect(counts.body).toMatchObject({
      max: MINUTES.length,
      unreadcounts: expect.arrayContaining([
        { id: 'user/-/state/com.google/reading-list', count: MINUTES.length, newestItemTimestampUsec: newest },
      ]),
    });

    const form = `api_key=${await md5Hex(`${person.email}:${password}`)}`;
    // Fever pages by id only through ids no write still committing could come in below.
    await settleItemIds();
    // The key's check (its person known to this isolate since the key was made: the directory never
    // changes for a key, db/app-password-copies.ts; a right key counts no attempt), then the items and
    // their total at once (the subscriptions are read only by the calls that name feeds or groups).
    const fever = await countedApp('/api/fever/?api&items', { form });
    expect((fever.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    // Noting the app password's use goes out after the reads: the answer does not wait for it.
    expect(fever.roundTrips).toBe(2);
    // The key seen live, the next call reads ahead of its check: one round trip, where it was nine on
    // the benchmark's data.
    const again = await countedApp('/api/fever/?api&items', { form });
    expect(again.roundTrips).toBe(1);
    // The key's check, the items and their total in one D1 batch: one call, where it was three.
    expect(again.calls).toEqual({ DB: 1 });
    expect(again.body).toEqual({ ...(fever.body as object), last_refreshed_on_time: expect.any(Number) });

    // Its feeds, each last updated when its newest item arrived: read with the subscriptions, in one round trip.
    const feeds = await countedApp('/api/fever/?api&feeds', { form });
    expect(feeds.roundTrips).toBe(1);
    expect(feeds.body).toMatchObject({
      feeds: [{ last_updated_on_time: Math.floor(Number(newest) / 1_000_000) }],
    });
  });
});
