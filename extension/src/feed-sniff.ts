// Recognises a feed from what a server or browser shows of it: its media type, the root element of its
// XML text, or a JSON Feed's version; and reads its title from the first bytes. Shared by page detection
// (detect.ts) and well-known path probing (well-known.ts).

export type FeedType = 'rss' | 'atom' | 'json' | 'rdf' | 'unknown';

/** Types that make a document a feed by themselves, whatever its body. */
const FEED_DOCUMENT_TYPES: Record<string, FeedType> = {
  'application/rss+xml': 'rss',
  'application/atom+xml': 'atom',
  'application/feed+json': 'json',
  'application/rdf+xml': 'rdf',
};

/** The lower-cased media type without parameters: "Application/RSS+XML; charset=utf-8" → "application/rss+xml". */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function feedTypeOfMediaType(contentType: string | null | undefined): FeedType | null {
  return FEED_DOCUMENT_TYPES[mediaType(contentType)] ?? null;
}

// Skips a BOM, the XML declaration, processing instructions (xml-stylesheet), comments and a doctype,
// then captures the root element's name. Each alternative starts differently and whitespace is taken
// one character at a time, so a hostile text cannot make the match backtrack exponentially.
const ROOT_ELEMENT =
  /^\uFEFF?(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*<([A-Za-z_][\w.:-]*)/;
/** A prolog longer than this is not worth reading on: the root element comes first in any real feed. */
const PROLOG_LIMIT = 64 * 1024;

/** The feed format of an XML text judged by its root element, or null when it is not a feed. */
export function feedTypeOfXmlText(text: string): FeedType | null {
  const name = ROOT_ELEMENT.exec(text.slice(0, PROLOG_LIMIT))?.[1];
  return name ? feedTypeOfRootName(name) : null;
}

export function feedTypeOfRootName(name: string): FeedType | null {
  const local = (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
  if (local === 'rss') return 'rss';
  if (local === 'feed') return 'atom';
  // RSS 1.0 is an RDF document: <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">.
  if (name.toLowerCase() === 'rdf:rdf') return 'rdf';
  return null;
}

// JSON Feed 1.x requires a top-level "version" of https://jsonfeed.org/version/1 or /1.1.
const JSON_FEED_VERSION = /"version"\s*:\s*"https?:\/\/jsonfeed\.org\/version\//;

export function isJsonFeedText(text: string): boolean {
  return text.trimStart().startsWith('{') && JSON_FEED_VERSION.test(text);
}

/** The title of a JSON Feed text, even a truncated one, or ''. */
export function jsonFeedTitle(text: string): string {
  const match = /"title"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text);
  if (!match) return '';
  try {
    const value: unknown = JSON.parse(`"${match[1]}"`);
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

/** The feed format of a response judged by its Content-Type, then by its first bytes. */
export function sniffFeedType(contentType: string | null, body: string): FeedType | null {
  const byType = feedTypeOfMediaType(contentType);
  if (byType) return byType;
  // An HTML page (a soft 404, a blog's home page) is never a feed, whatever it contains.
  if (mediaType(contentType) === 'text/html') return null;
  if (isJsonFeedText(body)) return 'json';
  return feedTypeOfXmlText(body);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(text);
  if (cdata) return cdata[1] ?? '';
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? whole;
    const code =
      entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The feed's own title from its first bytes: the first <title> (the channel's or feed's), or JSON's "title". */
export function sniffFeedTitle(type: FeedType, body: string): string {
  if (type === 'json') return jsonFeedTitle(body);
  const match = /<(?:[\w-]+:)?title\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?title>/i.exec(body);
  return match?.[1] ? decodeXmlText(match[1]) : '';
}
