// Which format is this document? JSON Feed by a leading "{", XML feeds by their root element: <rss>
// (with or without a version), <rdf:RDF>, <feed> (Atom 0.3 and 1.0). Anything else gets a FeedParseError
// whose message says what the URL returned instead, since people read it when adding a feed.

import { isJsonFeed } from './json-feed';
import { type FeedFormat, FeedParseError } from './types';
import type { XmlDocument, XmlElement } from './xml';

export type Detected = { format: FeedFormat; root: XmlElement } | { format: 'json-feed'; json: unknown };

const ROOTS: Record<string, FeedFormat> = {
  rss: 'rss',
  channel: 'rss',
  'rdf:RDF': 'rss-rdf',
  RDF: 'rss-rdf',
  feed: 'atom',
};

export function detectJson(text: string): Detected {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FeedParseError('The feed looks like JSON but is not valid JSON');
  }
  if (!isJsonFeed(json)) throw new FeedParseError('This URL returned JSON that is not a JSON Feed');
  return { format: 'json-feed', json };
}

export function detectXml(doc: XmlDocument): Detected {
  const root = findFeedRoot(doc.root, 0);
  if (root) {
    if (!root.children.some((node) => typeof node !== 'string')) {
      throw new FeedParseError(
        doc.truncated
          ? 'The feed is truncated: it ends before any of its content'
          : 'The feed is empty: it has no channel, entries or items',
      );
    }
    return { format: ROOTS[root.name] ?? 'rss', root };
  }
  if (doc.looksLikeHtml || /^(html|head|body)$/i.test(doc.root?.name ?? '')) {
    throw new FeedParseError('This URL returned an HTML page, not a feed');
  }
  if (doc.root === null) throw new FeedParseError('This URL did not return a feed: the document has no XML content');
  throw new FeedParseError(
    `This URL did not return a feed: the document is <${doc.root.name}>, not RSS, Atom or JSON Feed`,
  );
}

/** The root, or a feed element wrapped a level or two down (some servers wrap feeds in junk elements). */
function findFeedRoot(el: XmlElement | null, depth: number): XmlElement | null {
  if (el === null) return null;
  if (ROOTS[el.name] !== undefined) return el;
  if (depth >= 2) return null;
  for (const node of el.children) {
    if (typeof node === 'string' || node.name === 'html' || node.name === 'body') continue;
    const found = findFeedRoot(node, depth + 1);
    if (found) return found;
  }
  return null;
}
