// Issue 10: a job's memory is bounded whatever the web serves. A feed is read up to FEED_MAX_BYTES,
// a discovery candidate up to CANDIDATE_MAX_BYTES, and discovery holds at most DISCOVERY_PARALLEL
// candidates at once (docs/security.md has the arithmetic).
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../schema';
import { createUrlFetcher } from '../net/fetcher';
import { hitsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';
import { CANDIDATE_MAX_BYTES, DISCOVERY_PARALLEL, discoverFeeds, fetchingVerifier } from './discover';
import { FEED_MAX_BYTES, refreshFeed } from './refresh';

/** An RSS document of about `bytes` bytes: 1 KB items. */
function rssOfSize(bytes: number) {
  const description = 'x'.repeat(1000);
  const count = Math.ceil(bytes / 1100);
  return rss(
    'Big',
    Array.from({ length: count }, (_, i) => ({ guid: `g${i}`, title: `Item ${i}`, description })),
  );
}

describe('memory bounds', () => {
  it('refuses a feed past FEED_MAX_BYTES and shows why on the feed', async () => {
    const { cookie } = await signUp();
    const name = uniqueName('big');
    const url = await scriptFeed(name, { body: rss('Small for now', [{ guid: '1', title: 'One' }]) });
    const added = await call('/api/feeds', { cookie, json: { url, name: 'Big', categoryId: null } });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };

    await scriptFeed(name, { body: rssOfSize(FEED_MAX_BYTES + 512 * 1024) });
    expect(await refreshFeed({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, id)).toEqual({
      kind: 'failed',
      error: 'The response is larger than 4 MB',
    });
    const [row] = await db.shards.of(id).select().from(feeds).where(eq(feeds.id, id));
    expect(row?.lastError).toBe('The response is larger than 4 MB');
  });

  it('reads a discovery candidate only up to CANDIDATE_MAX_BYTES', async () => {
    const verify = fetchingVerifier(createUrlFetcher(env.FETCH_ALLOW_HOSTS));
    const small = await scriptFeed(uniqueName(), { body: rssOfSize(CANDIDATE_MAX_BYTES / 2) });
    const large = await scriptFeed(uniqueName(), { body: rssOfSize(CANDIDATE_MAX_BYTES * 2) });
    expect(await verify(small)).toMatchObject({ title: 'Big' });
    expect(await verify(large)).toBeNull();
  });

  it('verifies at most DISCOVERY_PARALLEL candidates at once, and a follower stops at the first feed', async () => {
    const links = Array.from(
      { length: 10 },
      (_, i) => `<link rel="alternate" type="application/rss+xml" href="/f${i}">`,
    );
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const verify = async (url: string) => {
      asked.push(url);
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return url.endsWith('/f5') ? { title: 'Five' } : null;
    };
    const found = await discoverFeeds('https://site.example/', links.join(''), { verify, firstOnly: true });
    expect(found.map((feed) => feed.feedUrl)).toEqual(['https://site.example/f5']);
    expect(most).toBe(DISCOVERY_PARALLEL);
    expect(asked.length).toBeLessThanOrEqual(6 + DISCOVERY_PARALLEL - 1);
  });

  it('finds the feed a long page declares in its head, reading only its start', async () => {
    const { cookie } = await signUp();
    const feed = await scriptFeed(uniqueName(), { body: rss('Declared', [{ title: 'One' }]) });
    const name = uniqueName('long-page');
    const body = `<!doctype html><html><head><link rel="alternate" type="application/rss+xml" href="${feed}"></head><body>${'<p>words</p>'.repeat(300_000)}</body></html>`;
    const page = await scriptFeed(name, { body, contentType: 'text/html' });
    const response = await call(`/api/feeds/preview?url=${encodeURIComponent(page)}`, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: 'Declared', url: feed });
    expect((await hitsOf(name)).hits).toBe(1);
  });
});
