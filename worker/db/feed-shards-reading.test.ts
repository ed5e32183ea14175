// Reading across feed shards (worker/db/person-scope.ts), through the API as the SPA calls it: a person
// follows one feed in the primary database and one in the second feed shard (the suite runs with DB and
// FEEDS_1, vitest.config.ts), and sees one list in date order, right unread counts, marks, stars, search
// and single items; someone else following one of the same feeds changes nothing of theirs.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CategoryWithFeeds, FeedItem, SearchResult } from '../contracts/feeds';
import { feedInShard, follow } from '../test/feeds';
import { call, signUp } from '../test/helpers';
import { clockItemId, feedDatabaseNames, idBase, shardOfId } from './shards';

const SHARDS = feedDatabaseNames(env.FEED_DATABASES).length;

async function get<T>(cookie: string, path: string) {
  const response = await call(path, { cookie });
  expect(response.status, path).toBe(200);
  return { body: (await response.json()) as T, cursor: response.headers.get('x-next-cursor') };
}

const titles = (items: FeedItem[]) => items.map((item) => item.title);

async function unreadCounts(cookie: string) {
  const { body } = await get<CategoryWithFeeds[]>(cookie, '/api/categories/with-feeds');
  return new Map(body.flatMap((group) => group.feeds.map((feed) => [feed.id, feed.unreadCount])));
}

const patchItem = (cookie: string, itemId: number, json: Record<string, boolean>) =>
  call(`/api/feed-items/${itemId}`, { cookie, method: 'PATCH', json });

/** Someone following feeds in both shards, and someone else following the second one and a third. */
async function twoPeopleOnTwoShards() {
  const reader = await signUp();
  const other = await signUp();
  const here = await follow(call, reader.cookie, await feedInShard(0, 'here', [1, 3, 5]));
  const thereUrl = await feedInShard(1, 'there', [2, 4, 6]);
  const there = await follow(call, reader.cookie, thereUrl);
  await follow(call, other.cookie, thereUrl);
  const othersOnly = await follow(call, other.cookie, await feedInShard(1, 'elsewhere', [0.5]));
  return { reader, other, here, there, othersOnly };
}

describe('a person whose feeds are in two databases', () => {
  it('runs with two feed databases at least (vitest.config.ts)', () => {
    expect(SHARDS).toBeGreaterThanOrEqual(2);
  });

  it('gets one list in date order, page after page, newest or oldest first', async () => {
    const { reader, here, there } = await twoPeopleOnTwoShards();
    expect([shardOfId(here), shardOfId(there)]).toEqual([0, 1]);
    const newest = ['here 1h', 'there 2h', 'here 3h', 'there 4h', 'here 5h', 'there 6h'].map((t) => `${t} zeppelin`);

    const first = await get<FeedItem[]>(reader.cookie, '/api/feed-items?limit=4');
    expect(titles(first.body)).toEqual(newest.slice(0, 4));
    expect(first.body.map((item) => shardOfId(item.id))).toEqual([0, 1, 0, 1]);
    expect(first.body.every((item) => !item.isRead && !item.isStarred)).toBe(true);
    const rest = await get<FeedItem[]>(reader.cookie, `/api/feed-items?limit=4&cursor=${first.cursor}`);
    expect(titles(rest.body)).toEqual(newest.slice(4));
    expect(rest.cursor).toBeNull();

    const oldest = await get<FeedItem[]>(reader.cookie, '/api/feed-items?sort=oldest');
    expect(titles(oldest.body)).toEqual([...newest].reverse());
    const oneFeed = await get<FeedItem[]>(reader.cookie, `/api/feed-items?feedId=${there}`);
    expect(titles(oneFeed.body)).toEqual(newest.filter((title) => title.startsWith('there')));
  });

  it('marks items of either database read and unread, as the list, the unread list and the counts show', async () => {
    const { reader, other, here, there } = await twoPeopleOnTwoShards();
    const list = (await get<FeedItem[]>(reader.cookie, '/api/feed-items')).body;
    const thereItem = list.find((item) => item.title === 'there 4h zeppelin');
    const hereItem = list.find((item) => item.title === 'here 3h zeppelin');
    if (!thereItem || !hereItem) throw new Error('items missing');
    expect((await patchItem(reader.cookie, thereItem.id, { isRead: true })).status).toBe(200);
    expect((await patchItem(reader.cookie, hereItem.id, { isRead: true })).status).toBe(200);

    const shown = (await get<FeedItem[]>(reader.cookie, '/api/feed-items')).body;
    expect(shown.filter((item) => item.isRead).map((item) => item.id)).toEqual([hereItem.id, thereItem.id]);
    const unread = (await get<FeedItem[]>(reader.cookie, '/api/feed-items?filter=unread&limit=3')).body;
    expect(titles(unread)).toEqual(['here 1h zeppelin', 'there 2h zeppelin', 'here 5h zeppelin']);
    expect(await unreadCounts(reader.cookie)).toEqual(
      new Map([
        [here, 2],
        [there, 2],
      ]),
    );
    // The other person's list and counts of the same feed are their own.
    const theirs = (await get<FeedItem[]>(other.cookie, `/api/feed-items?feedId=${there}`)).body;
    expect(theirs.every((item) => !item.isRead)).toBe(true);
    expect((await unreadCounts(other.cookie)).get(there)).toBe(3);

    // Mark all read, then keep one item of the second database unread: the watermark and its exception.
    const marked = await call('/api/feed-items/mark-read', { cookie: reader.cookie, json: { all: true } });
    expect(await marked.json()).toEqual({ marked: 4 });
    expect((await get<FeedItem[]>(reader.cookie, '/api/feed-items?filter=unread')).body).toEqual([]);
    expect((await patchItem(reader.cookie, thereItem.id, { isRead: false })).status).toBe(200);
    const keptUnread = (await get<FeedItem[]>(reader.cookie, '/api/feed-items?filter=unread')).body;
    expect(keptUnread.map((item) => item.id)).toEqual([thereItem.id]);
    expect(await unreadCounts(reader.cookie)).toEqual(
      new Map([
        [here, 0],
        [there, 1],
      ]),
    );
    expect((await unreadCounts(other.cookie)).get(there)).toBe(3);
  });

  it('stars, finds and opens items of the second database; another person’s stay out of reach', async () => {
    const { reader, other, there, othersOnly } = await twoPeopleOnTwoShards();
    const list = (await get<FeedItem[]>(reader.cookie, '/api/feed-items')).body;
    const thereItem = list.find((item) => item.title === 'there 2h zeppelin');
    if (!thereItem) throw new Error('item missing');
    expect((await patchItem(reader.cookie, thereItem.id, { isStarred: true })).status).toBe(200);

    const starred = (await get<FeedItem[]>(reader.cookie, '/api/feed-items?filter=starred')).body;
    expect(starred.map((item) => [item.id, item.isStarred])).toEqual([[thereItem.id, true]]);
    expect((await get<{ count: number }>(reader.cookie, '/api/feed-items/starred-count')).body).toEqual({ count: 1 });
    const opened = (await get<FeedItem>(reader.cookie, `/api/feed-items/${thereItem.id}`)).body;
    expect(opened).toMatchObject({ id: thereItem.id, feedId: there, title: 'there 2h zeppelin', isStarred: true });
    // The other person follows the same feed but starred nothing.
    expect((await get<FeedItem>(other.cookie, `/api/feed-items/${thereItem.id}`)).body.isStarred).toBe(false);
    expect((await get<FeedItem[]>(other.cookie, '/api/feed-items?filter=starred')).body).toEqual([]);

    const found = (await get<SearchResult[]>(reader.cookie, '/api/feed-items?search=zeppelin')).body;
    expect(found.map((result) => result.title)).toEqual(list.map((item) => item.title));
    expect(found.some((result) => result.feedId === othersOnly)).toBe(false);

    // An item of a feed only the other person follows, in the same shard: not the reader's to see.
    const theirs = (await get<FeedItem[]>(other.cookie, `/api/feed-items?feedId=${othersOnly}`)).body;
    const [hidden] = theirs;
    if (!hidden) throw new Error('the other person has no item');
    expect(shardOfId(hidden.id)).toBe(1);
    expect((await call(`/api/feed-items/${hidden.id}`, { cookie: reader.cookie })).status).toBe(404);
    expect((await patchItem(reader.cookie, hidden.id, { isRead: true })).status).toBe(404);
    expect((await patchItem(reader.cookie, hidden.id, { isStarred: true })).status).toBe(404);
    expect(list.some((item) => item.feedId === othersOnly)).toBe(false);

    // An id of a shard this deployment does not have is nobody's item, not an error: in either form.
    for (const beyond of [idBase(SHARDS) + 1, clockItemId(SHARDS, Date.now())]) {
      expect((await call(`/api/feed-items/${beyond}`, { cookie: reader.cookie })).status).toBe(404);
      expect((await patchItem(reader.cookie, beyond, { isRead: true })).status).toBe(404);
    }
  });
});
