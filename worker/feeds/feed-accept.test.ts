// Issue 13 item 5: every feed fetch asks for feeds with the one Accept header (FEED_ACCEPT), whether it
// follows a feed, refreshes it, or verifies a candidate that discovery found on a page.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createUrlFetcher } from '../net/fetcher';
import { hitsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { FEED_ACCEPT } from './parse';
import { refreshFeed } from './refresh';

describe('the Accept header of feed fetches', () => {
  it('is FEED_ACCEPT when following, refreshing and discovering', async () => {
    const { cookie } = await signUp();
    const feedName = uniqueName();
    const feed = await scriptFeed(feedName, { body: rss('Asked for', [{ guid: '1', title: 'One' }]) });
    const pageName = uniqueName('page');
    const page = await scriptFeed(pageName, {
      body: `<html><head><link rel="alternate" type="application/rss+xml" href="${feed}"></head></html>`,
      contentType: 'text/html',
    });

    const preview = await call(`/api/feeds/preview?url=${encodeURIComponent(page)}`, { cookie });
    expect(preview.status).toBe(200);
    expect((await hitsOf(pageName)).accept).toBe(FEED_ACCEPT);
    expect((await hitsOf(feedName)).accept).toBe(FEED_ACCEPT);

    const added = await call('/api/feeds', { cookie, json: { url: feed, name: 'Asked', categoryId: null } });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    await scriptFeed(feedName, { body: rss('Asked for', [{ guid: '2', title: 'Two' }]) });
    expect((await refreshFeed({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, id)).kind).toBe('updated');
    expect((await hitsOf(feedName)).accept).toBe(FEED_ACCEPT);
  });
});
