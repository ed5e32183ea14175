// Items read one by one, folded into the watermark once they run on from it (read-above.ts foldSql): every
// answer a person sees (each item's read flag, the unread list, the feed's unread count) is what the marks
// said, before, at and after each fold, for someone whose reading list is on their users row (the primary)
// and someone whose list is a row of their people database. And the fold happens: the positions leave the
// subscription row and the reading list's entry says so, so pages read no position of that feed.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readingLists, subscriptions, users } from '../../schema';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { refreshFeed } from '../feeds/refresh';
import { createUrlFetcher } from '../net/fetcher';
import { follow, hoursAgo, rss, scriptFeed, type TestItem, uniqueName } from '../test/feeds';
import { call, db } from '../test/helpers';
import { listPage } from '../test/item-pages';
import { personIn } from '../test/people';
import { createDb, type PeopleDb } from './client';
import { meteredD1, newMeter } from './metered-d1';
import { FOLD_RUN, positionsOf } from './read-above';
import { markItem } from './read-state';
import type { ReadingList } from './reading-list';

/** Item n of the feed, published n hours before the first one fetched: stored oldest first, so its seq is count - n. */
const dated = (from: number, count: number): TestItem[] =>
  Array.from({ length: count }, (_, i) => ({
    guid: `g${from + i}`,
    title: `Item ${from + i}`,
    pubDate: hoursAgo(from + i),
  }));

type Person = Awaited<ReturnType<typeof personIn>>;

async function readFlags(person: Person, feedId: number) {
  const response = await call(`/api/feed-items?feedId=${feedId}&limit=100`, { cookie: person.cookie });
  expect(response.status).toBe(200);
  const items = (await response.json()) as FeedItem[];
  return new Map(items.map((item) => [item.title, item.isRead]));
}

async function unreadTitles(person: Person, feedId: number) {
  const response = await call(`/api/feed-items?feedId=${feedId}&limit=100&filter=unread`, { cookie: person.cookie });
  return ((await response.json()) as FeedItem[]).map((item) => item.title).sort();
}

async function unreadCount(person: Person, feedId: number) {
  const groups = (await (
    await call('/api/categories/with-feeds', { cookie: person.cookie })
  ).json()) as CategoryWithFeeds[];
  return groups.flatMap((group) => group.feeds).find((feed) => feed.id === feedId)?.unreadCount;
}

const setRead = async (person: Person, itemId: number, isRead: boolean) =>
  expect(
    (await call(`/api/feed-items/${itemId}`, { method: 'PATCH', cookie: person.cookie, json: { isRead } })).status,
  ).toBe(200);

/** The subscription row's watermark and positions, and the reading list entry's watermark and positions flag. */
async function stored(person: Person, feedId: number) {
  const people: PeopleDb = person.db;
  const [row] = await people
    .select({ readSeq: subscriptions.readSeq, readAbove: subscriptions.readAbove })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, person.userId), eq(subscriptions.feedId, feedId)));
  const [onRow] = await db.select({ list: users.readingList }).from(users).where(eq(users.id, person.userId));
  const [kept] = await people
    .select({ list: readingLists.list })
    .from(readingLists)
    .where(eq(readingLists.userId, person.userId));
  const list = JSON.parse(onRow?.list ?? kept?.list ?? 'null') as ReadingList;
  const entry = list.subscriptions.find(([id]) => id === feedId);
  return {
    watermark: row?.readSeq,
    positions: positionsOf(row?.readAbove).sort((a, b) => a - b),
    listWatermark: entry?.[4],
    listSaysPositions: entry?.[6],
  };
}

/** The rows D1 reads for a page of the feed's items, the reading list's row included. */
async function pageRowsRead(person: Person, feedId: number) {
  const meter = newMeter();
  const handle = createDb(env, (d1) => meteredD1(d1, meter));
  await listPage(handle.people.at(person.db.peopleShard), person.userId, 'UTC', { feedId, limit: 100 });
  return meter.rowsRead;
}

/** Everything a person sees of the feed agrees with `read` (titles read). */
async function expectSeen(person: Person, feedId: number, all: string[], read: Set<string>) {
  const flags = await readFlags(person, feedId);
  expect(Object.fromEntries(all.map((title) => [title, flags.get(title)]))).toEqual(
    Object.fromEntries(all.map((title) => [title, read.has(title)])),
  );
  expect(await unreadTitles(person, feedId)).toEqual(all.filter((title) => !read.has(title)).sort());
  expect(await unreadCount(person, feedId)).toBe(all.length - read.size);
}

/**
 * Where a list past ON_USERS_ROW_MAX_BYTES is kept for someone whose users row is in their people database:
 * their row of `reading_lists`, the users row's copy null (reading-list.ts). Moved there as its rebuild would.
 */
async function keepListApart(person: Person) {
  const [row] = await db.select({ list: users.readingList }).from(users).where(eq(users.id, person.userId));
  await person.db.insert(readingLists).values({ userId: person.userId, list: row?.list as string });
  await db.update(users).set({ readingList: null }).where(eq(users.id, person.userId));
}

async function readOneByOneAndFold(person: Person, { listApart = false } = {}) {
  const count = FOLD_RUN + 2;
  const name = uniqueName('fold');
  const first = dated(10, count);
  await scriptFeed(name, { body: rss('Fold', first) });
  const feedId = await follow(call, person.cookie, `${env.FAKE_UPSTREAM_URL}/scripted/${name}`);
  const idOf = async () => {
    const response = await call(`/api/feed-items?feedId=${feedId}&limit=100`, { cookie: person.cookie });
    return new Map(((await response.json()) as FeedItem[]).map((item) => [item.title, item.id]));
  };
  if (listApart) await keepListApart(person);
  let ids = await idOf();
  const all = first.map((item) => item.title);
  const read = new Set<string>();
  const mark = async (title: string, isRead: boolean) => {
    await setRead(person, ids.get(title) as number, isRead);
    if (isRead) read.add(title);
    else read.delete(title);
  };

  // Newest first, every item but the oldest: the watermark cannot move past the oldest, so they stay
  // positions. The marks as the route makes them, the last of them through it.
  for (const title of all.slice(0, -2)) {
    expect(await markItem(person.db, person.userId, ids.get(title) as number, true)).toBe(true);
    read.add(title);
  }
  await mark(all.at(-2) as string, true);
  await expectSeen(person, feedId, all, read);
  expect(await stored(person, feedId)).toEqual({
    watermark: 0,
    positions: Array.from({ length: count - 1 }, (_, n) => n + 2),
    listWatermark: 0,
    listSaysPositions: 1,
  });

  // The oldest: the positions run on from the watermark, which moves over them all. A page of the feed
  // no longer reads the subscription row for them.
  const rowsBefore = await pageRowsRead(person, feedId);
  await mark(all.at(-1) as string, true);
  await expectSeen(person, feedId, all, read);
  expect(await pageRowsRead(person, feedId)).toBe(rowsBefore - 1);
  expect(await stored(person, feedId)).toEqual({
    watermark: count,
    positions: [],
    listWatermark: count,
    listSaysPositions: 0,
  });

  // Unread again in the middle: under the watermark now, kept unread by a mark of its own.
  await mark('Item 20', false);
  await expectSeen(person, feedId, all, read);

  // Newer items arrive; the two newest are read one by one (positions, too few to fold), then everything
  // older than a time between them and the others: the watermark moves up to them, and over them.
  const later = dated(0, 6);
  await scriptFeed(name, { body: rss('Fold', [...later, ...first]) });
  expect((await refreshFeed({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, feedId)).kind).toBe('updated');
  ids = await idOf();
  const now = [...later.map((item) => item.title), ...all];
  await mark('Item 0', true);
  await mark('Item 1', true);
  await expectSeen(person, feedId, now, read);
  expect(await stored(person, feedId)).toMatchObject({ watermark: count, positions: [count + 5, count + 6] });
  const marked = (await (
    await call('/api/feed-items/mark-read', {
      cookie: person.cookie,
      json: { feedId, before: hoursAgo(1.5).toISOString() },
    })
  ).json()) as { marked: number };
  // Items 2 to 5 and Item 20, kept unread until now.
  expect(marked).toEqual({ marked: 5 });
  for (const title of ['Item 2', 'Item 3', 'Item 4', 'Item 5', 'Item 20']) read.add(title);
  await expectSeen(person, feedId, now, read);
  expect(await stored(person, feedId)).toEqual({
    watermark: count + 6,
    positions: [],
    listWatermark: count + 6,
    listSaysPositions: 0,
  });

  // Unread again below the folded watermark, then read again.
  await mark('Item 1', false);
  await mark('Item 30', false);
  await expectSeen(person, feedId, now, read);
  await mark('Item 30', true);
  await expectSeen(person, feedId, now, read);
}

describe('positions folded into the watermark', () => {
  it('answers every read flag and count as marked, folding a run on from the watermark (reading list on the users row)', async () => {
    await readOneByOneAndFold(await personIn(0, 'fold-ada'));
  });

  it('does the same for someone whose reading list is a row of their people database', async () => {
    await readOneByOneAndFold(await personIn(1, 'fold-bo'));
  });

  it('does the same for someone in the primary whose reading list is too long for their users row', async () => {
    await readOneByOneAndFold(await personIn(0, 'fold-cy'), { listApart: true });
  });
});
