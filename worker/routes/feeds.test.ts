import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds, items, users } from '../../schema';
import type { CategoryWithFeeds, FeedCount, FeedItem } from '../contracts/feeds';
import { refreshFeed } from '../feeds/refresh';
import worker from '../index';
import { pinClock } from '../test/clock';
import { hitsOf, hoursAgo, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';

const refreshDeps = () => ({ db, allowHosts: env.FETCH_ALLOW_HOSTS });

async function addFeed(cookie: string, url: string, extra: Record<string, unknown> = {}) {
  return call('/api/feeds', {
    cookie,
    json: { url, name: 'Test feed', categoryId: null, includeInAi: true, ...extra },
  });
}

async function itemsOf(cookie: string, query = '') {
  const response = await call(`/api/feed-items?${query}`, { cookie });
  expect(response.status).toBe(200);
  return { items: (await response.json()) as FeedItem[], nextCursor: response.headers.get('x-next-cursor') };
}

async function feedRowByUrl(url: string) {
  const [row] = await db.select().from(feeds).where(eq(feeds.url, url));
  if (!row) throw new Error('no feed row');
  return row;
}

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

describe('reading', () => {
  it('marks an item read and the unread count drops', async () => {
    const { cookie } = await signUp();
    const category = (await (await call('/api/categories', { cookie, json: { name: 'Tech' } })).json()) as {
      id: number;
    };
    const url = await scriptFeed(uniqueName(), {
      body: rss('Counted', [
        { guid: '1', title: 'One', pubDate: hoursAgo(1) },
        { guid: '2', title: 'Two', pubDate: hoursAgo(2) },
      ]),
    });
    await addFeed(cookie, url, { categoryId: category.id });
    const sidebar = async () =>
      (await (await call('/api/categories/with-feeds', { cookie })).json()) as CategoryWithFeeds[];
    expect((await sidebar())[0]).toMatchObject({ id: category.id, name: 'Tech', unreadCount: 2 });

    const [first] = (await itemsOf(cookie)).items;
    const patched = await call(`/api/feed-items/${first?.id}`, { method: 'PATCH', cookie, json: { isRead: true } });
    expect(await patched.json()).toEqual({ id: first?.id, isRead: true });
    expect((await sidebar())[0]?.unreadCount).toBe(1);
    expect((await itemsOf(cookie, 'filter=unread')).items.map((i) => i.title)).toEqual(['Two']);

    const marked = await call('/api/feed-items/mark-read', { cookie, json: { categoryId: category.id } });
    expect(await marked.json()).toEqual({ marked: 1 });
    expect((await sidebar())[0]?.unreadCount).toBe(0);
  });

  it('filters by date and sorts both ways, a page at a time', async () => {
    // A minute after midnight UTC (the person's zone): "Just now" is still today, an hour ago is not
    // (worker/routes/date-filters.test.ts checks the filters at every hour).
    pinClock('2026-06-15T00:01:00Z');
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), {
      body: rss('Dated', [
        { guid: 'now', title: 'Just now', pubDate: new Date(Date.now() - 60_000) },
        { guid: 'h1', title: 'An hour ago', pubDate: hoursAgo(1) },
        { guid: 'd3', title: 'Three days ago', pubDate: hoursAgo(72) },
        { guid: 'd20', title: 'Twenty days ago', pubDate: hoursAgo(480) },
        { guid: 'd60', title: 'Two months ago', pubDate: hoursAgo(1440) },
      ]),
    });
    await addFeed(cookie, url);
    const titles = async (query: string) => (await itemsOf(cookie, query)).items.map((i) => i.title);
    expect(await titles('dateFilter=today')).toEqual(['Just now']);
    expect(await titles('dateFilter=yesterday')).toEqual(['An hour ago']);
    expect(await titles('dateFilter=last7days')).toEqual(['Just now', 'An hour ago', 'Three days ago']);
    expect(await titles('dateFilter=last30days')).toHaveLength(4);
    expect(await titles('sort=oldest')).toEqual([
      'Two months ago',
      'Twenty days ago',
      'Three days ago',
      'An hour ago',
      'Just now',
    ]);
    expect((await call('/api/feed-items?dateFilter=someday', { cookie })).status).toBe(400);

    const first = await itemsOf(cookie, 'limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await itemsOf(cookie, `limit=3&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.items.map((i) => i.title)).toEqual(['Twenty days ago', 'Two months ago']);
    expect(second.nextCursor).toBeNull();
  });

  it('shows script, onerror and javascript: in content as safe output', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), {
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title>
<item><guid>1</guid><title>&lt;script&gt;alert(1)&lt;/script&gt;Title</title>
<description><![CDATA[<p onclick="x()">Hi<script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">link</a></p>]]></description></item>
</channel></rss>`,
    });
    await addFeed(cookie, url);
    const [item] = (await itemsOf(cookie)).items;
    // Escaped markup in a title is read as HTML and reduced to its text; a script's text is dropped.
    expect(item?.title).toBe('Title');
    expect(item?.content).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(item?.content).toContain('Hi');
  });
});

describe('categories', () => {
  it('creates, renames, refuses duplicates and deletes while keeping feeds', async () => {
    const { cookie } = await signUp();
    const created = await call('/api/categories', { cookie, json: { name: 'News' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await call('/api/categories', { cookie, json: { name: 'News' } })).status).toBe(409);
    expect((await call('/api/categories', { cookie, json: { name: '  ' } })).status).toBe(400);
    const renamed = await call(`/api/categories/${id}`, { method: 'PATCH', cookie, json: { name: 'World' } });
    expect(await renamed.json()).toEqual({ id, name: 'World' });
    const url = await scriptFeed(uniqueName(), { body: rss('Kept', [{ guid: '1', title: 'Stays' }]) });
    const feed = (await (await addFeed(cookie, url, { categoryId: id })).json()) as { id: number };
    expect((await call(`/api/categories/${id}`, { method: 'DELETE', cookie })).status).toBe(200);
    expect(await (await call(`/api/feeds/${feed.id}`, { cookie })).json()).toMatchObject({
      categoryId: null,
      category: null,
    });
    const groups = (await (await call('/api/categories/with-feeds', { cookie })).json()) as CategoryWithFeeds[];
    expect(groups).toEqual([
      expect.objectContaining({ id: null, name: 'General', feeds: [expect.objectContaining({ id: feed.id })] }),
    ]);
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
    expect(await db.select().from(items).where(eq(items.feedId, feed.id))).toEqual([]);
  });
});

describe('refreshing', () => {
  it('uses the ETag: an unchanged feed answers 304 and nothing is written', async () => {
    const { cookie } = await signUp();
    const name = uniqueName();
    const url = await scriptFeed(name, { body: rss('Etagged', [{ guid: '1', title: 'One' }]), etag: '"v1"' });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    expect(feed.etag).toBe('"v1"');
    expect(await refreshFeed(refreshDeps(), feed.id)).toEqual({ kind: 'not-modified' });
    expect((await hitsOf(name)).notModified).toBe(1);
  });

  it('adds new items, updates changed ones and never duplicates, even when a job runs twice', async () => {
    const { cookie } = await signUp();
    const name = uniqueName();
    const url = await scriptFeed(name, { body: rss('Growing', [{ guid: '1', title: 'One', pubDate: hoursAgo(3) }]) });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    await scriptFeed(name, {
      body: rss('Growing', [
        { guid: '2', title: 'Two', pubDate: hoursAgo(1) },
        { guid: '1', title: 'One (updated)', pubDate: hoursAgo(3) },
        { guid: '2', title: 'Two', pubDate: hoursAgo(1) },
      ]),
    });
    const batch = createMessageBatch('feedloom-jobs', [
      { id: 'm1', timestamp: new Date(), attempts: 1, body: { type: 'refresh-feed', feedId: feed.id } },
      { id: 'm2', timestamp: new Date(), attempts: 2, body: { type: 'refresh-feed', feedId: feed.id } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(['m1', 'm2']);
    expect((await itemsOf(cookie)).items.map((i) => i.title)).toEqual(['Two', 'One (updated)']);
  });

  it('records an error, backs off, keeps the items, and clears the error once the feed recovers', async () => {
    pinClock('2026-06-15T12:00:00Z');
    const { cookie } = await signUp();
    const name = uniqueName();
    const url = await scriptFeed(name, { body: rss('Flaky', [{ guid: '1', title: 'Kept' }]) });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    await scriptFeed(name, { body: 'Server error', status: 500, contentType: 'text/plain' });
    const now = Date.now();
    expect(await refreshFeed(refreshDeps(), feed.id)).toMatchObject({
      kind: 'failed',
      error: 'The server answered 500',
    });
    const failed = await feedRowByUrl(url);
    expect(failed).toMatchObject({ errorCount: 1, lastError: 'The server answered 500' });
    expect(failed.nextFetchAt.getTime()).toBeGreaterThan(now + 10 * 60_000);
    await refreshFeed(refreshDeps(), feed.id);
    const twice = await feedRowByUrl(url);
    expect(twice.errorCount).toBe(2);
    expect(twice.nextFetchAt.getTime()).toBeGreaterThan(failed.nextFetchAt.getTime());
    expect((await itemsOf(cookie)).items.map((i) => i.title)).toEqual(['Kept']);
    const detail = await (await call(`/api/feeds/${feed.id}`, { cookie })).json();
    expect(detail).toMatchObject({ lastError: 'The server answered 500' });

    await scriptFeed(name, { body: 'not a feed at all', contentType: 'text/plain' });
    expect((await refreshFeed(refreshDeps(), feed.id)).kind).toBe('failed');
    await scriptFeed(name, {
      body: rss('Flaky', [
        { guid: '2', title: 'Back' },
        { guid: '1', title: 'Kept' },
      ]),
    });
    expect((await refreshFeed(refreshDeps(), feed.id)).kind).toBe('updated');
    expect(await feedRowByUrl(url)).toMatchObject({ errorCount: 0, lastError: null });
  });

  it('keeps the newest 500 items of a 2,000-item feed', async () => {
    const { cookie } = await signUp();
    const many = Array.from({ length: 2000 }, (_, i) => ({ guid: `g${i}`, title: `Item ${i}`, pubDate: hoursAgo(i) }));
    const url = await scriptFeed(uniqueName(), { body: rss('Huge', many) });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    const stored = await db.select({ title: items.title }).from(items).where(eq(items.feedId, feed.id));
    expect(stored).toHaveLength(500);
    expect((await itemsOf(cookie, 'limit=1')).items[0]?.title).toBe('Item 0');
  });

  it('respects the ttl and Retry-After when scheduling the next check', async () => {
    pinClock('2026-06-15T12:00:00Z');
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Slow', [{ guid: '1', title: 'One' }], '<ttl>180</ttl>') });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    expect(feed.nextFetchAt.getTime() - Date.now()).toBeGreaterThanOrEqual(180 * 60_000);
  });

  it('the cron queues a pick per slice; the pick leases due feeds so the next tick does not queue them again', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Due', [{ guid: '1', title: 'One' }]) });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    await db
      .update(feeds)
      .set({ nextFetchAt: new Date(Date.now() - 1000) })
      .where(eq(feeds.id, feed.id));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    // The queue delivers the feed's slice's pick message to the consumer.
    const batch = createMessageBatch('feedloom-jobs', [
      { id: 'pick', timestamp: new Date(), attempts: 1, body: { type: 'pick-feeds', slice: feed.id % 64 } },
    ]);
    const pickCtx = createExecutionContext();
    await worker.queue(batch, env, pickCtx);
    expect((await getQueueResult(batch, pickCtx)).explicitAcks).toEqual(['pick']);
    expect((await feedRowByUrl(url)).nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('acknowledges a malformed message instead of retrying it forever', async () => {
    const batch = createMessageBatch('feedloom-jobs', [
      { id: 'bad', timestamp: new Date(), attempts: 1, body: { type: 'refresh-feed', feedId: 'x' } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['bad']);
    expect(result.retryMessages).toEqual([]);
  });

  it('queues a person’s feeds on Refresh Feeds', async () => {
    const { cookie } = await signUp();
    const url = await scriptFeed(uniqueName(), { body: rss('Mine', [{ guid: '1', title: 'One' }]) });
    const feed = (await (await addFeed(cookie, url)).json()) as { id: number };
    const all = await call('/api/feeds/refresh', { cookie, json: {} });
    expect(all.status).toBe(202);
    expect(await all.json()).toEqual({ queued: 1 });
    expect(await (await call('/api/feeds/refresh', { cookie, json: { feedId: feed.id } })).json()).toEqual({
      queued: 1,
    });
    expect((await call('/api/feeds/refresh', { cookie, json: { feedId: 999999 } })).status).toBe(404);
  });
});

describe('OPML', () => {
  it('imports as a job reporting added, skipped and failed, then exports', async () => {
    const { cookie, userId } = await signUp();
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
    const good = await scriptFeed(uniqueName(), { body: rss('Good One', [{ guid: '1', title: 'G' }]) });
    const broken = await scriptFeed(uniqueName(), { body: 'nope', status: 404, contentType: 'text/plain' });
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
<outline text="Tech"><outline text="Good" xmlUrl="${good}"/><outline text="Good again" xmlUrl="${good}"/></outline>
<outline text="Broken" xmlUrl="${broken}"/></body></opml>`;
    const started = await call('/api/opml', {
      cookie,
      body: opml,
      headers: { 'content-type': 'text/x-opml' },
      method: 'POST',
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: number };
    const batch = createMessageBatch('feedloom-jobs', [
      { id: 'opml', timestamp: new Date(), attempts: 1, body: { type: 'import-opml', importId: id, offset: 0 } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    await getQueueResult(batch, ctx);
    const result = await (await call(`/api/opml/imports/${id}`, { cookie })).json();
    expect(result).toMatchObject({ status: 'done', added: 1, skipped: 0, failed: 1 });

    const exported = await (await call('/api/opml', { cookie })).text();
    expect(exported).toContain('<outline text="Tech"');
    expect(exported).toContain(`xmlUrl="${good.replace(/&/g, '&amp;')}"`);
    expect((await call('/api/opml', { cookie, body: '<html></html>', method: 'POST' })).status).toBe(400);
  });
});
