import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createUrlFetcher } from '../net/fetcher';
import {
  discoverFeeds,
  fetchingVerifier,
  findFeedLinks,
  looksLikeFeed,
  type VerifyFeed,
  wellKnownFeedUrls,
} from './discover';

const fetcher = createUrlFetcher(env.FETCH_ALLOW_HOSTS);
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
    const found = await discoverFeeds(page, html, { fetcher });
    expect(found).toEqual([
      { feedUrl: `${upstream}/feeds/site/feed.xml`, title: 'Posts (RSS)', siteUrl: 'https://site.example/' },
      { feedUrl: `${upstream}/feeds/site/atom.xml`, title: 'Posts (Atom)', siteUrl: 'https://site.example/' },
      { feedUrl: `${upstream}/feeds/site/comments.xml`, title: 'Comments on A site', siteUrl: 'https://site.example/' },
    ]);
  });

  it('finds a feed at a well-known path', async () => {
    const page = `${upstream}/feeds/wk/`;
    const found = await discoverFeeds(page, await (await fetch(page)).text(), { fetcher });
    expect(found.map((f) => f.feedUrl)).toEqual([`${upstream}/feeds/wk/index.xml`]);
  });

  it('finds nothing on a page without feeds', async () => {
    const page = `${upstream}/feeds/nofeed/`;
    expect(await discoverFeeds(page, await (await fetch(page)).text(), { fetcher })).toEqual([]);
  });

  it('rejects an empty 200, an HTML page served as a feed, a private address and an unreachable host', async () => {
    const verify = fetchingVerifier(fetcher);
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
    expect(await discoverFeeds('https://www.example.com/', html, { fetcher, maxChecks: 2 })).toEqual([]);
  });

  it('sniffs HTML error pages cheaply', () => {
    expect(looksLikeFeed('\ufeff  <?xml version="1.0"?><rss>')).toBe(true);
    expect(looksLikeFeed('{"version": "https://jsonfeed.org/version/1.1"}')).toBe(true);
    expect(looksLikeFeed('<!DOCTYPE html><html>')).toBe(false);
    expect(looksLikeFeed(new Uint8Array())).toBe(false);
  });
});
