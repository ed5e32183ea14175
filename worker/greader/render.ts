// Items as Google Reader clients read them: the JSON of stream/contents and stream/items/contents, and
// the Atom entries of reader/atom (the form FeedHQ and The Old Reader serve, which newsboat reads: the
// read and starred state travel as categories in Google's scheme). Titles are plain text (a title is
// stored as text: "Architect & Designer", "1 < 2"), so they go as type="text", escaped once for XML:
// as type="html" a reader renders them as HTML and "&amp; Designer" or "< 2" vanish (issue 27 §6).
import type { FeedItem } from '../contracts/feeds';
import { escapeText, escapeXml as xml } from '../html/entities';
import { feedStreamId, labelStreamId, longItemId, STATE } from './ids';
import type { ReaderSubscriptions } from './subscriptions';

export type RenderContext = {
  subscriptions: ReaderSubscriptions;
  /**
   * Atom entries of the starred stream carry the item's short (decimal) id: newsboat keys its cache on
   * an entry's id alone, so the same id in its "Starred items" feed would move the item out of its own
   * feed. Both forms name the item in edit-tag (ids.ts).
   */
  shortEntryIds?: boolean;
};

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The streams an item belongs to, as its `categories`. */
function categoriesOf(item: FeedItem, context: RenderContext) {
  const feed = context.subscriptions.byId.get(item.feedId);
  const categories: string[] = [STATE.readingList];
  if (feed?.label) categories.push(labelStreamId(feed.label));
  // Unread items are "fresh" (newsboat reads that as unread; kept-unread means marked unread by hand).
  categories.push(item.isRead ? STATE.read : STATE.fresh);
  if (item.isStarred) categories.push(STATE.starred);
  return categories;
}

const bodyOf = (item: FeedItem) => item.content || (item.description ? `<p>${escapeText(item.description)}</p>` : '');

export function itemJson(item: FeedItem, context: RenderContext) {
  const feed = context.subscriptions.byId.get(item.feedId);
  const published = seconds(item.pubDate);
  const crawled = Date.parse(item.createdAt);
  return {
    id: longItemId(item.id),
    crawlTimeMsec: String(crawled),
    // When the item arrived, as FreshRSS gives it: clients sync from it (ot, ts); published is its date.
    timestampUsec: String(crawled * 1000),
    published,
    updated: published,
    title: item.title,
    author: item.author ?? '',
    canonical: item.link ? [{ href: item.link }] : [],
    alternate: item.link ? [{ href: item.link, type: 'text/html' }] : [],
    categories: categoriesOf(item, context),
    origin: {
      streamId: feedStreamId(feed?.url ?? ''),
      title: feed?.name ?? item.source,
      htmlUrl: feed?.siteUrl ?? '',
    },
    summary: { direction: 'ltr', content: bodyOf(item) },
    // As FreshRSS and The Old Reader give them: podcast apps read the audio from here.
    ...(item.enclosures.length > 0
      ? {
          enclosure: item.enclosures.map((enclosure) => ({
            href: enclosure.url,
            ...(enclosure.type ? { type: enclosure.type } : {}),
            ...(enclosure.length !== null ? { length: enclosure.length } : {}),
          })),
        }
      : {}),
  };
}

/** RFC 4287 §4.2.7.2: an enclosure is a link with rel="enclosure", its type and length in bytes. */
const enclosureLinks = (item: FeedItem) =>
  item.enclosures
    .map(
      (enclosure) =>
        `<link rel="enclosure" href="${xml(enclosure.url)}"${enclosure.type ? ` type="${xml(enclosure.type)}"` : ''}${
          enclosure.length !== null ? ` length="${enclosure.length}"` : ''
        }/>`,
    )
    .join('');

function atomEntry(item: FeedItem, context: RenderContext) {
  const feed = context.subscriptions.byId.get(item.feedId);
  const categories = categoriesOf(item, context)
    .map((term) => {
      const label = term.slice(term.lastIndexOf('/') + 1);
      return `<category term="${xml(term)}" scheme="http://www.google.com/reader/" label="${xml(label)}"/>`;
    })
    .join('');
  const date = new Date(item.pubDate).toISOString();
  return `<entry gr:crawl-timestamp-msec="${Date.parse(item.createdAt)}">
<id>${context.shortEntryIds ? String(item.id) : longItemId(item.id)}</id>${categories}
<title type="text">${xml(item.title)}</title>
<published>${date}</published><updated>${date}</updated>
${item.link ? `<link rel="alternate" href="${xml(item.link)}" type="text/html"/>` : ''}${enclosureLinks(item)}
<content type="html">${xml(bodyOf(item))}</content>
${item.author ? `<author><name>${xml(item.author)}</name></author>` : ''}
<source gr:stream-id="${xml(feedStreamId(feed?.url ?? ''))}"><title type="text">${xml(feed?.name ?? item.source)}</title>${
    feed?.siteUrl ? `<link rel="alternate" href="${xml(feed.siteUrl)}" type="text/html"/>` : ''
  }</source>
</entry>`;
}

export function atomFeed(
  stream: { id: string; title: string; selfUrl: string },
  items: FeedItem[],
  context: RenderContext,
  continuation: string | null,
) {
  const updated = new Date(items[0]?.pubDate ?? Date.now()).toISOString();
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/" xmlns:idx="urn:atom-extension:indexing" idx:index="no">
<id>tag:google.com,2005:reader/${xml(stream.id)}</id>
<title>${xml(stream.title)}</title>
<updated>${updated}</updated>
<link rel="self" href="${xml(stream.selfUrl)}"/>
${continuation ? `<gr:continuation>${xml(continuation)}</gr:continuation>` : ''}
${items.map((item) => atomEntry(item, context)).join('\n')}
</feed>
`;
}
