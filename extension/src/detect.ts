// Finds the feeds a page offers, without touching the network: the page itself when it is a feed,
// its `<link rel="alternate">` feed links, and `feed:` links. Pure, so it runs the same in the content
// script (on the live document) and in tests (on saved HTML). Probing well-known paths is on demand
// and lives in well-known.ts; showing the results is popup-view.ts's job.

import { wellKnownFeedUrlsUnder } from '../../worker/feeds/well-known-paths';
import {
  type FeedType,
  feedTypeOfMediaType,
  feedTypeOfRootName,
  feedTypeOfXmlText,
  isJsonFeedText,
  mediaType,
  sniffFeedTitle,
  sniffFeedType,
} from './feed-sniff';

export interface DetectedFeed {
  /** Absolute http(s) URL, without fragment. */
  url: string;
  /** Plain text, single line, at most MAX_TITLE_LENGTH characters. Never markup. */
  title: string;
  type: FeedType;
}

/** A page with thousands of feed links gets the first 50: more would not help anyone choose. */
export const MAX_FEEDS = 50;
export const MAX_TITLE_LENGTH = 200;

export const FEED_TYPE_LABELS: Record<FeedType, string> = {
  rss: 'RSS',
  atom: 'Atom',
  json: 'JSON Feed',
  rdf: 'RDF',
  unknown: 'Feed',
};

// The media types feed autodiscovery uses (RSS Advisory Board's RSS Autodiscovery; RFC 4287 §7.1 for
// Atom; JSON Feed 1.1 "Discovery"). text/xml and application/json are generic, but old sites and
// JSON Feed's first publishers use them on alternate links.
const LINK_TYPES: Record<string, FeedType> = {
  'application/rss+xml': 'rss',
  'application/atom+xml': 'atom',
  'application/feed+json': 'json',
  'application/json': 'json',
  'application/rdf+xml': 'rdf',
  'text/xml': 'unknown',
};

// Bidirectional overrides would let a hostile title display reversed or spoof the URL beside it.
const UNSAFE_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** One line of plain text, at most MAX_TITLE_LENGTH characters, or the fallback when empty. */
export function cleanTitle(raw: string | null | undefined, fallback: string): string {
  const text = (raw ?? '')
    .slice(0, MAX_TITLE_LENGTH * 4)
    .replace(UNSAFE_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return fallback;
  const characters = Array.from(text);
  if (characters.length <= MAX_TITLE_LENGTH) return text;
  return `${characters
    .slice(0, MAX_TITLE_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

export function fallbackTitle(type: FeedType): string {
  return type === 'json' ? 'JSON Feed' : `${FEED_TYPE_LABELS[type]} feed`;
}

/**
 * An absolute http(s) URL for a link's href, or null. `feed:` URLs (an old Apple and Firefox scheme) come
 * as `feed://host/path`, meaning http, or `feed:https://host/path` wrapping the real URL.
 */
export function resolveFeedUrl(href: string, baseUrl: string): string | null {
  let raw = href.trim();
  if (/^feed:/i.test(raw)) {
    raw = raw.slice('feed:'.length);
    if (raw.startsWith('//')) raw = `http:${raw}`;
    else if (!/^https?:/i.test(raw)) return null;
  }
  try {
    const url = new URL(raw, baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

// WordPress adds `<link rel="alternate" type="application/json">` to every page for its REST API: a
// post's JSON, not a feed. Without this, every WordPress page would show a bogus feed.
function isWordPressRestUrl(url: string): boolean {
  const parsed = new URL(url);
  return parsed.pathname.includes('/wp-json/') || parsed.searchParams.has('rest_route');
}

function relTokens(element: Element): string[] {
  return (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** `<base href>` changes what relative links mean (HTML §4.2.3); the page URL otherwise. */
function baseUrlOf(doc: Document, pageUrl: string): string {
  const href = doc.querySelector('base[href]')?.getAttribute('href');
  if (href) {
    try {
      return new URL(href, pageUrl).href;
    } catch {}
  }
  return pageUrl;
}

function childElement(parent: Element | null | undefined, localName: string): Element | null {
  if (!parent) return null;
  for (const child of Array.from(parent.children)) {
    if (child.localName.toLowerCase() === localName) return child;
  }
  return null;
}

/** The channel's title (RSS 0.9x–2.0, RSS 1.0) or the feed's own title (Atom), not an entry's. */
function rootTitle(root: Element, type: FeedType): string {
  const owner = type === 'atom' ? root : childElement(root, 'channel');
  return childElement(owner, 'title')?.textContent ?? '';
}

// Chromium shows an XML document in a viewer that replaces it with XHTML and keeps the original
// elements in this hidden container; Firefox keeps the document as it is.
const CHROMIUM_XML_SOURCE = 'webkit-xml-viewer-source-xml';

/** Media types a browser shows as plain text: Chromium renders application/rss+xml and friends as text/plain. */
const TEXT_DOCUMENT_TYPES = new Set(['text/plain', 'application/json', 'application/feed+json']);

/** The text a browser shows for a text document (in a <pre>), at most 1 MB of it. */
function bodyText(doc: Document): string {
  return (doc.body?.textContent ?? doc.documentElement?.textContent ?? '').slice(0, 1_000_000);
}

/** The page itself as a feed: by its root element (or Chromium's copy of it), its shown text, or its media type. */
function detectSelf(doc: Document, pageUrl: string): DetectedFeed | null {
  const url = resolveFeedUrl(pageUrl, pageUrl);
  if (!url) return null;
  const contentType = mediaType(doc.contentType);
  // An HTML document's root is always <html>, so only an XML document can be a feed by its root.
  const isXml = contentType.endsWith('/xml') || contentType.endsWith('+xml');
  const root = (isXml ? doc.getElementById(CHROMIUM_XML_SOURCE)?.firstElementChild : null) ?? doc.documentElement;
  const rootType = root ? feedTypeOfRootName(root.nodeName) : null;
  if (root && rootType) {
    return { url, title: cleanTitle(rootTitle(root, rootType), fallbackTitle(rootType)), type: rootType };
  }

  const text = TEXT_DOCUMENT_TYPES.has(contentType) ? bodyText(doc) : '';
  const type = (text ? sniffFeedType(null, text) : null) ?? feedTypeOfMediaType(contentType);
  if (!type) return null;
  return { url, title: cleanTitle(text ? sniffFeedTitle(type, text) : '', fallbackTitle(type)), type };
}

function* linkCandidates(doc: Document, baseUrl: string): Generator<DetectedFeed> {
  for (const link of Array.from(doc.querySelectorAll('link[href]'))) {
    const rel = relTokens(link);
    // rel="alternate stylesheet" is an alternative style sheet (HTML §4.6.7.1), never a feed.
    if (!rel.includes('alternate') || rel.includes('stylesheet')) continue;
    const href = link.getAttribute('href') ?? '';
    // An empty href would resolve to the page itself.
    if (!href.trim()) continue;
    const declared = mediaType(link.getAttribute('type'));
    const type = LINK_TYPES[declared] ?? (declared === '' && /^\s*feed:/i.test(href) ? 'unknown' : null);
    if (!type) continue;
    const url = resolveFeedUrl(href, baseUrl);
    if (!url || (declared === 'application/json' && isWordPressRestUrl(url))) continue;
    yield { url, title: cleanTitle(link.getAttribute('title'), fallbackTitle(type)), type };
  }
  for (const anchor of Array.from(doc.querySelectorAll('a[href]'))) {
    const href = anchor.getAttribute('href') ?? '';
    if (!/^\s*feed:/i.test(href)) continue;
    const url = resolveFeedUrl(href, baseUrl);
    if (!url) continue;
    const text = anchor.getAttribute('title') || anchor.textContent;
    yield { url, title: cleanTitle(text, fallbackTitle('unknown')), type: 'unknown' };
  }
}

/** Parses saved or fetched text: a feed document as XML, anything else as HTML. */
function parseSource(source: string): Document {
  const parser = new DOMParser();
  if (feedTypeOfXmlText(source)) return parser.parseFromString(source.replace(/^\uFEFF/, ''), 'application/xml');
  if (isJsonFeedText(source)) {
    const doc = parser.parseFromString('<!doctype html><html><body><pre></pre></body></html>', 'text/html');
    const pre = doc.querySelector('pre');
    if (pre) pre.textContent = source;
    return Object.defineProperty(doc, 'contentType', { value: 'application/json' });
  }
  return parser.parseFromString(source, 'text/html');
}

/** The feeds a page offers, in page order, without duplicates, at most MAX_FEEDS. */
export function detectFeeds(source: Document | string, pageUrl: string): DetectedFeed[] {
  const doc = typeof source === 'string' ? parseSource(source) : source;
  const self = detectSelf(doc, pageUrl);
  // A feed's own <link rel="alternate"> points at its website, so a feed stops here.
  if (self) return [self];
  return mergeFeeds([], linkCandidates(doc, baseUrlOf(doc, pageUrl)));
}

/** Appends feeds whose URL is not there yet, up to MAX_FEEDS. */
export function mergeFeeds(existing: readonly DetectedFeed[], more: Iterable<DetectedFeed>): DetectedFeed[] {
  const merged = existing.slice(0, MAX_FEEDS);
  const seen = new Set(merged.map((feed) => feed.url));
  for (const feed of more) {
    if (merged.length >= MAX_FEEDS) break;
    if (seen.has(feed.url)) continue;
    seen.add(feed.url);
    merged.push(feed);
  }
  return merged;
}

/** The well-known feed locations of the page's site: the list the Worker's discovery uses too. */
export function wellKnownCandidates(pageUrl: string): string[] {
  let origin: string;
  try {
    const url = new URL(pageUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    origin = url.origin;
  } catch {
    return [];
  }
  return wellKnownFeedUrlsUnder([`${origin}/`]);
}
