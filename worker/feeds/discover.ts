// Feed discovery for a web page someone typed instead of a feed URL. Candidates come in tiers: the feeds
// the page declares (<link rel="alternate"> with a feed type, the RSS Autodiscovery convention and
// HTML §4.6.7.1), then feed: links and <a> links with feed-like paths, and only when those yield nothing,
// the well-known paths blog engines use (/feed, /rss, /atom.xml …). Every candidate is verified by
// fetching it and finding a feed, within a fixed budget of fetches, two at a time, each body at most
// CANDIDATE_MAX_BYTES: discovery's memory stays a few MB however many candidates a page names (issue 10).
// Fetching the page itself, choosing among the results and subscribing are the caller's job.

import { descendants, documentBase, parseHtml } from '../html/html-tree';
import { createUrlFetcher, type UrlFetcher } from '../net/fetcher';
import { FEED_ACCEPT, parseFeed } from './parse';
import { wellKnownFeedUrlsUnder } from './well-known-paths';

export type DiscoveredFeed = { feedUrl: string; title: string; siteUrl: string };
/** What a verified candidate turned out to be: its final URL (after redirects), title and site. */
export type FeedCheck = { url?: string; title: string; siteUrl?: string | null };
export type VerifyFeed = (url: string) => Promise<FeedCheck | null>;

export type DiscoverOptions = {
  /** Decides whether a URL is a feed; defaults to fetching it with safeFetch and parsing it. */
  verify?: VerifyFeed;
  /** The fetcher for the default verifier (services.ts); without one, no host is exempt. */
  fetcher?: UrlFetcher;
  /** Most candidate URLs fetched in all (default DISCOVERY_MAX_CHECKS). */
  maxChecks?: number;
  /** Stop at the first feed found, in any tier (a caller that follows one feed needs no more). */
  firstOnly?: boolean;
};

/** Candidates fetched in all by default: Workers allow 50 subrequests per request on the free plan. */
export const DISCOVERY_MAX_CHECKS = 16;
/**
 * A candidate's body is read up to this much: a feed found by discovery is stored from it, so it must
 * hold a real feed, but a quarter of a whole feed's cap (FEED_MAX_BYTES) keeps discovery small.
 */
export const CANDIDATE_MAX_BYTES = 1024 * 1024;

/** Linked candidates kept from one page: a page may list dozens of category feeds. */
export const MAX_LINKED_CANDIDATES = 10;
/** Candidates verified at once: what discovery holds in memory is at most this many candidate bodies. */
export const DISCOVERY_PARALLEL = 2;

/** RSS, Atom, JSON Feed and RDF media types as pages declare them, in order of preference. */
const FEED_TYPES = [
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/rdf+xml',
  'application/x-rss+xml',
  'application/x-atom+xml',
  'text/xml',
  'application/xml',
  'application/json',
];

const FEED_QUERY = /[?&]feed=(?:rss2?|atom)\b/i;
const FEED_LIKE_PATH =
  /(?:\/(?:feed|rss|atom)(?:\/|\.xml|\.rss|\.atom|\.json)?|\.(?:rss|atom|rdf)|(?:rss|atom|feed|index)\.xml|\/feeds\/posts\/default)$/i;
const looksLikeFeedPath = (url: URL) => FEED_LIKE_PATH.test(url.pathname) || FEED_QUERY.test(url.search);

export async function discoverFeeds(
  pageUrl: string,
  html: string,
  options: DiscoverOptions = {},
): Promise<DiscoveredFeed[]> {
  const verify = options.verify ?? fetchingVerifier(options.fetcher ?? createUrlFetcher(''));
  let budget = options.maxChecks ?? DISCOVERY_MAX_CHECKS;
  const checked = new Set<string>();
  const found = new Map<string, DiscoveredFeed>();

  const check = async (candidates: string[], stopAtFirstHit: boolean) => {
    const queue = candidates.filter((url) => !checked.has(url));
    while (queue.length > 0 && budget > 0) {
      const batch = queue.splice(0, Math.min(DISCOVERY_PARALLEL, budget));
      budget -= batch.length;
      for (const url of batch) checked.add(url);
      const results = await Promise.all(batch.map((url) => verify(url).catch(() => null)));
      results.forEach((result, i) => {
        const url = batch[i];
        if (!result || !url) return;
        const feedUrl = result.url ?? url;
        if (!found.has(feedUrl)) {
          found.set(feedUrl, { feedUrl, title: result.title || hostOf(feedUrl), siteUrl: result.siteUrl || pageUrl });
        }
      });
      if (stopAtFirstHit && found.size > 0) return;
    }
  };

  await check(findFeedLinks(html, pageUrl), options.firstOnly ?? false);
  // Guessing costs a fetch per path: only when the page names no feed, and only until one answers.
  if (found.size === 0) await check(wellKnownFeedUrls(pageUrl), true);
  return [...found.values()];
}

/** The feeds a page links to, best first: declared alternates, then feed: and feed-like links. */
export function findFeedLinks(html: string, pageUrl: string): string[] {
  const root = parseHtml(html);
  const base = documentBase(root, pageUrl);
  const declared: { url: string; rank: number }[] = [];
  const linked: string[] = [];
  for (const el of descendants(root)) {
    if (el.name !== 'link' && el.name !== 'a') continue;
    const href = el.attrs.get('href');
    if (!href) continue;
    const rel = (el.attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    const type = (el.attrs.get('type') ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
    const typeRank = FEED_TYPES.indexOf(type);
    const url = feedUrlOf(href, base);
    if (url === null) continue;
    if (rel.includes('alternate') && typeRank !== -1) {
      // Comment feeds are feeds too, but rarely the one people mean (WordPress lists them second).
      const comments = /comment/i.test(`${el.attrs.get('title') ?? ''} ${url}`);
      declared.push({ url, rank: typeRank + (comments ? FEED_TYPES.length : 0) });
    } else if (/^\s*feed:/i.test(href) || (el.name === 'a' && looksLikeFeedPath(new URL(url)))) {
      linked.push(url);
    }
  }
  const ordered = [...declared.sort((a, b) => a.rank - b.rank).map((d) => d.url), ...linked];
  return [...new Set(ordered)].slice(0, MAX_LINKED_CANDIDATES);
}

/** The well-known feed locations for a page: under its directory (a blog at /blog/), then the root. */
export function wellKnownFeedUrls(pageUrl: string): string[] {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return [];
  }
  return wellKnownFeedUrlsUnder([...new Set([new URL('./', page).href, new URL('/', page).href])]);
}

/** An http(s) URL for a link, with the feed: pseudo-scheme unwrapped (feed://host/x, feed:https://…). */
function feedUrlOf(href: string, base: string): string | null {
  let text = href.trim();
  if (/^feed:\/\//i.test(text)) text = `http://${text.slice(7)}`;
  else if (/^feed:/i.test(text)) text = text.slice(5);
  try {
    const url = new URL(text, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** The default verifier: fetch through safeFetch and see whether our parser reads a feed. */
export function fetchingVerifier(fetcher: UrlFetcher, timeoutMs = 10_000): VerifyFeed {
  return async (url) => {
    try {
      const response = await fetcher.fetch(url, { accept: FEED_ACCEPT, timeoutMs, maxBytes: CANDIDATE_MAX_BYTES });
      if (response.status < 200 || response.status > 299 || !looksLikeFeed(response.body)) return null;
      const feed = parseFeed(response.body, response.url, response.charset ?? undefined);
      return { url: response.url, title: feed.title, siteUrl: feed.link };
    } catch {
      return null;
    }
  };
}

/** A cheap first look: not empty and not an HTML page (servers answer unknown paths with their 404 page). */
export function looksLikeFeed(body: Uint8Array | string): boolean {
  const head = typeof body === 'string' ? body.slice(0, 512) : new TextDecoder().decode(body.subarray(0, 512));
  const start = head
    .replace(/^[\s\ufeff\0]+/, '')
    .slice(0, 64)
    .toLowerCase();
  return start !== '' && !start.startsWith('<!doctype html') && !start.startsWith('<html');
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
