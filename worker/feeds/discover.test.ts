import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  discoverFeeds,
  fetchingVerifier,
  findFeedLinks,
  looksLikeFeed,
  type VerifyFeed,
  wellKnownFeedUrls,
} from './discover';
import { faviconFor } from './favicon';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS, maxAgeSeconds, nextCheckAt, retryAfterMs } from './schedule';

const allowHosts = env.FETCH_ALLOW_HOSTS;
const upstream = env.FAKE_UPSTREAM_URL;
const PAGE = 'https://www.example.com/blog/';

/** A verifier that knows a fixed set of feeds and records what it was asked. */
function stubVerifier(feeds: Record<string, string>) {
  const asked: string[] = [];
  const verify: VerifyFeed = async (url) => {
    asked.push(url);
    const title = feeds[url];
    return title === undefined ? null : { title, siteUrl: 'https://www.example.com/' };
  };
  return { verify, asked };
}

describe('finding feed links in a page', () => {
  it('lists declared alternates first (comment feeds last), then feed: and feed-like links, resolved and deduplicated', () => {
    const html = `<html><head><base href="https://www.example.com/blog/">
      <link rel="alternate" type="application/rss+xml" title="Comments Feed" href="comments/feed/">
      <link rel="alternate" type="application/json" href="/wp-json/wp/v2/posts/1">
      <link rel="alternate" type="application/atom+xml" href="atom.xml">
      <link rel="alternate" type="application/rss+xml; charset=utf-8" href="/blog/feed/">
      <link rel="ALTERNATE" type="application/feed+json" href="feed.json">
      <link rel="alternate" type="application/rdf+xml" href="index.rdf">
      <link rel="alternate" type="text/xml" href="rss.xml#top">
      <link rel="alternate" hreflang="fr" href="/fr/">
      <link rel="stylesheet" type="text/css" href="style.css">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
      </head><body>
      <a href="feed://www.example.com/podcast.xml">Podcast</a>
      <a href="feed:https://other.example.org/feed">Other</a>
      <a href="/blog/feed/">RSS</a>
      <a href="/category/news/feed">News feed</a>
      <a href="/about">About</a>
      <a href="/?feed=atom">Atom</a>
      </body></html>`;
    expect(findFeedLinks(html, 'https://www.example.com/blog/post')).toEqual([
      'https://www.example.com/blog/feed/',
      'https://www.example.com/blog/atom.xml',
      'https://www.example.com/blog/feed.json',
      'https://www.example.com/blog/index.rdf',
      'https://www.example.com/blog/rss.xml',
      'https://www.example.com/wp-json/wp/v2/posts/1',
      'https://www.example.com/blog/comments/feed/',
      'http://www.example.com/podcast.xml',
      'https://other.example.org/feed',
      'https://www.example.com/category/news/feed',
    ]);
  });

  it('keeps at most 10 linked candidates', () => {
    const links = Array.from(
      { length: 30 },
      (_, i) => `<link rel="alternate" type="application/rss+xml" href="/c${i}.xml">`,
    ).join('');
    expect(findFeedLinks(links, PAGE)).toHaveLength(10);
  });

  it('knows the well-known paths under the page directory and the root', () => {
    const urls = wellKnownFeedUrls('https://www.example.com/blog/hello.html');
    expect(urls.slice(0, 4)).toEqual([
      'https://www.example.com/blog/feed',
      'https://www.example.com/feed',
      'https://www.example.com/blog/rss',
      'https://www.example.com/rss',
    ]);
    expect(urls).toContain('https://www.example.com/?feed=rss2');
    expect(urls).toContain('https://www.example.com/feeds/posts/default');
    expect(wellKnownFeedUrls('https://example.com/')).toHaveLength(11);
  });
});

describe('discoverFeeds with a stub verifier', () => {
  it('verifies the linked candidates and returns only feeds, with titles', async () => {
    const html = `<link rel="alternate" type="application/rss+xml" href="/blog/feed/">
      <link rel="alternate" type="application/atom+xml" title="Atom" href="/blog/broken.xml">`;
    const { verify, asked } = stubVerifier({ 'https://www.example.com/blog/feed/': 'Example blog' });
    expect(await discoverFeeds(PAGE, html, { verify })).toEqual([
      { feedUrl: 'https://www.example.com/blog/feed/', title: 'Example blog', siteUrl: 'https://www.example.com/' },
    ]);
    expect(asked).toEqual(['https://www.example.com/blog/feed/', 'https://www.example.com/blog/broken.xml']);
  });

  it('falls back to well-known paths when the page names no feed, and stops at the first that answers', async () => {
    const { verify, asked } = stubVerifier({ 'https://www.example.com/rss': 'Found at /rss' });
    const found = await discoverFeeds(PAGE, '<p>No links</p>', { verify });
    expect(found.map((f) => f.feedUrl)).toEqual(['https://www.example.com/rss']);
    expect(asked).toHaveLength(4); // one batch: /blog/feed, /feed, /blog/rss, /rss
  });

  it('does not guess when the page declares feeds, and keeps to the budget of fetches', async () => {
    const { verify, asked } = stubVerifier({});
    expect(await discoverFeeds(PAGE, '<p>nothing</p>', { verify, maxChecks: 6 })).toEqual([]);
    expect(asked).toHaveLength(6);
    const declared = stubVerifier({ 'https://www.example.com/blog/a.xml': 'A' });
    await discoverFeeds(PAGE, '<link rel="alternate" type="application/rss+xml" href="a.xml">', {
      verify: declared.verify,
    });
    expect(declared.asked).toEqual(['https://www.example.com/blog/a.xml']);
  });

  it('merges candidates that redirect to the same feed, and survives a verifier that throws', async () => {
    const html =
      '<link rel="alternate" type="application/rss+xml" href="/a"><link rel="alternate" type="application/rss+xml" href="/b"><a href="/c.rss">c</a>';
    const verify: VerifyFeed = async (url) => {
      if (url.endsWith('/c.rss')) throw new Error('boom');
      return { url: 'https://www.example.com/feed', title: '', siteUrl: null };
    };
    expect(await discoverFeeds(PAGE, html, { verify })).toEqual([
      { feedUrl: 'https://www.example.com/feed', title: 'www.example.com', siteUrl: PAGE },
    ]);
  });
});

describe('discoverFeeds against real servers, with the real parser', () => {
  it('finds the RSS and Atom feeds a page declares, skipping a missing one and listing comments last', async () => {
    const page = `${upstream}/feeds/site/`;
    const html = await (await fetch(page)).text();
    const found = await discoverFeeds(page, html, { allowHosts });
    expect(found).toEqual([
      { feedUrl: `${upstream}/feeds/site/feed.xml`, title: 'Posts (RSS)', siteUrl: 'https://site.example/' },
      { feedUrl: `${upstream}/feeds/site/atom.xml`, title: 'Posts (Atom)', siteUrl: 'https://site.example/' },
      { feedUrl: `${upstream}/feeds/site/comments.xml`, title: 'Comments on A site', siteUrl: 'https://site.example/' },
    ]);
  });

  it('finds a feed at a well-known path', async () => {
    const page = `${upstream}/feeds/wk/`;
    const found = await discoverFeeds(page, await (await fetch(page)).text(), { allowHosts });
    expect(found.map((f) => f.feedUrl)).toEqual([`${upstream}/feeds/wk/index.xml`]);
  });

  it('finds nothing on a page without feeds', async () => {
    const page = `${upstream}/feeds/nofeed/`;
    expect(await discoverFeeds(page, await (await fetch(page)).text(), { allowHosts })).toEqual([]);
  });

  it('rejects an empty 200, an HTML page served as a feed, a private address and an unreachable host', async () => {
    const verify = fetchingVerifier(allowHosts);
    expect(await verify(`${upstream}/feeds/empty`)).toBeNull();
    expect(await verify(`${upstream}/feeds/html-as-feed`)).toBeNull();
    expect(await verify('http://169.254.169.254/latest/meta-data/')).toBeNull();
    expect(await verify(`${upstream}/feeds/redirect?to=${encodeURIComponent('http://127.0.0.1:1/feed')}`)).toBeNull();
    expect(await verify(`${upstream}/feeds/site/feed.xml`)).toEqual({
      url: `${upstream}/feeds/site/feed.xml`,
      title: 'Posts (RSS)',
      siteUrl: 'https://site.example/',
    });
  });

  it('never proposes a feed behind a private address, even when a page links one', async () => {
    const html =
      '<link rel="alternate" type="application/rss+xml" href="http://127.0.0.1:1/feed.xml"><link rel="alternate" type="application/rss+xml" href="http://[::1]/feed">';
    expect(await discoverFeeds('https://www.example.com/', html, { allowHosts, maxChecks: 2 })).toEqual([]);
  });

  it('sniffs HTML error pages cheaply', () => {
    expect(looksLikeFeed('\ufeff  <?xml version="1.0"?><rss>')).toBe(true);
    expect(looksLikeFeed('{"version": "https://jsonfeed.org/version/1.1"}')).toBe(true);
    expect(looksLikeFeed('<!DOCTYPE html><html>')).toBe(false);
    expect(looksLikeFeed(new Uint8Array())).toBe(false);
  });
});

describe('faviconFor', () => {
  const site = 'https://www.example.com/blog/';

  it('picks the declared icon nearest 32 px, resolved against the page', () => {
    const html = `<head>
      <link rel="apple-touch-icon" href="/apple-touch-icon.png">
      <link rel="icon" type="image/png" sizes="16x16" href="/favicon-16.png">
      <link rel="icon" type="image/png" sizes="48x48 96x96" href="/favicon-48.png">
      <link rel="icon" type="image/png" sizes="32x32" href="icons/favicon-32.png">
      <link rel="icon" type="image/png" sizes="192x192" href="/android-chrome.png"></head>`;
    expect(faviconFor(site, html)).toBe('https://www.example.com/blog/icons/favicon-32.png');
  });

  it('understands shortcut icon, sizes="any", apple-touch-icon as a last resort, and <base>', () => {
    expect(faviconFor(site, '<link rel="shortcut icon" href="/favicon.ico">')).toBe(
      'https://www.example.com/favicon.ico',
    );
    expect(
      faviconFor(site, '<link rel="apple-touch-icon" href="/t.png"><link rel="icon" href="i.svg" sizes="any">'),
    ).toBe('https://www.example.com/blog/i.svg');
    expect(faviconFor(site, '<link rel="apple-touch-icon" sizes="180x180" href="/t.png">')).toBe(
      'https://www.example.com/t.png',
    );
    expect(faviconFor(site, '<base href="https://cdn.example.net/"><link rel="icon" href="f.ico">')).toBe(
      'https://cdn.example.net/f.ico',
    );
  });

  it('falls back to the favicon service at 32 px', () => {
    const service = 'https://www.google.com/s2/favicons?domain=www.example.com&sz=32';
    expect(faviconFor(site)).toBe(service);
    expect(faviconFor(site, '<link rel="stylesheet" href="a.css">')).toBe(service);
    expect(
      faviconFor(site, '<link rel="icon" href="data:image/png;base64,AAAA"><link rel="icon" href="javascript:x">'),
    ).toBe(service);
    expect(faviconFor(site, '<link rel="mask-icon" href="/mask.svg">')).toBe(service);
  });
});

describe('nextCheckAt', () => {
  const now = Date.parse('2025-01-06T12:00:00Z');
  const minutes = (n: number) => n * 60 * 1000;
  const hours = (n: number) => n * minutes(60);
  const delayOf = (date: Date) => date.getTime() - now;
  const every = (gap: number, count: number) => Array.from({ length: count }, (_, i) => now - hours(1) - i * gap);

  it('checks twice per typical gap between posts (the median of the last ten)', () => {
    expect(delayOf(nextCheckAt({ now, itemDates: every(hours(4), 20) }))).toBe(hours(2));
    // One burst of posts does not move the median much.
    const bursty = [...every(hours(6), 10), now - hours(1) - minutes(1), now - hours(1) - minutes(2)];
    expect(delayOf(nextCheckAt({ now, itemDates: bursty }))).toBe(hours(3));
    expect(
      delayOf(nextCheckAt({ now: new Date(now), itemDates: every(hours(6), 5).map((t) => new Date(t).toISOString()) })),
    ).toBe(hours(3));
  });

  it('stays between 15 minutes and 24 hours', () => {
    expect(delayOf(nextCheckAt({ now, itemDates: every(minutes(2), 20) }))).toBe(MIN_INTERVAL_MS);
    expect(delayOf(nextCheckAt({ now, itemDates: every(hours(24 * 30), 20) }))).toBe(MAX_INTERVAL_MS);
    // All items with one date (a feed that stamps everything "now"), dates in the future, or none at all.
    expect(delayOf(nextCheckAt({ now, itemDates: Array(10).fill(now - hours(5)) }))).toBe(hours(2.5));
    expect(delayOf(nextCheckAt({ now, itemDates: [now + hours(48), 'not a date', null] }))).toBe(hours(1));
    expect(delayOf(nextCheckAt({ now, itemDates: [] }))).toBe(hours(1));
  });

  it('is never sooner than ttl, Cache-Control or Retry-After allow (up to a day)', () => {
    const itemDates = every(minutes(10), 20);
    expect(delayOf(nextCheckAt({ now, itemDates, ttlMinutes: 60 }))).toBe(hours(1));
    expect(delayOf(nextCheckAt({ now, itemDates, cacheControl: 'public, max-age=7200' }))).toBe(hours(2));
    expect(delayOf(nextCheckAt({ now, itemDates, cacheControl: 'max-age=600, s-maxage=3600' }))).toBe(hours(1));
    expect(delayOf(nextCheckAt({ now, itemDates, retryAfter: '5400' }))).toBe(minutes(90));
    expect(delayOf(nextCheckAt({ now, itemDates, retryAfter: 'Mon, 06 Jan 2025 15:00:00 GMT' }))).toBe(hours(3));
    expect(delayOf(nextCheckAt({ now, itemDates, cacheControl: 'max-age=31536000' }))).toBe(MAX_INTERVAL_MS);
  });

  it('backs off exponentially on errors, with ±10 % jitter, up to a day', () => {
    const at = (errorCount: number, random: number) =>
      delayOf(nextCheckAt({ now, itemDates: every(minutes(5), 20), errorCount, random: () => random }));
    expect(at(1, 0.5)).toBe(minutes(15));
    expect(at(2, 0.5)).toBe(minutes(30));
    expect(at(3, 0.5)).toBe(hours(1));
    expect(at(4, 0.999_999)).toBeCloseTo(hours(2) * 1.1, -3);
    expect(at(4, 0)).toBe(hours(2) * 0.9);
    expect(at(50, 0.5)).toBe(MAX_INTERVAL_MS);
    expect(at(50, 0)).toBe(MAX_INTERVAL_MS * 0.9);
    // Retry-After still wins when it asks for longer.
    expect(delayOf(nextCheckAt({ now, itemDates: [], errorCount: 1, retryAfter: '7200', random: () => 0.5 }))).toBe(
      hours(2),
    );
  });

  it('reads the header values', () => {
    expect(maxAgeSeconds('no-cache, max-age=600')).toBe(0);
    expect(maxAgeSeconds('max-age="120"')).toBe(120);
    expect(maxAgeSeconds('max-age=abc')).toBe(0);
    expect(maxAgeSeconds(null)).toBe(0);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Mon, 06 Jan 2025 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBe(0);
  });
});
