// What the reader APIs say about a person's feeds and labels, from one read of the sidebar's query:
// each feed with its label (category) and unread count, looked up by id, by URL and by label name. A
// stream's items need no counts: loadStreamSubscriptions reads only the feeds' rows.

import type { CategoryWithFeeds } from '../contracts/feeds';
import { parseId } from '../contracts/ids';
import { listCategoriesWithArrivals, listCategoriesWithFeeds } from '../db/categories';
import type { PeopleDb } from '../db/client';
import { feedRowsByIds } from '../db/feeds';
import type { Reader } from '../db/reader';
import { BoundedMap } from '../lib/bounded-map';
import { faviconPath } from '../lib/favicon-path';

export type ReaderFeed = {
  id: number;
  name: string;
  url: string;
  siteUrl: string | null;
  favicon: string | null;
  /** The category's name; null for feeds in no category ("General" in the app). */
  label: string | null;
  unread: number;
};

export type ReaderLabel = { categoryId: number; name: string; feedIds: number[]; unread: number };

export type ReaderSubscriptions = {
  feeds: ReaderFeed[];
  labels: ReaderLabel[];
  byId: Map<number, ReaderFeed>;
  byUrl: Map<string, ReaderFeed>;
  labelByName: Map<string, ReaderLabel>;
  /** When each feed's newest item arrived (ms), where the load asked for it (`arrivals`); null where not. */
  newestArrivals: Map<number, number> | null;
};

export function toReaderSubscriptions(
  groups: CategoryWithFeeds[],
  newestArrivals: Map<number, number> | null = null,
): ReaderSubscriptions {
  const feeds: ReaderFeed[] = [];
  const labels: ReaderLabel[] = [];
  for (const group of groups) {
    const label = group.id === null ? null : group.name;
    if (group.id !== null) {
      labels.push({
        categoryId: group.id,
        name: group.name,
        feedIds: group.feeds.map((feed) => feed.id),
        unread: group.unreadCount,
      });
    }
    for (const feed of group.feeds) {
      feeds.push({
        id: feed.id,
        name: feed.name,
        url: feed.url,
        siteUrl: feed.websiteUrl,
        favicon: feed.favicon,
        label,
        unread: feed.unreadCount,
      });
    }
  }
  return {
    feeds,
    labels,
    byId: new Map(feeds.map((feed) => [feed.id, feed])),
    byUrl: new Map(feeds.map((feed) => [feed.url, feed])),
    labelByName: new Map(labels.map((label) => [label.name, label])),
    newestArrivals,
  };
}

/**
 * The person's subscriptions as reader apps see them; `reader` (db/reader.ts) hands its reading list over.
 * With `arrivals`, when each feed's newest item arrived too, in the same round trip (newestArrivalOf).
 */
export async function loadReaderSubscriptions(
  db: PeopleDb,
  userId: number,
  reader?: Reader,
  { arrivals = false } = {},
): Promise<ReaderSubscriptions> {
  if (!arrivals) return toReaderSubscriptions(await listCategoriesWithFeeds(db, userId, reader));
  const { groups, newestArrivals } = await listCategoriesWithArrivals(db, userId, reader);
  return toReaderSubscriptions(groups, newestArrivals);
}

/** When a feed's newest item arrived (epoch ms; 0 when it holds none), from subscriptions loaded with `arrivals`. */
export function newestArrivalOf(subscriptions: ReaderSubscriptions, feedId: number): number {
  if (!subscriptions.newestArrivals) throw new Error('The subscriptions were loaded without their arrivals');
  return subscriptions.newestArrivals.get(feedId) ?? 0;
}

type FeedAddress = { url: string; siteUrl: string | null; at: number };

/**
 * The feeds' addresses this isolate has read lately, by feed id: a stream renders each item with its
 * feed's address, which the feed's row holds (shared by everyone who follows it) and which rarely
 * changes. Kept FEED_ADDRESS_MS, so a stream of feeds read lately makes no D1 call for them. At most
 * MOST_FEED_ADDRESSES, the oldest read going first: an entry is about 175 bytes (bench/cache-bytes-
 * workerd.mjs), so 2,000 are this cache's 0.35 MB of an isolate's budget (lib/isolate-cache-budget.ts).
 */
export const MOST_FEED_ADDRESSES = 2_000;
const feedAddresses = new BoundedMap<number, FeedAddress>(MOST_FEED_ADDRESSES);
const FEED_ADDRESS_MS = 5 * 60 * 1000;

/** How many feeds' addresses this isolate keeps now: for the test of its bound. */
export const feedAddressCount = () => feedAddresses.size;

/**
 * The addresses of these feeds, read (one read a feed shard, at once) for those not kept or kept too long:
 * all of them, however many, though the isolate keeps only the latest MOST_FEED_ADDRESSES.
 */
async function addressesOf(db: PeopleDb, feedIds: number[], now = Date.now()) {
  const found = new Map<number, FeedAddress>();
  const stale: number[] = [];
  for (const id of feedIds) {
    const kept = feedAddresses.get(id);
    if (!kept || kept.at > now || now - kept.at >= FEED_ADDRESS_MS) stale.push(id);
    else found.set(id, kept);
  }
  if (stale.length > 0) {
    for (const row of await feedRowsByIds(db, stale)) {
      const address = { url: row.url, siteUrl: row.siteUrl, at: now };
      feedAddresses.set(row.id, address);
      found.set(row.id, address);
    }
  }
  return found;
}

/**
 * The person's feeds and labels as a stream renders its items (their names, addresses and labels), with
 * no unread counts (0) and no errors: their reading list and their feeds' addresses (addressesOf), in one
 * round trip at most, where the sidebar's counts read two rows a feed and the unread items of stories.
 */
export async function loadStreamSubscriptions(db: PeopleDb, reader: Reader): Promise<ReaderSubscriptions> {
  const list = await reader.readingList();
  const addresses = await addressesOf(
    db,
    list.subscriptions.map(([feedId]) => feedId),
  );
  const groups = new Map<number | null, CategoryWithFeeds>(
    list.categories.map(([id, name]) => [id, { id, name, unreadCount: 0, feeds: [] }]),
  );
  const general: CategoryWithFeeds = { id: null, name: 'General', unreadCount: 0, feeds: [] };
  for (const [feedId, name, categoryId] of list.subscriptions) {
    const address = addresses.get(feedId);
    if (!address) continue;
    (groups.get(categoryId) ?? general).feeds.push({
      id: feedId,
      name,
      url: address.url,
      websiteUrl: address.siteUrl,
      favicon: faviconPath(feedId),
      unreadCount: 0,
      lastError: null,
    });
  }
  return toReaderSubscriptions([...groups.values(), general]);
}

/** The feed a "feed/…" stream names: by its URL, or by our numeric id as FreshRSS and Miniflux write it. */
export function feedOfStream(subscriptions: ReaderSubscriptions, urlOrId: string) {
  const id = parseId(urlOrId);
  return subscriptions.byUrl.get(urlOrId) ?? (id === null ? undefined : subscriptions.byId.get(id));
}
