// refreshFeed, the orchestrator: conditional fetches, new and changed items stored once however often a
// job runs, errors recorded and backed off, the newest 500 items kept, ttl and Retry-After respected.
// M3 (issue 10): a refresh that fails after the fetch is the feed's error, shown and retried with
// backoff, never an exception that keeps the lease and dead-letters for ever; an item too big for a D1
// row is kept with its content cut.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds, items } from '../../schema';
import type { FeedDetail, FeedItem } from '../contracts/feeds';
import { findFeed } from '../db/item-store';
import worker from '../index';
import { createUrlFetcher } from '../net/fetcher';
import { pinClock } from '../test/clock';
import { addFeed, feedRowByUrl, follow, hitsOf, hoursAgo, itemsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { MAX_CONTENT_CHARS } from './item-size';
import { refreshFeed } from './refresh';

const deps = () => ({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) });

describe('a refresh that fails after the fetch', () => {
  it('keeps an item over the 2 MB row limit, its content cut, on the first add and on later refreshes', async () => {
    const { cookie } = await signUp();
    const name = uniqueName();
    const huge = `<p>${'All work and no play. '.repeat(120_000)}</p>`;
    const url = await scriptFeed(name, {
      body: rss('Huge item', [{ guid: 'big', title: 'Enormous', description: huge, pubDate: hoursAgo(1) }]),
    });
    const added = await call('/api/feeds', {
      cookie,
      json: { url, name: 'Huge', categoryId: null, includeInAi: true },
    });
    expect(added.status).toBe(201);
    const [item] = (await (await call('/api/feed-items', { cookie })).json()) as FeedItem[];
    expect(item?.title).toBe('Enormous');
    expect(item?.content?.length).toBeLessThanOrEqual(MAX_CONTENT_CHARS);
    expect(item?.content).toContain('All work and no play.');

    await scriptFeed(name, {
      body: rss('Huge item', [
        { guid: 'big2', title: 'Enormous again', description: huge, pubDate: hoursAgo(0.5) },
        // One huge item per body: two would pass the feed's 4 MB cap (FEED_MAX_BYTES).
        { guid: 'big', title: 'Enormous', description: 'Shorter now', pubDate: hoursAgo(1) },
      ]),
    });
    const feedId = ((await added.json()) as FeedDetail).id;
    expect(await refreshFeed(deps(), feedId)).toMatchObject({ kind: 'updated' });
  });

  it('records a storage failure on the feed, shows it, backs off, and recovers', async () => {
    const { cookie } = await signUp();
    const name = uniqueName();
    const url = await scriptFeed(name, { body: rss('Fragile', [{ guid: '1', title: 'One', pubDate: hoursAgo(2) }]) });
    const feedId = await follow(call, cookie, url);
    // A feed row out of step with its items: the next new item would take a number already used, and
    // D1 refuses the write (a real D1 error, after the fetch).
    await db.shards.of(feedId).update(feeds).set({ lastSeq: 0 }).where(eq(feeds.id, feedId));
    await scriptFeed(name, {
      body: rss('Fragile', [
        { guid: '2', title: 'Two', pubDate: hoursAgo(1) },
        { guid: '1', title: 'One', pubDate: hoursAgo(2) },
      ]),
    });
    const before = Date.now();
    const outcome = await refreshFeed(deps(), feedId);
    expect(outcome).toMatchObject({ kind: 'failed', error: expect.stringMatching(/could not be stored/) });
    const failed = await findFeed(db, feedId);
    expect(failed?.errorCount).toBe(1);
    // The usual backoff: the next try is 15 minutes out (± jitter), not the lease's 15 minutes of silence.
    expect(failed?.nextFetchAt.getTime()).toBeGreaterThan(before + 10 * 60_000);
    const detail = (await (await call(`/api/feeds/${feedId}`, { cookie })).json()) as FeedDetail;
    expect(detail.lastError).toMatch(/Its items could not be stored/);

    await db.shards.of(feedId).update(feeds).set({ lastSeq: 1 }).where(eq(feeds.id, feedId));
    expect((await refreshFeed(deps(), feedId)).kind).toBe('updated');
    expect((await findFeed(db, feedId))?.lastError).toBeNull();
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
    expect(await refreshFeed(deps(), feed.id)).toEqual({ kind: 'not-modified' });
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
    expect(await refreshFeed(deps(), feed.id)).toMatchObject({
      kind: 'failed',
      error: 'The server answered 500',
    });
    const failed = await feedRowByUrl(url);
    expect(failed).toMatchObject({ errorCount: 1, lastError: 'The server answered 500' });
    expect(failed.nextFetchAt.getTime()).toBeGreaterThan(now + 10 * 60_000);
    await refreshFeed(deps(), feed.id);
    const twice = await feedRowByUrl(url);
    expect(twice.errorCount).toBe(2);
    expect(twice.nextFetchAt.getTime()).toBeGreaterThan(failed.nextFetchAt.getTime());
    expect((await itemsOf(cookie)).items.map((i) => i.title)).toEqual(['Kept']);
    const detail = await (await call(`/api/feeds/${feed.id}`, { cookie })).json();
    expect(detail).toMatchObject({ lastError: 'The server answered 500' });

    await scriptFeed(name, { body: 'not a feed at all', contentType: 'text/plain' });
    expect((await refreshFeed(deps(), feed.id)).kind).toBe('failed');
    await scriptFeed(name, {
      body: rss('Flaky', [
        { guid: '2', title: 'Back' },
        { guid: '1', title: 'Kept' },
      ]),
    });
    expect((await refreshFeed(deps(), feed.id)).kind).toBe('updated');
    expect(await feedRowByUrl(url)).toMatchObject({ errorCount: 0, lastError: null });
  });

  it('keeps the newest 500 items of a 2,000-item feed', async () => {
    const { cookie } = await signUp();
    const many = Array.from({ length: 2000 }, (_, i) => ({ guid: `g${i}`, title: `Item ${i}`, pubDate: hoursAgo(i) }));
    const url = await scriptFeed(uniqueName(), { body: rss('Huge', many) });
    await addFeed(cookie, url);
    const feed = await feedRowByUrl(url);
    const stored = await db.shards
      .of(feed.id)
      .select({ title: items.title })
      .from(items)
      .where(eq(items.feedId, feed.id));
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
});
