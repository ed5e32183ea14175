// The one column list every path of the reading core selects, and the one row mapper that turns its rows
// into the API's items. A new column of `items` that the API shows is added here, once.
import { type SQL, sql } from 'drizzle-orm';
import type { StoredEnclosure } from '../../../schema';
import { unpackHex } from '../../../schema/packed-text';
import type { Enclosure, FeedItem, ItemText } from '../../contracts/feeds';
import { isoTime } from '../../lib/iso-time';

/** An item row as every statement of the core selects it (snake_case columns, as D1 gives them). */
export type ItemRow = ItemText & {
  id: number;
  feed_id: number;
  /** The item's position in its feed: read watermarks and marks are about it. */
  seq: number;
  pub_date: number;
  created_at: number;
  /** How many people starred it: where 0, nobody's star needs looking up. */
  star_count: number;
  /** 1 when `content` is the hex of the body stored deflated, 0 when it is the body. */
  content_packed: number;
  /** Its enclosures as stored: JSON text, null when none. */
  enclosures: string | null;
  /** Its story's id (issue 24): its first item's; null while the item is its own story. */
  story_id: number | null;
  /** The name the person gave the feed. */
  source: string;
  /** 1 read, 0 unread, as far as the statement could tell (rows of other shards are corrected after). */
  is_read: number;
  /** 1 when the person starred it, as far as the statement could tell (idem). */
  is_starred: number;
  /** A grouped page's rows only (ItemQuery.storyLists): its story's list of items, where the statement could read it. */
  story_list?: string | null;
};

/**
 * The stored part of the list: item `i`'s own columns. A body stored deflated comes as its hex, with
 * `content_packed` 1 (schema/packed-text.ts unpackHex): as a BLOB, D1 would send each of its bytes as a
 * number in a JSON array, the largest part of a page's answer to parse.
 */
export const storedColumns = sql`i.id, i.feed_id, i.seq, i.title, i.description,
  iif(typeof(i.content) = 'blob', hex(i.content), i.content) as content, typeof(i.content) = 'blob' as content_packed,
  i.link, i.thumbnail, i.author, i.pub_date, i.created_at, i.star_count, i.enclosures, i.story_id`;

/** What a statement says of the person: the feed's name, read state and star of item `i`, each an SQL expression. */
export type PersonalColumns = { source: SQL; isRead: SQL; isStarred: SQL };

/** The one column list: the item's own columns and the person's view of it. */
export const itemColumns = (person: PersonalColumns) =>
  sql`${storedColumns}, ${person.source} as source, ${person.isRead} as is_read, ${person.isStarred} as is_starred`;

/** The one row mapper: a row of the core as the API's item. */
export const toFeedItem = (row: ItemRow): FeedItem => ({
  id: row.id,
  feedId: row.feed_id,
  source: row.source,
  title: row.title,
  description: row.description,
  // Stored deflated when long (schema/packed-text.ts): the statement hands back its hex (storedColumns).
  content: row.content_packed === 1 && row.content !== null ? unpackHex(row.content) : row.content,
  link: row.link,
  thumbnail: row.thumbnail,
  author: row.author,
  pubDate: isoTime(row.pub_date),
  createdAt: isoTime(row.created_at),
  isRead: row.is_read === 1,
  isStarred: row.is_starred === 1,
  enclosures: enclosuresOf(row.enclosures),
  // One item's own view; a list that collapses stories counts the sources it shows (worker/stories/collapse.ts).
  story: { id: row.story_id ?? row.id, size: 1 },
  ...(row.story_id === null ? {} : { inStory: true as const }),
});

/** The stored enclosures as the API gives them: address, type and size. */
function enclosuresOf(stored: string | null): Enclosure[] {
  if (!stored) return [];
  return (JSON.parse(stored) as StoredEnclosure[]).map(({ url, type, length }) => ({ url, type, length }));
}

/** Newest published first, then the larger id: the order of every date-ordered page. */
export const newestFirst = (a: ItemRow, b: ItemRow) => b.pub_date - a.pub_date || b.id - a.id;
export const oldestFirst = (a: ItemRow, b: ItemRow) => newestFirst(b, a);
