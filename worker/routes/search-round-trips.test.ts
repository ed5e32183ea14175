// How many D1 calls and round trips in sequence GET /api/feed-items?search=… makes to each database
// (docs/scaling.md "Search", docs/performance.md "Latency under load"), in the suite's configuration (FEED_DATABASES "DB,FEEDS_1",
// PEOPLE_DATABASES "DB,PEOPLE_1"): on one database the session and one call, whatever the filter, order
// or page, in one round trip once the search goes ahead of the session's check (middleware/read-ahead.ts:
// not the first read after a write); across databases one call per database and round trip that the
// data needs.
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { feedInShard, follow } from '../test/feeds';
import { call } from '../test/helpers';
import { personIn } from '../test/people';
import { counted, readerOfOneFeed } from '../test/round-trips';

/** A page and then some: 40 items a minute apart. */
const MINUTES = Array.from({ length: 40 }, (_, n) => (n + 1) / 60);

describe('a search', () => {
  const titles = (body: unknown) => (body as FeedItem[]).map((item) => item.title);

  it('pays the session and one call on one database, whatever the filter, order or page', async () => {
    const { person, category, feed, newest, second } = await readerOfOneFeed('search-one-database', MINUTES);
    await call(`/api/feed-items/${newest.id}`, { cookie: person.cookie, method: 'PATCH', json: { isRead: true } });
    const search = '/api/feed-items?search=zeppelin';

    // A read mark changes nothing a read goes ahead on: the search goes ahead of the session's check.
    const page = await counted(person.cookie, search);
    expect(page.calls).toEqual({ DB: 1 });
    expect(page.roundTrips).toBe(1);
    const items = page.body as FeedItem[];
    expect(items).toHaveLength(30);
    // Read state and star come with the page, from the same statement.
    expect(items.filter((item) => item.isRead).map((item) => item.id)).toEqual([newest.id]);
    expect(items.filter((item) => item.isStarred).map((item) => item.id)).toEqual([second.id]);
    expect(items[1]).toMatchObject({
      source: 'Primary',
      snippet: `About ${second.title.replace('zeppelin', '<mark>zeppelin</mark>')}`,
    });

    const next = await counted(person.cookie, `${search}&cursor=${encodeURIComponent(page.nextCursor ?? '')}`);
    expect(next.calls).toEqual({ DB: 1 });
    expect(titles(next.body)).toEqual(MINUTES.slice(30).map((h) => `primary ${h}h zeppelin`));

    const unread = await counted(person.cookie, `${search}&filter=unread`);
    expect(unread.calls).toEqual({ DB: 1 });
    expect(titles(unread.body)).toEqual(MINUTES.slice(1, 31).map((h) => `primary ${h}h zeppelin`));
    const starred = await counted(person.cookie, `${search}&filter=starred`);
    expect(starred.calls).toEqual({ DB: 1 });
    expect(starred.body).toMatchObject([{ id: second.id, isStarred: true, isRead: false }]);
    for (const query of [
      'sort=relevance',
      'sort=oldest',
      `categoryId=${category.id}`,
      `feedId=${feed.id}`,
      // Not "today": its items are 1 to 40 minutes old, which shortly after midnight is mostly yesterday.
      'dateFilter=last7days',
    ]) {
      const found = await counted(person.cookie, `${search}&${query}`);
      expect(found.calls, query).toEqual({ DB: 1 });
      expect(found.roundTrips, query).toBe(1);
      expect(found.body, query).toHaveLength(30);
    }
  });

  it('across databases: one call per database and round trip, as the data needs', async () => {
    const person = await personIn(1, 'search-elsewhere');
    await follow(call, person.cookie, await feedInShard(0, 'here', MINUTES));
    await follow(call, person.cookie, await feedInShard(1, 'there', MINUTES));
    const list = (await (await call('/api/feed-items', { cookie: person.cookie })).json()) as FeedItem[];
    const [here, there] = ['here', 'there'].map((label) => list.find((item) => item.title.startsWith(label)));
    if (!here || !there) throw new Error('an item of each shard');
    await call(`/api/feed-items/${there.id}`, { cookie: person.cookie, method: 'PATCH', json: { isStarred: true } });
    await call(`/api/feed-items/${here.id}`, { cookie: person.cookie, method: 'PATCH', json: { isRead: true } });
    // That mark was the first of its feed: it told the reading list (db/reading-list.ts positionsFlagSql),
    // so the next read, gone ahead on the list before, was answered again (d1-round-trips.test.ts).
    await call('/api/feed-items', { cookie: person.cookie });
    const search = '/api/feed-items?search=zeppelin';

    // The session with the users row's copy and the reading list (PEOPLE_1, one call: middleware/
    // early-reads.ts, db/users-row-copy.ts) and each shard's page (DB, FEEDS_1) at once, going ahead of
    // the check (the star before changes nothing it goes ahead on); the marks and stars of the rows
    // shown (PEOPLE_1): two round trips (three waiting for the check).
    const page = await counted(person.cookie, search);
    expect(page.calls).toEqual({ DB: 1, FEEDS_1: 1, PEOPLE_1: 2 });
    expect(page.roundTrips).toBe(2);
    const items = page.body as FeedItem[];
    expect(items.filter((item) => item.isStarred).map((item) => item.id)).toEqual([there.id]);
    expect(items.filter((item) => item.isRead).map((item) => item.id)).toEqual([here.id]);

    // The session, the reading list and the marks and stars of the feeds (PEOPLE_1, one batch) at once,
    // ahead of the check; each shard's page: two round trips (three waiting for the check), none after.
    const unread = await counted(person.cookie, `${search}&filter=unread`);
    expect(unread.calls).toEqual({ DB: 1, FEEDS_1: 1, PEOPLE_1: 1 });
    expect(unread.roundTrips).toBe(2);
    expect((unread.body as FeedItem[]).map((item) => item.id)).not.toContain(here.id);
    expect((unread.body as FeedItem[]).find((item) => item.id === there.id)).toMatchObject({ isStarred: true });

    // Starred: the session, the reading list and the stars at once; the pages; the marks of the rows
    // shown: three (four waiting for the check).
    const starred = await counted(person.cookie, `${search}&filter=starred`);
    expect(starred.calls).toEqual({ DB: 1, FEEDS_1: 1, PEOPLE_1: 2 });
    expect(starred.roundTrips).toBe(3);
    expect(starred.body).toMatchObject([{ id: there.id, isStarred: true, isRead: false }]);
  });

  it("for someone in the primary database with feeds in both shards: the other shard's rows take their marks after", async () => {
    const person = await personIn(0, 'search-primary-both');
    await follow(call, person.cookie, await feedInShard(0, 'here', MINUTES));
    await follow(call, person.cookie, await feedInShard(1, 'there', MINUTES));
    const search = '/api/feed-items?search=zeppelin';
    // The session; both shards' pages at once (DB's joins the person's marks and stars); the marks and
    // stars of FEEDS_1's rows shown (DB).
    expect(await counted(person.cookie, search)).toMatchObject({ calls: { DB: 3, FEEDS_1: 1 }, roundTrips: 3 });
    // Ahead of the check: the session and the marks and stars of FEEDS_1's feeds (DB) at once, in one D1
    // batch (db/coalesced-d1.ts); both pages at once: two (three waiting for the check).
    expect(await counted(person.cookie, `${search}&filter=unread`)).toMatchObject({
      calls: { DB: 2, FEEDS_1: 1 },
      roundTrips: 2,
    });
  });
});
