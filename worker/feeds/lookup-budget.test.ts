// Issue 10 L3: looking feeds up (the add-feed preview, following by a page's address) makes us fetch
// pages on a person's behalf. Each person has a budget of fetches per 15 minutes; past it, lookups answer
// 429 and fetch nothing.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { pinClock } from '../test/clock';
import { hitsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';
import { LOOKUP_FETCH_BUDGET, LOOKUP_MAX_FETCHES } from './follow';

/** A page that names ten feeds, none of which exists: each lookup of it spends a whole discovery. */
async function pageOfMissingFeeds() {
  const links = Array.from(
    { length: 10 },
    (_, i) =>
      `<link rel="alternate" type="application/rss+xml" href="${env.FAKE_UPSTREAM_URL}/scripted/${uniqueName('missing')}-${i}">`,
  ).join('');
  const name = uniqueName('page');
  await scriptFeed(name, {
    body: `<!doctype html><html><head>${links}</head><body>Hi</body></html>`,
    contentType: 'text/html',
  });
  return { name, url: `${env.FAKE_UPSTREAM_URL}/scripted/${name}` };
}

const preview = (cookie: string, url: string) => call(`/api/feeds/preview?url=${encodeURIComponent(url)}`, { cookie });

describe('the fetch budget of feed lookups', () => {
  it('answers 429 once a person has spent it, without fetching, for preview and follow alike', async () => {
    pinClock('2026-06-15T10:05:00Z');
    const { cookie } = await signUp();
    const page = await pageOfMissingFeeds();
    const affordable = Math.floor(LOOKUP_FETCH_BUDGET / LOOKUP_MAX_FETCHES);
    for (let i = 0; i < affordable; i++) {
      const response = await preview(cookie, page.url);
      expect(response.status).toBe(422);
    }
    expect((await hitsOf(page.name)).hits).toBe(affordable);

    const refused = await preview(cookie, page.url);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: 'Too many feed lookups. Please wait 15 minutes and try again.',
    });
    const feed = await scriptFeed(uniqueName(), { body: rss('Direct', [{ title: 'One' }]) });
    const follow = await call('/api/feeds', { cookie, json: { url: feed, name: 'Direct', categoryId: null } });
    expect(follow.status).toBe(429);
    expect((await hitsOf(page.name)).hits).toBe(affordable);

    // Someone else's budget is their own.
    const other = await signUp();
    expect((await preview(other.cookie, feed)).status).toBe(200);
  });

  it('charges a direct feed address one fetch, not a discovery', async () => {
    pinClock('2026-06-15T10:05:00Z');
    const { cookie } = await signUp();
    const feed = await scriptFeed(uniqueName(), { body: rss('Direct', [{ title: 'One' }]) });
    // More previews than whole discoveries would fit: what a lookup did not use is given back.
    for (let i = 0; i < 2 * Math.ceil(LOOKUP_FETCH_BUDGET / LOOKUP_MAX_FETCHES); i++) {
      expect((await preview(cookie, feed)).status).toBe(200);
    }
  });
});
