// Two people whose reading state lives in different people databases (worker/db/people.ts; the suite runs
// with DB and PEOPLE_1, vitest.config.ts), through the API as the SPA calls it: each one's lists, counts,
// marks and stars are their own, a feed both follow survives one unfollowing, retention prunes both
// people's marks, deleting one account leaves the other's reading intact, neither reaches the other's,
// and being in a people database other than the primary costs one row a page (the reading list's).
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, feeds, readingLists, readMarks, stars, subscriptions, users } from '../../schema';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { feedInShard, follow, storedItem } from '../test/feeds';
import { call, db } from '../test/helpers';
import { listPage } from '../test/item-pages';
import { personIn } from '../test/people';
import { listCategoriesWithFeeds } from './categories';
import { createDb, type PeopleDb } from './client';
import { findFeed, storeItems } from './item-store';
import { meteredD1, newMeter } from './metered-d1';
import { peopleDatabaseNames } from './people';
import { shardOfId } from './shards';

const PEOPLE_SHARDS = peopleDatabaseNames(env.PEOPLE_DATABASES).length;

async function get<T>(cookie: string, path: string) {
  const response = await call(path, { cookie });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const titles = (items: FeedItem[]) => items.map((item) => item.title);

async function unreadCounts(cookie: string) {
  const groups = await get<CategoryWithFeeds[]>(cookie, '/api/categories/with-feeds');
  return new Map(groups.flatMap((group) => group.feeds.map((feed) => [feed.id, feed.unreadCount])));
}

const patchItem = (cookie: string, itemId: number, json: Record<string, boolean>) =>
  call(`/api/feed-items/${itemId}`, { cookie, method: 'PATCH', json });

/** The person's rows of a reading-state table in one database. */
const rowsIn = async (people: PeopleDb, userId: number) => ({
  subscriptions: await people.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
  categories: await people.select().from(categories).where(eq(categories.userId, userId)),
  readMarks: await people.select().from(readMarks).where(eq(readMarks.userId, userId)),
  stars: await people.select().from(stars).where(eq(stars.userId, userId)),
  readingLists: await people.select().from(readingLists).where(eq(readingLists.userId, userId)),
});

/**
 * Ada in the primary database (from before people shards), Bo in the second people database (new). Both follow `shared` (feed shard 0, the
 * primary: Ada's own database, not Bo's); each follows a feed of their own in feed shard 1.
 */
async function adaAndBo() {
  const ada = await personIn(0, 'ada');
  const bo = await personIn(1, 'bo');
  const sharedUrl = await feedInShard(0, 'shared', [1, 3, 5]);
  const shared = await follow(call, ada.cookie, sharedUrl);
  expect(await follow(call, bo.cookie, sharedUrl)).toBe(shared);
  const adasOwn = await follow(call, ada.cookie, await feedInShard(1, 'ada', [2]));
  const bosOwn = await follow(call, bo.cookie, await feedInShard(1, 'bo', [4]));
  expect([shardOfId(shared), shardOfId(adasOwn), shardOfId(bosOwn)]).toEqual([0, 1, 1]);
  return { ada, bo, shared, adasOwn, bosOwn };
}

describe('two people in two people databases', () => {
  it('runs with two people databases at least (vitest.config.ts)', () => {
    expect(PEOPLE_SHARDS).toBeGreaterThanOrEqual(2);
  });

  it('keeps each one’s subscriptions, categories, marks and stars in their own database', async () => {
    const { ada, bo, shared } = await adaAndBo();
    const category = await call('/api/categories', { cookie: bo.cookie, json: { name: 'Bo reads' } });
    expect(category.status).toBe(201);
    const [sharedItem] = await get<FeedItem[]>(bo.cookie, `/api/feed-items?feedId=${shared}&limit=1`);
    if (!sharedItem) throw new Error('no item');
    expect((await patchItem(bo.cookie, sharedItem.id, { isStarred: true })).status).toBe(200);
    await call('/api/feed-items/mark-read', { cookie: bo.cookie, json: { all: true } });
    expect((await patchItem(bo.cookie, sharedItem.id, { isRead: false })).status).toBe(200);

    const bosRows = await rowsIn(bo.db, bo.userId);
    expect(bosRows.subscriptions).toHaveLength(2);
    expect(bosRows.categories.map((row) => row.name)).toEqual(['Bo reads']);
    expect(bosRows.readMarks).toEqual([expect.objectContaining({ feedId: shared, isRead: false })]);
    expect(bosRows.stars).toEqual([expect.objectContaining({ itemId: sharedItem.id })]);
    // Bo's reading list beside his rows (reading-list.ts), Ada's on her users row in the primary.
    const bosList = JSON.parse(bosRows.readingLists[0]?.list ?? 'null');
    expect(bosList).toMatchObject({ categories: [[expect.any(Number), 'Bo reads']] });
    expect(bosList.subscriptions).toHaveLength(2);
    const [adaRow] = await db.select().from(users).where(eq(users.id, ada.userId));
    expect(JSON.parse(adaRow?.readingList ?? 'null').subscriptions).toHaveLength(2);
    // Nothing of Bo's in the primary database, and nothing of Ada's in Bo's.
    expect(await rowsIn(db.people.at(0), bo.userId)).toEqual({
      subscriptions: [],
      categories: [],
      readMarks: [],
      stars: [],
      readingLists: [],
    });
    expect((await rowsIn(bo.db, ada.userId)).subscriptions).toEqual([]);
    expect((await rowsIn(ada.db, ada.userId)).subscriptions).toHaveLength(2);
  });

  it('shows each one their own list, counts, marks and stars of a feed both follow', async () => {
    const { ada, bo, shared, adasOwn, bosOwn } = await adaAndBo();
    expect(titles(await get<FeedItem[]>(ada.cookie, '/api/feed-items'))).toEqual(
      ['shared 1h', 'ada 2h', 'shared 3h', 'shared 5h'].map((title) => `${title} zeppelin`),
    );
    expect(titles(await get<FeedItem[]>(bo.cookie, '/api/feed-items'))).toEqual(
      ['shared 1h', 'shared 3h', 'bo 4h', 'shared 5h'].map((title) => `${title} zeppelin`),
    );

    const bosList = await get<FeedItem[]>(bo.cookie, '/api/feed-items');
    const newestShared = bosList[0];
    const bosItem = bosList.find((item) => item.feedId === bosOwn);
    if (!newestShared || !bosItem) throw new Error('items missing');
    expect((await patchItem(bo.cookie, newestShared.id, { isRead: true, isStarred: true })).status).toBe(200);
    expect((await patchItem(bo.cookie, bosItem.id, { isRead: true })).status).toBe(200);

    const bosNow = await get<FeedItem[]>(bo.cookie, '/api/feed-items');
    expect(bosNow.filter((item) => item.isRead).map((item) => item.id)).toEqual([newestShared.id, bosItem.id]);
    expect(titles(await get<FeedItem[]>(bo.cookie, '/api/feed-items?filter=unread'))).toEqual([
      'shared 3h zeppelin',
      'shared 5h zeppelin',
    ]);
    expect(await unreadCounts(bo.cookie)).toEqual(
      new Map([
        [shared, 2],
        [bosOwn, 0],
      ]),
    );
    expect((await get<FeedItem>(bo.cookie, `/api/feed-items/${newestShared.id}`)).isRead).toBe(true);
    expect(await get<{ count: number }>(bo.cookie, '/api/feed-items/starred-count')).toEqual({ count: 1 });
    expect((await get<FeedItem[]>(bo.cookie, '/api/feed-items?filter=starred')).map((item) => item.id)).toEqual([
      newestShared.id,
    ]);

    // Ada's view of the same feed is untouched.
    expect(await unreadCounts(ada.cookie)).toEqual(
      new Map([
        [shared, 3],
        [adasOwn, 1],
      ]),
    );
    const adasShared = await get<FeedItem>(ada.cookie, `/api/feed-items/${newestShared.id}`);
    expect([adasShared.isRead, adasShared.isStarred]).toEqual([false, false]);
    expect(await get<FeedItem[]>(ada.cookie, '/api/feed-items?filter=starred')).toEqual([]);

    // Mark all read for Ada moves her watermarks only.
    expect(await (await call('/api/feed-items/mark-read', { cookie: ada.cookie, json: { all: true } })).json()).toEqual(
      {
        marked: 4,
      },
    );
    expect((await unreadCounts(bo.cookie)).get(shared)).toBe(2);
  });

  it('keeps a feed both follow when one unfollows, and drops it when the last one does', async () => {
    const { ada, bo, shared } = await adaAndBo();
    const feedRow = () => db.shards.of(shared).select().from(feeds).where(eq(feeds.id, shared));
    // Ada unfollows: Bo, in the other people database, still follows it.
    expect((await call(`/api/feeds/${shared}`, { cookie: ada.cookie, method: 'DELETE' })).status).toBe(200);
    expect(await feedRow()).toHaveLength(1);
    expect((await unreadCounts(bo.cookie)).get(shared)).toBe(3);
    expect((await get<FeedItem[]>(ada.cookie, '/api/feed-items')).every((item) => item.feedId !== shared)).toBe(true);
    // Bo unfollows too: nobody follows it any more.
    expect((await call(`/api/feeds/${shared}`, { cookie: bo.cookie, method: 'DELETE' })).status).toBe(200);
    expect(await feedRow()).toEqual([]);
  });

  it('counts both people right when retention trims a feed they follow, without writing their rows', async () => {
    const { ada, bo, shared } = await adaAndBo();
    const oldest = (await get<FeedItem[]>(ada.cookie, `/api/feed-items?feedId=${shared}`)).at(-1);
    if (!oldest) throw new Error('no item');
    // Each reads the oldest item on its own: a read mark above the watermark, a position on their
    // subscription row in their own database (db/read-above.ts), no row of read_marks.
    for (const person of [ada, bo])
      expect((await patchItem(person.cookie, oldest.id, { isRead: true })).status).toBe(200);
    const positions = async (person: typeof ada) =>
      (await rowsIn(person.db, person.userId)).subscriptions.find((row) => row.feedId === shared)?.readAbove;
    for (const person of [ada, bo]) {
      expect((await rowsIn(person.db, person.userId)).readMarks).toEqual([]);
      expect(await positions(person)).toBe(',1,');
      expect((await unreadCounts(person.cookie)).get(shared)).toBe(2);
    }

    const feed = await findFeed(db, shared);
    if (!feed) throw new Error('no feed');
    // A minute apart: a millisecond apart, two of them took the same date when the clock ticked between them.
    const now = Date.now();
    const fresh = ['x', 'y', 'z'].map((guid, i) => storedItem(guid, `New ${guid}`, { pubDate: now - i * 60_000 }));
    // Keep three: the three first items, the read one among them, fall under the retention line.
    await storeItems(db, feed, fresh, 3, Date.now());

    for (const person of [ada, bo]) {
      // The gone item's position stays on the row until a mark next writes it, and no longer counts:
      // the three new items are unread, nothing less.
      expect(await positions(person)).toBe(',1,');
      expect((await unreadCounts(person.cookie)).get(shared)).toBe(3);
      expect(
        (await get<FeedItem[]>(person.cookie, `/api/feed-items?feedId=${shared}&filter=unread`)).map((i) => i.title),
      ).toEqual(['New x', 'New y', 'New z']);
    }
  });

  it('deletes one account’s reading state from its own database, and leaves the other’s', async () => {
    const { ada, bo, shared, bosOwn } = await adaAndBo();
    const [item] = await get<FeedItem[]>(bo.cookie, `/api/feed-items?feedId=${shared}&limit=1`);
    if (!item) throw new Error('no item');
    expect((await patchItem(bo.cookie, item.id, { isRead: true, isStarred: true })).status).toBe(200);
    await call('/api/categories', { cookie: bo.cookie, json: { name: 'Gone soon' } });

    const deleted = await call('/api/users/me', { cookie: bo.cookie, method: 'DELETE', json: { confirm: bo.email } });
    expect(deleted.status).toBe(204);
    expect(await rowsIn(bo.db, bo.userId)).toEqual({
      subscriptions: [],
      categories: [],
      readMarks: [],
      stars: [],
      readingLists: [],
    });
    // Bo's own feed had no other follower; the shared one stays for Ada, her reading as it was.
    expect(await db.shards.of(bosOwn).select().from(feeds).where(eq(feeds.id, bosOwn))).toEqual([]);
    expect((await unreadCounts(ada.cookie)).get(shared)).toBe(3);
    expect((await get<FeedItem>(ada.cookie, `/api/feed-items/${item.id}`)).isRead).toBe(false);
  });

  it('costs a person elsewhere at most one row more a page and a sidebar: their reading list’s row', async () => {
    const { ada, bo } = await adaAndBo();
    const cost = async (person: typeof ada) => {
      const [row] = await db.select().from(users).where(eq(users.id, person.userId));
      if (!row) throw new Error('no users row');
      const page = newMeter();
      await listPage(createDb(env, (d1) => meteredD1(d1, page)).people.of(row), person.userId, 'UTC', {
        filter: 'all',
        sort: 'newest',
        dateFilter: 'none',
        limit: 30,
        readingList: row.readingList,
      });
      const sidebar = newMeter();
      await listCategoriesWithFeeds(
        createDb(env, (d1) => meteredD1(d1, sidebar)).people.of(row),
        person.userId,
        row.readingList,
      );
      return { page: page.rowsRead, sidebar: sidebar.rowsRead };
    };
    // Bo leaves his own feed and follows Ada's: the same three feeds each, so only where they are differs.
    const adasFeeds = (await get<{ id: number; url: string }[]>(ada.cookie, '/api/feeds')).map((feed) => feed.url);
    for (const feed of await get<{ id: number }[]>(bo.cookie, '/api/feeds'))
      await call(`/api/feeds/${feed.id}`, { cookie: bo.cookie, method: 'DELETE' });
    for (const url of adasFeeds) await follow(call, bo.cookie, url);
    const [adas, bos] = [await cost(ada), await cost(bo)];
    // (A page's read state reads the subscription rows of the feeds it shows, once each, in the person's
    // database: in the primary's own statement for Ada's feeds there, after it for Bo's: db/read-above.ts.)
    expect(bos.page).toBeLessThanOrEqual(adas.page + 1);
    expect(bos.sidebar).toBe(adas.sidebar + 1);
  });

  it('keeps each one’s items, categories and marks out of the other’s reach', async () => {
    const { ada, bo, adasOwn } = await adaAndBo();
    const [adasItem] = await get<FeedItem[]>(ada.cookie, `/api/feed-items?feedId=${adasOwn}`);
    if (!adasItem) throw new Error('no item');
    const adasCategory = (await (
      await call('/api/categories', { cookie: ada.cookie, json: { name: 'Private' } })
    ).json()) as { id: number };

    expect((await call(`/api/feed-items/${adasItem.id}`, { cookie: bo.cookie })).status).toBe(404);
    expect((await patchItem(bo.cookie, adasItem.id, { isRead: true })).status).toBe(404);
    expect((await patchItem(bo.cookie, adasItem.id, { isStarred: true })).status).toBe(404);
    expect(await get<FeedItem[]>(bo.cookie, `/api/feed-items?feedId=${adasOwn}`)).toEqual([]);
    expect((await call(`/api/categories/${adasCategory.id}`, { cookie: bo.cookie, method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await get<{ name: string }[]>(bo.cookie, '/api/categories')).map((c) => c.name)).toEqual([]);
    // Ada's item and category are as they were.
    expect((await get<FeedItem>(ada.cookie, `/api/feed-items/${adasItem.id}`)).isRead).toBe(false);
    expect((await get<{ name: string }[]>(ada.cookie, '/api/categories')).map((c) => c.name)).toEqual(['Private']);
  });
});
