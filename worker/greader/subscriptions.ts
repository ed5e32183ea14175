// What the reader APIs say about a person's feeds and labels, from one read of the sidebar's query:
// each feed with its label (category) and unread count, looked up by id, by URL and by label name. A
// stream's items need no counts: loadStreamSubscriptions reads only the feeds' rows.

import type { CategoryWithFeeds } from '../contracts/feeds';
import { parseId } from '../contracts/ids';
import { listCategoriesWithFeeds } from '../db/categories';
import type { PeopleDb } from '../db/client';
import { feedRowsByIds } from '../db/feeds';
import type { Reader } from '../db/reader';
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
};

export function toReaderSubscriptions(groups: CategoryWithFeeds[]): ReaderSubscriptions {
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
  };
}

/** The person's subscriptions as reader apps see them; `reader` (db/reader.ts) hands its reading list over. */
export async function loadReaderSubscriptions(db: PeopleDb, userId: number, reader?: Reader) {
  return toReaderSubscriptions(await listCategoriesWithFeeds(db, userId, reader));
}

/**
 * The person's feeds and labels as a stream renders its items (their names, addresses and labels), with
 * no unread counts (0): their reading list and their feeds' rows, one row a feed, in one round trip,
 * where the sidebar's counts read two a feed and the unread items of stories.
 */
export async function loadStreamSubscriptions(db: PeopleDb, reader: Reader): Promise<ReaderSubscriptions> {
  const list = await reader.readingList();
  const rows = await feedRowsByIds(
    db,
    list.subscriptions.map(([feedId]) => feedId),
  );
  const feedRows = new Map(rows.map((row) => [row.id, row]));
  const groups = new Map<number | null, CategoryWithFeeds>(
    list.categories.map(([id, name]) => [id, { id, name, unreadCount: 0, feeds: [] }]),
  );
  const general: CategoryWithFeeds = { id: null, name: 'General', unreadCount: 0, feeds: [] };
  for (const [feedId, name, categoryId] of list.subscriptions) {
    const row = feedRows.get(feedId);
    if (!row) continue;
    (groups.get(categoryId) ?? general).feeds.push({
      id: feedId,
      name,
      url: row.url,
      websiteUrl: row.siteUrl,
      favicon: faviconPath(feedId),
      unreadCount: 0,
      lastError: row.lastError,
    });
  }
  return toReaderSubscriptions([...groups.values(), general]);
}

/** The feed a "feed/…" stream names: by its URL, or by our numeric id as FreshRSS and Miniflux write it. */
export function feedOfStream(subscriptions: ReaderSubscriptions, urlOrId: string) {
  const id = parseId(urlOrId);
  return subscriptions.byUrl.get(urlOrId) ?? (id === null ? undefined : subscriptions.byId.get(id));
}
