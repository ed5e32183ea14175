// Starring (issue 14): PATCH {isStarred}, isStarred on every item, filter=starred, the Starred count,
// and retention that never takes a starred item.
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { findFeed, storeItems } from '../db/item-store';
import { follow, hoursAgo, rss, scriptFeed, storedItem, type TestItem, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';

const numbered = (count: number): TestItem[] =>
  Array.from({ length: count }, (_, i) => ({ guid: `g${i}`, title: `Item ${i}`, pubDate: hoursAgo(i + 1) }));

async function personWithFeed(count = 5) {
  const person = await signUp();
  const url = await scriptFeed(uniqueName('stars'), { body: rss('Stars', numbered(count)) });
  const feedId = await follow(call, person.cookie, url);
  const items = (await (
    await call(`/api/feed-items?feedId=${feedId}`, { cookie: person.cookie })
  ).json()) as FeedItem[];
  return { ...person, feedId, items };
}

const star = (cookie: string, itemId: number, isStarred: boolean) =>
  call(`/api/feed-items/${itemId}`, { method: 'PATCH', cookie, json: { isStarred } });

const list = async (cookie: string, query: string) =>
  (await (await call(`/api/feed-items?${query}`, { cookie })).json()) as FeedItem[];

const starredCount = async (cookie: string) =>
  ((await (await call('/api/feed-items/starred-count', { cookie })).json()) as { count: number }).count;

describe('stars', () => {
  it('stars and unstars an item: every list says so, filter=starred lists it, the count follows', async () => {
    const { cookie, items } = await personWithFeed();
    expect(items.every((item) => item.isStarred === false)).toBe(true);
    const response = await star(cookie, items[1]?.id ?? 0, true);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: items[1]?.id, isStarred: true });

    expect((await list(cookie, '')).find((item) => item.id === items[1]?.id)?.isStarred).toBe(true);
    expect(((await (await call(`/api/feed-items/${items[1]?.id}`, { cookie })).json()) as FeedItem).isStarred).toBe(
      true,
    );
    expect((await list(cookie, 'filter=starred')).map((item) => item.title)).toEqual(['Item 1']);
    expect(await starredCount(cookie)).toBe(1);

    await star(cookie, items[1]?.id ?? 0, false);
    expect(await list(cookie, 'filter=starred')).toEqual([]);
    expect(await starredCount(cookie)).toBe(0);
  });

  it('pages the starred list with the cursor, newest or oldest first', async () => {
    const { cookie, items } = await personWithFeed();
    for (const item of items) await star(cookie, item.id, true);
    const first = await call('/api/feed-items?filter=starred&limit=2', { cookie });
    expect(((await first.json()) as FeedItem[]).map((item) => item.title)).toEqual(['Item 0', 'Item 1']);
    const cursor = first.headers.get('x-next-cursor') ?? '';
    const next = await list(cookie, `filter=starred&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(next.map((item) => item.title)).toEqual(['Item 2', 'Item 3']);
    expect((await list(cookie, 'filter=starred&sort=oldest&limit=1')).map((item) => item.title)).toEqual(['Item 4']);
    const bad = await call('/api/feed-items?filter=starred&cursor=nonsense', { cookie });
    expect(bad.status).toBe(400);
  });

  it('sets read and starred together, and refuses a body with neither', async () => {
    const { cookie, items } = await personWithFeed(1);
    const both = await call(`/api/feed-items/${items[0]?.id}`, {
      method: 'PATCH',
      cookie,
      json: { isRead: true, isStarred: true },
    });
    expect(await both.json()).toEqual({ id: items[0]?.id, isRead: true, isStarred: true });
    for (const [body, message] of [
      [{}, 'Give isRead or isStarred'],
      [{ isStarred: 'yes' }, 'isStarred must be true or false'],
    ] as const) {
      const response = await call(`/api/feed-items/${items[0]?.id}`, { method: 'PATCH', cookie, json: body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
  });

  it("answers 404 to starring another person's item or one of a feed not followed", async () => {
    const owner = await personWithFeed(1);
    const stranger = await signUp();
    expect((await star(stranger.cookie, owner.items[0]?.id ?? 0, true)).status).toBe(404);
    expect(await starredCount(stranger.cookie)).toBe(0);
    await star(owner.cookie, owner.items[0]?.id ?? 0, true);
    await call(`/api/feeds/${owner.feedId}`, { method: 'DELETE', cookie: owner.cookie });
    expect(await list(owner.cookie, 'filter=starred')).toEqual([]);
    expect((await star(owner.cookie, owner.items[0]?.id ?? 0, true)).status).toBe(404);
  });

  it('keeps a starred item when retention drops the others of its age', async () => {
    const { cookie, feedId, items } = await personWithFeed(5);
    const oldest = items.at(-1);
    await star(cookie, oldest?.id ?? 0, true);
    const feed = await findFeed(db, feedId);
    if (!feed) throw new Error('no feed');
    const fresh = ['a', 'b'].map((guid) => storedItem(`fresh-${guid}`, `Fresh ${guid}`));
    // Keep three of seven: Item 2…4 go, but the starred Item 4 stays.
    await storeItems(db, feed, fresh, 3, Date.now());
    const titles = (await list(cookie, `feedId=${feedId}&limit=100`)).map((item) => item.title);
    expect(titles).not.toContain('Item 3');
    expect(titles).toContain('Item 4');
    expect((await list(cookie, 'filter=starred')).map((item) => item.title)).toEqual(['Item 4']);
  });
});
