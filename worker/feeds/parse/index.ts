// parseFeed: bytes or text in, one ParsedFeed out, for RSS 0.90–2.0, RSS 1.0 (RDF), Atom 0.3/1.0 and JSON
// Feed 1.0/1.1. It decodes (decode.ts), detects the format (detect.ts) and hands over to one small parser
// per format. It is pure — no Workers or Node APIs — so it runs in workerd and in Node alike. Sanitising
// the HTML of summaries and content is left to the sanitiser; storing and trimming items to the refresher.
// At most MAX_ITEMS (5,000) items are read from one document, in document order, and every field is
// capped (limits.ts). Work and memory grow linearly with the document whatever it holds (issue 29;
// bench/parse-hostile.mjs measures the hostile shapes at the refresh's 4 MiB cap).

import { parseAtom } from './atom';
import { decodeFeedBytes } from './decode';
import { detectJson, detectXml } from './detect';
import { parseJsonFeed } from './json-feed';
import { capFeed, cleanText } from './limits';
import { parseRdf } from './rdf';
import { parseRss } from './rss';
import { FeedParseError, type ParsedFeed } from './types';
import { parseXml } from './xml';

export type { FeedFormat, ParsedEnclosure, ParsedFeed, ParsedItem } from './types';
export { FeedParseError, MAX_ITEMS } from './types';

/**
 * The Accept header of every feed fetch (refresh, follow, discovery): the formats parseFeed reads, best
 * first, then anything, since many servers label feeds text/xml or text/plain (RFC 9110 §12.5.1).
 */
export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, ' +
  'application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

export function parseFeed(input: string | Uint8Array, url?: string, httpCharset?: string): ParsedFeed {
  // Text and bytes are cleaned the same way (limits.ts), and every field comes out within its cap.
  // TextDecoder already turns bytes that encode a lone surrogate into U+FFFD; text may still hold one.
  const text =
    typeof input === 'string' ? cleanText(input, true) : cleanText(decodeFeedBytes(input, httpCharset), false);
  return capFeed(readFeed(text, url));
}

function readFeed(text: string, url: string | undefined): ParsedFeed {
  const start = firstNonSpace(text);
  if (start === -1) throw new FeedParseError('The feed is empty');
  if (text.charCodeAt(start) === 123) {
    const detected = detectJson(text);
    if ('json' in detected) return withTitle(parseJsonFeed(detected.json, url), url);
  }
  const detected = detectXml(parseXml(start === 0 ? text : text.slice(start)));
  if ('json' in detected) return withTitle(parseJsonFeed(detected.json, url), url);
  switch (detected.format) {
    case 'atom':
      return withTitle(parseAtom(detected.root, url), url);
    case 'rss-rdf':
      return withTitle(parseRdf(detected.root, url), url);
    default:
      return withTitle(parseRss(detected.root, url), url);
  }
}

function firstNonSpace(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Whitespace, the BOM (U+FEFF) and NULs left over from a wrong UTF-16 guess.
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9 && c !== 0xfeff && c !== 0) return i;
  }
  return -1;
}

/** A feed without a title still needs a name people can read: its site's host, else the feed URL's. */
function withTitle(feed: ParsedFeed, url: string | undefined): ParsedFeed {
  if (feed.title !== '') return feed;
  const host = hostOf(feed.link) ?? hostOf(url);
  return host ? { ...feed, title: host } : feed;
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
