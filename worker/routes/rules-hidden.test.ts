// Hidden means hidden everywhere (issue 26): an item a rule hid is out of the lean paths too, which never
// read item rows: the starred count, Fever's saved ids and the Google Reader starred ids; and it stays
// read, so marking it unread (web app, Fever, Google Reader) never counts it unread.
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { md5Hex } from '../lib/crypto';
import { pinClockForFile } from '../test/clock';
import { itemsOf } from '../test/feeds';
import { fever } from '../test/fever';
import { greader, json } from '../test/greader';
import { call } from '../test/helpers';
import { followGrowingFeed, HOUR, personWithAppPassword, settleItemIds } from '../test/reader-apps';

// Fever lists only settled item ids (db/shards.ts): a pinned clock moves past them.
pinClockForFile(Date.now() - 2 * HOUR);

const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

/**
 * Where the person's marks and stars are against the item: in the database that holds it (every
 * deployment of one database), or in a people database of their own, the item in a feed shard.
 */
const PLACES = [
  { place: 'in the item’s own database', peopleShard: 0, feedShard: 0 },
  { place: 'in a people database apart from the item’s', peopleShard: 1, feedShard: 1 },
];

/** What these tests read of a Fever answer. */
type HiddenAnswer = { saved_item_ids?: string; unread_item_ids?: string };

/** A person with an app password (Fever key and Google Reader sign-in) following a feed of three stories. */

async function readerWithFeed(label: string, where: (typeof PLACES)[number]) {
  const person = await personWithAppPassword('Reeder', 'News', where.peopleShard);
  const feed = await followGrowingFeed(person.cookie, {
    label,
    feedName: 'News',
    categoryId: person.categoryId,
    shard: where.feedShard,
    stories: [
      { title: 'Crypto coins crash again', pubDate: ago(1) },
      { title: 'Gardening in spring', pubDate: ago(2) },
      { title: 'Bread baking basics', pubDate: ago(3) },
    ],
  });
  const login = await greader('/accounts/ClientLogin', { form: { Email: person.email, Passwd: person.appPassword } });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
  return { ...person, feed, auth, apiKey };
}

const idsIn = (list: string | undefined) => (list ? list.split(',').map(Number) : []);

async function send(cookie: string, method: string, path: string, json?: unknown) {
  const response = await call(path, { method, cookie, ...(json === undefined ? {} : { json }) });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

async function idOf(cookie: string, title: string) {
  const { items } = await itemsOf(cookie, 'includeHidden=true');
  const id = items.find((item: FeedItem) => item.title === title)?.id;
  expect(id, title).toBeDefined();
  return id as number;
}

const starredCount = async (cookie: string) =>
  ((await send(cookie, 'GET', '/api/feed-items/starred-count')) as { count: number }).count;

/** What Google Reader clients sync starred items by: the ids of the starred stream, and its contents. */
async function greaderStarred(auth: string) {
  const stream = 'user/-/state/com.google/starred';
  const ids = await json<{ itemRefs: { id: string }[] }>(
    await greader(`/reader/api/0/stream/items/ids?s=${encodeURIComponent(stream)}&n=1000&output=json`, { auth }),
  );
  const contents = await json<{ items: { title: string }[] }>(
    await greader(`/reader/api/0/stream/contents/${encodeURIComponent(stream)}?output=json&n=100`, { auth }),
  );
  return { ids: ids.itemRefs.map((ref) => Number(ref.id)), titles: contents.items.map((item) => item.title) };
}

async function unreadOf(cookie: string, feedId: number) {
  const categories = (await send(cookie, 'GET', '/api/categories/with-feeds')) as unknown as {
    feeds: { id: number; unreadCount: number }[];
  }[];
  return categories.flatMap((c) => c.feeds).find((feed) => feed.id === feedId)?.unreadCount;
}

describe.each(PLACES)('hidden means hidden everywhere, the person’s state $place', (where) => {
  it('leaves a starred item a rule hid out of the starred count, Fever’s saved ids and the Google Reader starred stream', async () => {
    const person = await readerWithFeed('hidden-starred', where);
    const { cookie, auth, apiKey, feed } = person;
    const crypto = await idOf(cookie, 'Crypto coins crash again');
    const bread = await idOf(cookie, 'Bread baking basics');
    await send(cookie, 'PATCH', `/api/feed-items/${crypto}`, { isStarred: true });
    await send(cookie, 'PATCH', `/api/feed-items/${bread}`, { isStarred: true });
    expect(await starredCount(cookie)).toBe(2);
    // Starred first, hidden after, by a rule applied to the stored items.
    await send(cookie, 'POST', '/api/rules', {
      name: 'No crypto',
      match: 'crypto',
      actions: ['hide'],
      applyToExisting: true,
    });
    // Hidden and starred at once by a rule, as the item arrives.
    await send(cookie, 'POST', '/api/rules', { name: 'Stocks', match: 'stocks', actions: ['star', 'hide'] });
    await feed.publish('Stocks rally on Friday', ago(0.5));
    settleItemIds();
    expect(await starredCount(cookie)).toBe(1);
    expect(idsIn((await fever<HiddenAnswer>(apiKey, 'saved_item_ids')).saved_item_ids)).toEqual([bread]);
    expect(await greaderStarred(auth)).toEqual({ ids: [bread], titles: ['Bread baking basics'] });
    // Starred by hand after it was hidden (an app can still open it by id): still out of them.
    const stocks = await idOf(cookie, 'Stocks rally on Friday');
    await send(cookie, 'PATCH', `/api/feed-items/${stocks}`, { isStarred: false });
    await fever<HiddenAnswer>(apiKey, '', { mark: 'item', as: 'saved', id: String(stocks) });
    expect(await starredCount(cookie)).toBe(1);
    expect(idsIn((await fever<HiddenAnswer>(apiKey, 'saved_item_ids')).saved_item_ids)).toEqual([bread]);
    expect((await greaderStarred(auth)).ids).toEqual([bread]);
    // By id it is still starred, as the person left it.
    const byId = (await send(cookie, 'GET', `/api/feed-items/${stocks}`)) as unknown as FeedItem;
    expect(byId).toMatchObject({ title: 'Stocks rally on Friday', isStarred: true });
  });

  it('keeps a hidden item read when the web app, Fever or Google Reader marks it unread', async () => {
    const person = await readerWithFeed('hidden-unread', where);
    const { cookie, auth, apiKey, feed } = person;
    await send(cookie, 'POST', '/api/rules', {
      name: 'No crypto',
      match: 'crypto',
      actions: ['hide'],
      applyToExisting: true,
    });
    const crypto = await idOf(cookie, 'Crypto coins crash again');
    settleItemIds();
    expect(await unreadOf(cookie, feed.id)).toBe(2);
    await send(cookie, 'PATCH', `/api/feed-items/${crypto}`, { isRead: false });
    expect(await unreadOf(cookie, feed.id)).toBe(2);
    expect(
      idsIn(
        (await fever<HiddenAnswer>(apiKey, '', { mark: 'item', as: 'unread', id: String(crypto) })).unread_item_ids,
      ),
    ).not.toContain(crypto);
    const token = await (await greader('/reader/api/0/token', { auth })).text();
    const edited = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: String(crypto), r: 'user/-/state/com.google/read', T: token },
    });
    expect(edited.status).toBe(200);
    expect(await unreadOf(cookie, feed.id)).toBe(2);
    const counts = await json<{ unreadcounts: { id: string; count: number }[] }>(
      await greader('/reader/api/0/unread-count?output=json', { auth }),
    );
    expect(counts.unreadcounts.find((row) => row.id === 'user/-/state/com.google/reading-list')?.count).toBe(2);
    expect(idsIn((await fever<HiddenAnswer>(apiKey, 'unread_item_ids')).unread_item_ids)).not.toContain(crypto);
    expect((await itemsOf(cookie, 'filter=unread')).items.map((item: FeedItem) => item.title)).toEqual([
      'Gardening in spring',
      'Bread baking basics',
    ]);
    // By id it says what the person sees: read, as it stays out of every unread list.
    const byId = (await send(cookie, 'GET', `/api/feed-items/${crypto}`)) as unknown as FeedItem;
    expect(byId).toMatchObject({ isRead: true });
  });
});
