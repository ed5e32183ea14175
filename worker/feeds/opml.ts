// OPML 1.0/2.0 (http://opml.org/spec2.opml): reading a subscription list and writing ours.
// Nested outlines become categories (the innermost titled folder wins); any outline with an
// xmlUrl is a feed.
import { XMLParser } from 'fast-xml-parser';
import type { CategoryWithFeeds } from '../contracts/feeds';
import { escapeXml } from '../html/entities';

export type OpmlEntry = { url: string; title: string; category: string | null };
export const MAX_OPML_ENTRIES = 500;

type Outline = {
  '@_xmlUrl'?: string;
  '@_xmlurl'?: string;
  '@_title'?: string;
  '@_text'?: string;
  outline?: Outline | Outline[];
};

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export class OpmlError extends Error {}

export function parseOpml(text: string): OpmlEntry[] {
  if (!/<opml[\s>]/i.test(text)) throw new OpmlError('This file is not OPML: it has no <opml> element');
  const parser = new XMLParser({
    ignoreAttributes: false,
    processEntities: true,
    htmlEntities: true,
    // No DTD entities: an OPML file has no business declaring any (billion-laughs defence).
    ignoreDeclaration: true,
    ignorePiTags: true,
  });
  let document: { opml?: { body?: { outline?: Outline | Outline[] } } };
  try {
    document = parser.parse(text);
  } catch (error) {
    throw new OpmlError(`This OPML file could not be read: ${(error as Error).message}`);
  }
  const entries: OpmlEntry[] = [];
  const seen = new Set<string>();
  const walk = (outlines: Outline[], category: string | null) => {
    for (const outline of outlines) {
      const url = (outline['@_xmlUrl'] ?? outline['@_xmlurl'])?.trim();
      const title = (outline['@_title'] ?? outline['@_text'] ?? '').trim();
      if (url) {
        if (!seen.has(url) && entries.length < MAX_OPML_ENTRIES) {
          seen.add(url);
          entries.push({ url, title: title || url, category });
        }
      } else {
        walk(asArray(outline.outline), title || category);
      }
    }
  };
  walk(asArray(document.opml?.body?.outline), null);
  if (entries.length === 0) throw new OpmlError('This OPML file lists no feeds');
  return entries;
}

export function buildOpml(groups: CategoryWithFeeds[], ownerEmail: string, now = new Date()) {
  const feedLine = (feed: CategoryWithFeeds['feeds'][number], indent: string) =>
    `${indent}<outline type="rss" text="${escapeXml(feed.name)}" title="${escapeXml(feed.name)}" xmlUrl="${escapeXml(feed.url)}"${feed.websiteUrl ? ` htmlUrl="${escapeXml(feed.websiteUrl)}"` : ''}/>`;
  const body = groups
    .flatMap((group) =>
      group.id === null
        ? group.feeds.map((feed) => feedLine(feed, '    '))
        : [
            `    <outline text="${escapeXml(group.name)}" title="${escapeXml(group.name)}">`,
            ...group.feeds.map((feed) => feedLine(feed, '      ')),
            '    </outline>',
          ],
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>Feedloom subscriptions</title>
    <dateCreated>${now.toUTCString()}</dateCreated>
    <ownerEmail>${escapeXml(ownerEmail)}</ownerEmail>
  </head>
  <body>
${body}
  </body>
</opml>
`;
}
