// "Add sample feeds": in development a person follows four real feeds of different shapes in one call,
// with items, images and unread counts; outside development the route does not exist.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { makePro } from '../test/ai';
import { call, signUp } from '../test/helpers';
import { SAMPLE_CATEGORY, SAMPLE_FEEDS } from './dev-sample-feeds';

const saved = { APP_URL: env.APP_URL, ENVIRONMENT: env.ENVIRONMENT };
afterEach(() => {
  Object.assign(env, saved);
});

describe('sample feeds', () => {
  it('follows four differently shaped feeds with items, images and unread counts, once', async () => {
    // In a worker test nothing listens on the app's own origin; the fake upstream serves the same files.
    const { cookie, userId } = await signUp();
    await makePro(userId);
    env.APP_URL = env.FAKE_UPSTREAM_URL;
    // The Origin check compares with APP_URL (issue 10 L6), so the request comes from there too.
    const added = await call('/api/dev/sample-feeds', { method: 'POST', cookie, headers: { origin: env.APP_URL } });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ followed: SAMPLE_FEEDS.length, skipped: 0 });

    const sidebar = (await (await call('/api/categories/with-feeds', { cookie })).json()) as CategoryWithFeeds[];
    const samples = sidebar.find((category) => category.name === SAMPLE_CATEGORY);
    expect(samples?.feeds.map((feed) => feed.name).sort()).toEqual(SAMPLE_FEEDS.map((feed) => feed.name).sort());
    expect(samples?.unreadCount).toBeGreaterThanOrEqual(30);

    const items = (await (await call('/api/feed-items?limit=100', { cookie })).json()) as FeedItem[];
    for (const sample of SAMPLE_FEEDS)
      expect(
        items.some((item) => item.source === sample.name),
        sample.name,
      ).toBe(true);
    const imageBase = `${env.FAKE_UPSTREAM_URL}/api/dev/sample-feeds/images/`;
    const withImages = items.filter((item) => item.thumbnail?.startsWith(imageBase));
    expect(withImages.length).toBeGreaterThanOrEqual(10);
    // Every image the items show is one this server has: no picture waits for the internet.
    for (const item of items)
      if (item.thumbnail) expect(item.thumbnail.startsWith(imageBase), item.thumbnail).toBe(true);

    // The podcast's eight episodes carry their audio, on this server too: they play offline.
    const episodes = (await (
      await call('/api/feed-items?limit=100&hasEnclosure=true', { cookie })
    ).json()) as FeedItem[];
    expect(episodes.map((item) => item.source)).toEqual(Array(8).fill('Giant Bombcast'));
    for (const episode of episodes)
      expect(episode.enclosures).toEqual([
        {
          url: expect.stringMatching(/^.+\/api\/dev\/sample-feeds\/audio\/bombcast-\d+\.wav$/),
          type: 'audio/wav',
          length: 64044,
        },
      ]);

    const again = await call('/api/dev/sample-feeds', { method: 'POST', cookie, headers: { origin: env.APP_URL } });
    expect(await again.json()).toEqual({ followed: 0, skipped: 0 });
  });

  it('stays within a Free plan and leaves a place for a feed of the person’s own', async () => {
    const { cookie } = await signUp();
    env.APP_URL = env.FAKE_UPSTREAM_URL;
    const post = () => call('/api/dev/sample-feeds', { method: 'POST', cookie, headers: { origin: env.APP_URL } });
    // Free allows 3 feeds: 2 samples, and the third place stays free (it was 4 of 3, issue 27).
    expect(await (await post()).json()).toEqual({ followed: 2, skipped: 2 });
    const count = await (await call('/api/feeds/count', { cookie })).json();
    expect(count).toEqual({ count: 2, maxFeeds: 3, isPro: false, limitReached: false });
    expect(await (await post()).json()).toEqual({ followed: 0, skipped: 2 });
    expect(((await (await call('/api/feeds/count', { cookie })).json()) as { count: number }).count).toBe(2);
  });

  it('keeps every image of inessential’s JSON Feed a whole tag, so no article is swallowed', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    env.APP_URL = env.FAKE_UPSTREAM_URL;
    await call('/api/dev/sample-feeds', { method: 'POST', cookie, headers: { origin: env.APP_URL } });
    const items = (await (await call('/api/feed-items?limit=100', { cookie })).json()) as FeedItem[];
    const article = items.find((item) => item.source === 'inessential' && item.content?.includes('Microformats'));
    // The image address had no closing quote, so the rest of the article became part of it (issue 27).
    expect(article?.content).toMatch(/<img [^>]*src="[^"]*\/images\/inessential-4\.svg"/);
    expect(article?.content).toContain('hAtom microformat');
  });

  it('serves the feeds and their images on the app’s own origin', async () => {
    env.APP_URL = 'http://localhost:5173';
    const feed = await call('/api/dev/sample-feeds/guardian.rss');
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    const text = await feed.text();
    expect(text).toContain('<title>The Guardian</title>');
    expect(text).toContain('url="http://localhost:5173/api/dev/sample-feeds/images/guardian-1.svg"');
    expect(text).not.toContain('localhost:8787');

    const image = await call('/api/dev/sample-feeds/images/guardian-1.svg');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');
    expect((await call('/api/dev/sample-feeds/images/missing.svg')).status).toBe(404);
    expect((await call('/api/dev/sample-feeds/LICENSES.md')).status).toBe(404);

    // The podcast's audio, whole or by the byte ranges a player asks for to seek and resume.
    const audio = await call('/api/dev/sample-feeds/audio/bombcast-603.wav');
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect((await audio.arrayBuffer()).byteLength).toBe(64044);
    const part = await call('/api/dev/sample-feeds/audio/bombcast-603.wav', { headers: { range: 'bytes=44-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 44-99/64044');
    expect((await part.arrayBuffer()).byteLength).toBe(56);
    expect((await call('/api/dev/sample-feeds/audio/other.mp3')).status).toBe(404);
  });

  it('lists what it would follow, on the app’s own origin', async () => {
    const listed = await call('/api/dev/sample-feeds');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({
      feeds: SAMPLE_FEEDS.map((feed) => ({ name: feed.name, url: `${env.APP_URL}/api/dev/sample-feeds/${feed.file}` })),
    });
  });

  it('asks for a session, and answers 404 outside development', async () => {
    expect((await call('/api/dev/sample-feeds', { method: 'POST' })).status).toBe(401);
    const { cookie } = await signUp();
    env.ENVIRONMENT = 'production';
    expect((await call('/api/dev/sample-feeds', { method: 'POST', cookie })).status).toBe(404);
    expect((await call('/api/dev/sample-feeds/guardian.rss')).status).toBe(404);
    expect((await call('/api/dev/sample-feeds')).status).toBe(404);
  });
});
