// Read state as people see it: unread counts, read flags, "mark all as read" (optionally only items
// older than a time), single items kept unread, retention, all on the watermark + marks design.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readMarks, subscriptions } from '../../schema';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { peopleDbOfUser } from '../db/users';
import { refreshFeed } from '../feeds/refresh';
import { createUrlFetcher } from '../net/fetcher';
import { follow, hoursAgo, rss, scriptFeed, storedItem, type TestItem, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { findFeed, storeItems } from './item-store';
import { positionsOf } from './read-above';
import { setItemStarred } from './stars';

const numbered = (count: number, hoursBack = 0): TestItem[] =>
  Array.from({ length: count }, (_, i) => ({ guid: `g${i}`, title: `Item ${i}`, pubDate: hoursAgo(hoursBack + i) }));

async function unreadCount(cookie: string, feedId: number) {
  const groups = (await (await call('/api/categories/with-feeds', { cookie })).json()) as CategoryWithFeeds[];
  return groups.flatMap((group) => group.feeds).find((feed) => feed.id === feedId)?.unreadCount;
}

async function titles(cookie: string, query: string) {
  return ((await (await call(`/api/feed-items?${query}`, { cookie })).json()) as FeedItem[]).map((item) => item.title);
}

async function items(cookie: string, query: string) {
  return (await (await call(`/api/feed-items?${query}`, { cookie })).json()) as FeedItem[];
}

const markRead = async (cookie: string, body: Record<string, unknown>) =>
  (await (await call('/api/feed-items/mark-read', { cookie, json: body })).json()) as { marked: number };

const setRead = (cookie: string, itemId: number, isRead: boolean) =>
  call(`/api/feed-items/${itemId}`, { method: 'PATCH', cookie, json: { isRead } });

/** The person's kept-unread rows and the positions their subscription rows hold read on their own. */
async function marksOf(userId: number) {
  const people = await peopleDbOfUser(db, userId);
  const rows = await people.select().from(readMarks).where(eq(readMarks.userId, userId));
  const positions = await people
    .select({ readAbove: subscriptions.readAbove })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return [...rows, ...positions.flatMap((row) => positionsOf(row.readAbove))];
}

/** The positions of the person's subscription of a feed read on their own, as stored. */
async function storedPositions(userId: number, feedId: number) {
  const [row] = await (await peopleDbOfUser(db, userId))
    .select({ readAbove: subscriptions.readAbove })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, feedId)));
  return positionsOf(row?.readAbove).sort((a, b) => a - b);
}

describe('read state', () => {
  it('marks a feed of 300 items read without a row per item; new items arrive unread', async () => {
    const { cookie, userId } = await signUp();
    const name = uniqueName();
    const url = await scriptFeed(name, { body: rss('Big', numbered(300, 1)) });
    const feedId = await follow(call, cookie, url);
    expect(await unreadCount(cookie, feedId)).toBe(300);

    expect(await markRead(cookie, { feedId })).toEqual({ marked: 300 });
    expect(await unreadCount(cookie, feedId)).toBe(0);
    expect(await marksOf(userId)).toEqual([]);
    expect(await titles(cookie, 'filter=unread')).toEqual([]);

    await scriptFeed(name, {
      body: rss('Big', [{ guid: 'new', title: 'Fresh', pubDate: hoursAgo(0.5) }, ...numbered(300, 1)]),
    });
    expect((await refreshFeed({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, feedId)).kind).toBe('updated');
    expect(await unreadCount(cookie, feedId)).toBe(1);
    expect(await titles(cookie, 'filter=unread')).toEqual(['Fresh']);
  });

  it('keeps an item unread under the watermark and counts single marks once, however often they are sent', async () => {
    const { cookie, userId } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Small', numbered(5, 1)) });
    const feedId = await follow(call, cookie, url);
    const [newest, second] = await items(cookie, '');
    if (!newest || !second) throw new Error('no items');

    for (let i = 0; i < 2; i++) expect((await setRead(cookie, newest.id, true)).status).toBe(200);
    expect(await unreadCount(cookie, feedId)).toBe(4);
    await markRead(cookie, { feedId });
    for (let i = 0; i < 2; i++) await setRead(cookie, second.id, false);
    expect(await unreadCount(cookie, feedId)).toBe(1);
    expect(await titles(cookie, 'filter=unread')).toEqual([second.title]);
    expect((await items(cookie, '')).map((item) => item.isRead)).toEqual([true, false, true, true, true]);
    expect(((await (await call(`/api/feed-items/${second.id}`, { cookie })).json()) as FeedItem).isRead).toBe(false);
    await setRead(cookie, second.id, true);
    expect(await unreadCount(cookie, feedId)).toBe(0);
    // Nothing is left to say beyond the watermark.
    expect(await marksOf(userId)).toEqual([]);
  });

  it('marks as read only items older than a time, late arrivals too', async () => {
    const { cookie } = await signUp();
    const name = uniqueName();
    const recent = [
      { guid: 'h1', title: 'One hour', pubDate: hoursAgo(1) },
      { guid: 'h3', title: 'Three hours', pubDate: hoursAgo(3) },
      { guid: 'h5', title: 'Five hours', pubDate: hoursAgo(5) },
    ];
    const url = await scriptFeed(name, { body: rss('Dated', recent) });
    const feedId = await follow(call, cookie, url);
    // An item that turns up later with an older date than those already stored.
    await scriptFeed(name, {
      body: rss('Dated', [...recent, { guid: 'late', title: 'Late, six hours', pubDate: hoursAgo(6) }]),
    });
    await refreshFeed({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, feedId);
    expect(await unreadCount(cookie, feedId)).toBe(4);

    const before = hoursAgo(2).toISOString();
    expect(await markRead(cookie, { feedId, before })).toEqual({ marked: 3 });
    expect(await titles(cookie, 'filter=unread')).toEqual(['One hour']);
    expect(await unreadCount(cookie, feedId)).toBe(1);
    expect(await markRead(cookie, { all: true, before })).toEqual({ marked: 0 });
    expect(await markRead(cookie, { all: true })).toEqual({ marked: 1 });
  });

  it('a read mark retention takes costs no write: it stops counting at once and goes when the row is next written', async () => {
    const { cookie, userId } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Kept', numbered(4, 1)) });
    const feedId = await follow(call, cookie, url);
    const list = await items(cookie, '');
    // Read the two oldest on their own (positions 1 and 2 of the feed).
    for (const item of list.slice(-2)) await setRead(cookie, item.id, true);
    expect(await unreadCount(cookie, feedId)).toBe(2);
    expect(await storedPositions(userId, feedId)).toEqual([1, 2]);

    const feed = await findFeed(db, feedId);
    if (!feed) throw new Error('no feed');
    const fresh = [storedItem('new-1', 'New')];
    // Keep four of five: the oldest goes; its read mark is left on the row, and counts no more.
    await storeItems(db, feed, fresh, 4, Date.now());
    expect(await storedPositions(userId, feedId)).toEqual([1, 2]);
    expect(await titles(cookie, '')).toEqual(['New', 'Item 0', 'Item 1', 'Item 2']);
    expect((await items(cookie, '')).map((item) => item.isRead)).toEqual([false, false, false, true]);
    expect(await unreadCount(cookie, feedId)).toBe(3);
    expect(await titles(cookie, 'filter=unread')).toEqual(['New', 'Item 0', 'Item 1']);

    // The next mark writes the row: the position the feed no longer holds goes with it.
    const [newest] = await items(cookie, '');
    if (!newest) throw new Error('no items');
    await setRead(cookie, newest.id, true);
    expect(await storedPositions(userId, feedId)).toEqual([2, 5]);
    expect(await unreadCount(cookie, feedId)).toBe(2);
    expect(await titles(cookie, 'filter=unread')).toEqual(['Item 0', 'Item 1']);
  });

  it('never drops a starred item, however far retention moves', async () => {
    const { cookie, userId } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Starred', numbered(3, 1)) });
    const feedId = await follow(call, cookie, url);
    const oldest = (await items(cookie, '')).at(-1);
    if (!oldest) throw new Error('no items');
    await setItemStarred(await peopleDbOfUser(db, userId), userId, oldest.id, true);
    const feed = await findFeed(db, feedId);
    if (!feed) throw new Error('no feed');
    // One clock reading for both: read once per item, a loaded machine's millisecond or two between them
    // put y after x (seen once in a full run at load 11).
    const now = Date.now();
    const fresh = ['x', 'y'].map((guid, i) => storedItem(guid, `New ${guid}`, { pubDate: now - i }));
    // Keep two: the three first items fall under the line; the starred one stays.
    await storeItems(db, feed, fresh, 2, Date.now());
    expect(await titles(cookie, '')).toEqual(['New x', 'New y', oldest.title]);
  });
});
