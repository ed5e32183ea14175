// M3 (issue 10): a refresh that fails after the fetch is the feed's error, shown and retried with
// backoff, never an exception that keeps the lease and dead-letters for ever; an item too big for a D1
// row is kept with its content cut.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../schema';
import type { FeedDetail, FeedItem } from '../contracts/feeds';
import { findFeed } from '../db/item-store';
import { follow, hoursAgo, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { MAX_CONTENT_CHARS } from './item-size';
import { refreshFeed } from './refresh';

const deps = () => ({ db, allowHosts: env.FETCH_ALLOW_HOSTS });

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
        { guid: 'big', title: 'Enormous', description: huge, pubDate: hoursAgo(1) },
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
    await db.update(feeds).set({ lastSeq: 0 }).where(eq(feeds.id, feedId));
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

    await db.update(feeds).set({ lastSeq: 1 }).where(eq(feeds.id, feedId));
    expect((await refreshFeed(deps(), feedId)).kind).toBe('updated');
    expect((await findFeed(db, feedId))?.lastError).toBeNull();
  });
});
