// Adapters that present the npm feed parsers' output in the shape of our ParsedFeed, so the conformance
// set (worker/feeds/parse/conformance.ts) scores them on the same cases as ours. Each maps only what the
// library exposes; a field it lacks stays null. Dates that a library leaves as text go through
// `new Date(text)`, as an application using that library would have to.
import { parseFeed as rowanmanningParse } from '@rowanmanning/feed-parser';
import { parseFeed as feedsmithParse } from 'feedsmith';
import RssParser from 'rss-parser';

const first = (...values) => values.find((v) => v !== undefined && v !== null && v !== '') ?? null;
const text = (v) =>
  v === undefined || v === null ? null : typeof v === 'object' ? first(v.value, v._, v.name, v.href, v.url) : String(v);
const iso = (v) => {
  if (v === undefined || v === null || v === '') return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const list = (v) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const numberOrNull = (v) => (v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v));

function altLink(links) {
  const all = list(links);
  const alt =
    all.find((l) => !l.rel || l.rel === 'alternate') ?? all.find((l) => l.rel !== 'self' && l.rel !== 'enclosure');
  return alt ? text(alt.href ?? alt) : null;
}

/** feedsmith: parseFeed(text) → { format, feed }, namespaces under feed.dc, feed.content, feed.media … */
export function parseWithFeedsmith(xml) {
  const { format, feed } = feedsmithParse(xml);
  if (format === 'json') {
    return {
      format: 'json-feed',
      title: text(feed.title) ?? '',
      link: first(feed.home_page_url),
      description: first(feed.description),
      language: first(feed.language),
      image: first(feed.icon, feed.favicon),
      items: list(feed.items).map((i) => ({
        id: i.id === undefined ? null : String(i.id),
        title: text(i.title) ?? '',
        link: first(i.url, i.external_url),
        summary: first(i.summary),
        content: first(i.content_html, i.content_text),
        author: first(list(i.authors)[0]?.name, i.author?.name),
        published: iso(i.date_published),
        updated: iso(i.date_modified),
        enclosures: list(i.attachments).map((a) => ({
          url: a.url,
          type: first(a.mime_type),
          length: numberOrNull(a.size_in_bytes),
        })),
        categories: list(i.tags).map(String),
      })),
    };
  }
  if (format === 'atom') {
    return {
      format: 'atom',
      title: text(feed.title) ?? '',
      link: altLink(feed.links),
      description: text(feed.subtitle),
      language: first(feed.xml?.lang, feed.lang),
      image: first(feed.logo, feed.icon),
      items: list(feed.entries).map((e) => ({
        id: first(e.id),
        title: text(e.title) ?? '',
        link: altLink(e.links),
        summary: text(e.summary),
        content: text(e.content),
        author: first(list(e.authors)[0]?.name),
        published: iso(first(e.published, e.issued, e.created)),
        updated: iso(first(e.updated, e.modified)),
        enclosures: list(e.links)
          .filter((l) => l.rel === 'enclosure')
          .map((l) => ({ url: l.href, type: first(l.type), length: numberOrNull(l.length) })),
        categories: list(e.categories).map((c) => first(c.term, c.label)),
      })),
    };
  }
  return {
    format: format === 'rdf' ? 'rss-rdf' : 'rss',
    title: first(text(feed.title), list(feed.dc?.titles)[0]) ?? '',
    link: first(feed.link),
    description: first(feed.description, list(feed.dc?.descriptions)[0]),
    language: first(feed.language, list(feed.dc?.languages)[0]),
    image: first(feed.image?.url, feed.itunes?.image),
    items: list(feed.items).map((i) => ({
      id: first(text(i.guid), i.rdf?.about),
      title: first(text(i.title), list(i.dc?.titles)[0]) ?? '',
      link: first(i.link, i.guid?.isPermaLink !== false ? text(i.guid) : null),
      summary: first(i.description, list(i.dc?.descriptions)[0]),
      content: first(i.content?.encoded),
      author: first(
        list(i.authors)[0]?.name,
        typeof list(i.authors)[0] === 'string' ? list(i.authors)[0] : null,
        list(i.dc?.creators)[0],
      ),
      published: iso(first(i.pubDate, list(i.dc?.dates)[0])),
      updated: iso(first(list(i.dc?.dates)[0])),
      enclosures: list(i.enclosures).map((e) => ({ url: e.url, type: first(e.type), length: numberOrNull(e.length) })),
      categories: list(i.categories).map((c) => text(c)),
    })),
  };
}

const rssParser = new RssParser();

/** rss-parser: async parseString(text) → { title, link, items: [{ title, link, isoDate, content … }] } */
export async function parseWithRssParser(xml) {
  const feed = await rssParser.parseString(xml);
  return {
    format: 'unknown',
    title: text(feed.title) ?? '',
    link: first(feed.link),
    description: first(feed.description),
    language: first(feed.language),
    image: first(feed.image?.url, feed.itunes?.image),
    items: list(feed.items).map((i) => ({
      id: first(i.guid, i.id),
      title: text(i.title) ?? '',
      link: first(i.link),
      summary: first(i.summary, i.content),
      content: first(i['content:encoded'], i.content),
      author: first(i.creator, i.author),
      published: iso(first(i.isoDate, i.pubDate)),
      updated: iso(first(i.isoDate, i.pubDate)),
      enclosures: i.enclosure
        ? [{ url: i.enclosure.url, type: first(i.enclosure.type), length: numberOrNull(i.enclosure.length) }]
        : [],
      categories: list(i.categories).map((c) => text(c)),
    })),
  };
}

/** @rowanmanning/feed-parser: parseFeed(text) → Feed with items carrying Date objects and media. */
export function parseWithRowanmanning(xml) {
  const feed = rowanmanningParse(xml);
  return {
    format: 'unknown',
    title: feed.title ?? '',
    link: first(feed.url),
    description: first(feed.description),
    language: first(feed.language),
    image: first(feed.image?.url),
    items: list(feed.items).map((i) => ({
      id: first(i.id),
      title: i.title ?? '',
      link: first(i.url),
      summary: first(i.description),
      content: first(i.content),
      author: first(list(i.authors)[0]?.name),
      published: iso(i.published),
      updated: iso(i.updated),
      enclosures: list(i.media).map((m) => ({ url: m.url, type: first(m.mimeType), length: numberOrNull(m.length) })),
      categories: list(i.categories).map((c) => first(c.label, c.term)),
    })),
  };
}

export const ADAPTERS = {
  feedsmith: parseWithFeedsmith,
  'rss-parser': parseWithRssParser,
  '@rowanmanning/feed-parser': parseWithRowanmanning,
};
