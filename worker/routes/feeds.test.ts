import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds, items } from '../../schema';
import type { FeedCount } from '../contracts/feeds';
import { addFeed, hitsOf, hoursAgo, itemsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';

describe('adding a feed', () => {
  it('follows a feed URL and has its items at once', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), {
      body: rss('Example News', [
        { guid: 'a', title: 'First story', link: 'https://example.com/1', pubDate: hoursAgo(1) },
        { guid: 'b', title: 'Second story', link: 'https://example.com/2', pubDate: hoursAgo(2) },
      ]),
    });
    const preview = await call(`/api/feeds/preview?url=${encodeURIComponent(url)}`, { cookie });
    expect(await preview.json()).toMatchObject({ title: 'Example News', url });

    const added = await addFeed(cookie, url, { name: 'My News' });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ name: 'My News', url, category: null, includeInAi: true });

    const { items: list } = await itemsOf(cookie);
    expect(list.map((item) => item.title)).toEqual(['First story', 'Second story']);
    expect(list[0]).toMatchObject({ source: 'My News', isRead: false, link: 'https://example.com/1' });
  });

  it('answers 409 when the URL is already followed', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Twice', [{ guid: '1', title: 'One' }]) });
    expect((await addFeed(cookie, url)).status).toBe(201);
    const again = await addFeed(cookie, url);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'You already follow this feed' });
  });

  it('holds the Free plan limit of 3 feeds on the server', async () => {
    const { cookie } = await signUp();
    for (let i = 0; i < 3; i++) {
      const url = await scriptFeed(uniqueName(), { body: rss(`Feed ${i}`, [{ guid: `${i}`, title: `Item ${i}` }]) });
      expect((await addFeed(cookie, url)).status).toBe(201);
    }
    const count = (await (await call('/api/feeds/count', { cookie })).json()) as FeedCount;
    expect(count).toEqual({ count: 3, maxFeeds: 3, isPro: false, limitReached: true });
    const url = await scriptFeed(uniqueName(), { body: rss('Fourth', [{ guid: 'x', title: 'X' }]) });
    const refused = await addFeed(cookie, url);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Free plan limit of 3 feeds/);
  });

  it('refuses bad input with clear messages and stores nothing', async () => {
    const { cookie } = await signUp();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ url: 'not a url', name: 'x' }, 400, /Please enter a valid URL/],
      [{ url: 'https://example.com/feed', name: '' }, 400, /Feed name is required/],
      [{ url: 'file:///etc/passwd', name: 'x' }, 400, /Please enter a valid URL/],
      [{ url: 'javascript:alert(1)', name: 'x' }, 400, /Please enter a valid URL/],
      [{ url: 'http://127.0.0.1:1/feed', name: 'x' }, 422, /private/i],
      [{ url: 'http://169.254.169.254/latest/meta-data', name: 'x' }, 422, /private/i],
      [{ url: 'http://0x7f000001/', name: 'x' }, 422, /private/i],
    ];
    for (const [body, status, message] of cases) {
      const response = await call('/api/feeds', { cookie, json: { categoryId: null, includeInAi: true, ...body } });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect(await (await call('/api/feeds', { cookie })).json()).toEqual([]);
  });

  it('explains an HTML page without a feed and an empty answer', async () => {
    const { cookie } = await signUp();
    const page = await scriptFeed(uniqueName('page'), {
      body: '<!doctype html><html><head><title>Hi</title></head><body>No feed</body></html>',
      contentType: 'text/html',
    });
    const response = await addFeed(cookie, page);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toMatch(/No feed was found/);
    const empty = await scriptFeed(uniqueName('empty'), { body: '' });
    const emptyResponse = await addFeed(cookie, empty);
    expect(emptyResponse.status).toBe(422);
  });

  it('finds the feed a website links to', async () => {
    const { cookie } = await signUp();
    const feedName = uniqueName();
    const feedUrl = await scriptFeed(feedName, { body: rss('Linked Feed', [{ guid: '1', title: 'Linked item' }]) });
    const page = await scriptFeed(uniqueName('site'), {
      contentType: 'text/html',
      body: `<!doctype html><html><head><link rel="alternate" type="application/rss+xml" href="${feedUrl}"></head><body>Blog</body></html>`,
    });
    const preview = await call(`/api/feeds/preview?url=${encodeURIComponent(page)}`, { cookie });
    expect(await preview.json()).toMatchObject({ title: 'Linked Feed', url: feedUrl });
    // Discovery verified the feed by reading it; that read is the one used.
    expect((await hitsOf(feedName)).hits).toBe(1);
  });
});

describe('ids and tenancy', () => {
  it('refuses ids that are not positive safe integers', async () => {
    const { cookie } = await signUp();
    for (const id of ['-1', '1e2', '9999999999999999999', 'abc', '0', '1.5']) {
      const response = await call(`/api/feeds/${id}`, { cookie });
      expect(response.status, id).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Invalid feed ID' });
    }
    expect(await (await call('/api/categories/abc', { cookie })).json()).toMatchObject({
      message: 'Invalid category ID',
    });
  });

  it("answers 404 for another person's feed, category and item", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Private', [{ guid: '1', title: 'Mine' }]) });
    const feed = (await (await addFeed(owner.cookie, url)).json()) as { id: number };
    const category = (await (
      await call('/api/categories', { cookie: owner.cookie, json: { name: 'Mine' } })
    ).json()) as { id: number };
    const [item] = (await itemsOf(owner.cookie)).items;
    for (const path of [`/api/feeds/${feed.id}`, `/api/categories/${category.id}`, `/api/feed-items/${item?.id}`]) {
      expect((await call(path, { cookie: stranger.cookie })).status, path).toBe(404);
    }
    expect((await call(`/api/feeds/${feed.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect(
      (await call(`/api/feed-items/${item?.id}`, { method: 'PATCH', cookie: stranger.cookie, json: { isRead: true } }))
        .status,
    ).toBe(404);
    expect((await itemsOf(stranger.cookie)).items).toEqual([]);
    expect((await itemsOf(stranger.cookie, `feedId=${feed.id}`)).items).toEqual([]);
  });

  it('needs a signed-in person', async () => {
    expect((await call('/api/feeds')).status).toBe(401);
    expect((await call('/api/feed-items')).status).toBe(401);
    expect((await call('/api/categories/with-feeds')).status).toBe(401);
  });
});

describe('deleting a feed', () => {
  it('removes the subscription; the shared feed and its items go with the last follower', async () => {
    const first = await signUp();
    const second = await signUp();
    const name = uniqueName();
    const url = await scriptFeed(name, { body: rss('Shared', [{ guid: '1', title: 'Shared item' }]) });
    const feed = (await (await addFeed(first.cookie, url)).json()) as { id: number };
    const again = (await (await addFeed(second.cookie, url)).json()) as { id: number };
    expect(again.id).toBe(feed.id);
    // A URL followed by many people is fetched once.
    expect((await hitsOf(name)).hits).toBe(1);

    expect((await call(`/api/feeds/${feed.id}`, { method: 'DELETE', cookie: first.cookie })).status).toBe(200);
    expect((await itemsOf(first.cookie)).items).toEqual([]);
    expect((await itemsOf(second.cookie)).items).toHaveLength(1);
    await call(`/api/feeds/${feed.id}`, { method: 'DELETE', cookie: second.cookie });
    expect(await db.shards.of(feed.id).select().from(items).where(eq(items.feedId, feed.id))).toEqual([]);
  });
});

describe('refreshing on request', () => {
  it('queues a person’s feeds on Refresh Feeds', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Mine', [{ guid: '1', title: 'One' }]) });
    const feed = (await (await addFeed(cookie, url)).json()) as { id: number };
    // Checked an hour ago and due later: idle, so Refresh Feeds takes it (worker/routes/feed-refresh.test.ts
    // covers the feeds it does not take).
    await db.shards
      .of(feed.id)
      .update(feeds)
      .set({ lastFetchedAt: hoursAgo(1), nextFetchAt: new Date(Date.now() + 7_200_000) })
      .where(eq(feeds.id, feed.id));
    const all = await call('/api/feeds/refresh', { cookie, json: {} });
    expect(all.status).toBe(202);
    expect(await all.json()).toMatchObject({ queued: 1 });
    expect((await call('/api/feeds/refresh', { cookie, json: { feedId: 999999 } })).status).toBe(404);
  });
});
