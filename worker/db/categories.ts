// A person's categories. Every function takes the user id first: another person's rows are unreachable.

import { and, asc, eq, sql } from 'drizzle-orm';
import { categories } from '../../schema';
import type { CategoryWithFeeds } from '../contracts/feeds';
import { ApiError, notFound } from '../lib/errors';
import { faviconPath } from '../lib/favicon-path';

import { type PeopleDb, statementOf } from './client';
import { type SubscriptionRow, subscriptionColumns, toSubscriptionState } from './person-scope';
import { unreadCount } from './read-state';
import type { Reader } from './reader';
import { readingListOf, type UsersRowCopy, writeWithReadingList } from './reading-list';
import { inOneRoundTrip } from './round-trip';
import { groupByShard, idListSql } from './shards';
import { countLaterSources } from './story-first-sources';
import { storyItemsAboveColumn, storyItemsAboveOf, unreadStoriesOf } from './story-members';

export async function listCategories(db: PeopleDb, userId: number) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.name));
}

export async function getCategory(db: PeopleDb, userId: number, categoryId: number) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Category');
  return row;
}

/** Categories per person (issue 10 M4): enough for any real reading list, not a storage quota. */
export const MAX_CATEGORIES_PER_USER = 100;
export const categoryLimitError = () =>
  new ApiError('BAD_REQUEST', `You can have up to ${MAX_CATEGORIES_PER_USER} categories. Delete one to add another.`);

/** Inserts the category only while the person is under the cap, in one statement; null if it did not go in. */
async function insertUnderCap(db: PeopleDb, userId: number, name: string) {
  const [insert] = await writeWithReadingList(db, userId, [
    statementOf(
      db,
      sql`
    insert into categories (user_id, name, created_at)
    select ${userId}, ${name}, ${Date.now()}
    where (select count(*) from categories where user_id = ${userId}) < ${MAX_CATEGORIES_PER_USER}
    on conflict do nothing
    returning id, name`,
    ),
  ]);
  const [inserted] = (insert?.results ?? []) as { id: number; name: string }[];
  return inserted ?? null;
}

async function categoryNamed(db: PeopleDb, userId: number, name: string) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.name, name)));
  return row ?? null;
}

export async function createCategory(db: PeopleDb, userId: number, name: string) {
  const created = await insertUnderCap(db, userId, name);
  if (created) return created;
  if (await categoryNamed(db, userId, name))
    throw new ApiError('CONFLICT', `A category named "${name}" already exists`);
  throw categoryLimitError();
}

/** Returns the person's category of that name, creating it if needed (OPML import, add-feed dialog). */
export async function findOrCreateCategory(db: PeopleDb, userId: number, name: string) {
  const row = (await insertUnderCap(db, userId, name)) ?? (await categoryNamed(db, userId, name));
  if (!row) throw categoryLimitError();
  return row;
}

export async function renameCategory(db: PeopleDb, userId: number, categoryId: number, name: string) {
  await getCategory(db, userId, categoryId);
  const [update] = await writeWithReadingList(db, userId, [
    statementOf(
      db,
      sql`update categories set name = ${name} where id = ${categoryId} and user_id = ${userId} returning id, name`,
    ),
  ]).catch((error: unknown) => {
    if (String(error).includes('UNIQUE')) throw new ApiError('CONFLICT', `A category named "${name}" already exists`);
    throw error;
  });
  const [row] = (update?.results ?? []) as { id: number; name: string }[];
  return row;
}

/** Deletes the category; its feeds stay, uncategorised. */
export async function deleteCategory(db: PeopleDb, userId: number, categoryId: number) {
  await getCategory(db, userId, categoryId);
  await writeWithReadingList(db, userId, [
    statementOf(
      db,
      sql`update subscriptions set category_id = null where user_id = ${userId} and category_id = ${categoryId}`,
    ),
    statementOf(db, sql`delete from categories where id = ${categoryId} and user_id = ${userId}`),
  ]);
}

/** Case-insensitive order, as SQLite's NOCASE: ASCII letters fold, anything else compares as is. */
function byName(a: string, b: string) {
  const x = a.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const y = b.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return x < y ? -1 : x > y ? 1 : 0;
}

type FeedWithCounts = {
  category_id: number | null;
  feed_id: number;
  name: string;
  url: string;
  site_url: string | null;
  favicon_url: string | null;
  last_error: string | null;
  unread: number;
};

/** What the sidebar shows of a feed's shared row, what its unread count needs, and its unread items of stories. */
type SidebarFeedRow = {
  id: number;
  url: string;
  site_url: string | null;
  favicon_url: string | null;
  last_error: string | null;
  last_seq: number;
  trimmed_seq: number;
  /** JSON of the feed's items of stories above the person's watermark, when it may have some (story-members.ts). */
  stories_above: string | null;
  /** When the feed's newest item arrived (ms), where the read asked (`arrivals`); null when it holds none. */
  newest_at?: number | null;
};

/**
 * These feeds' rows in their shard, each by primary key, with the person's watermark on each (a table of
 * values: no row read for it), and each feed's unread items of stories when its row says it may have some.
 * With `arrivals`, when each feed's newest item arrived too: the item its row names as its last (`last_seq`),
 * by the items' (feed_id, seq) key, a row more a feed.
 */
const sidebarFeedsSql = (feeds: { feedId: number; readSeq: number }[], arrivals: boolean) => sql`select f.id, f.url,
    f.site_url, f.favicon_url, f.last_error, f.last_seq, f.trimmed_seq,
    ${storyItemsAboveColumn(sql`v.column2`)} as stories_above${
      arrivals
        ? sql`, (select i.created_at from items i where i.feed_id = f.id and i.seq = f.last_seq) as newest_at`
        : sql``
    }
  from (values ${sql.raw(feeds.map((feed) => `(${idListSql([feed.feedId, feed.readSeq])})`).join(', '))}) v
  join feeds f on f.id = v.column1`;

/**
 * The person's subscriptions, as many as the list says there are (a range read that stops at its LIMIT
 * reads no row past it), each with its kept-unread marks' positions (JSON text, or null) where its row
 * counts some (`read_adjust`, read-state.ts): only those read their marks, through the marks' primary key,
 * so a person who keeps nothing unread below a watermark reads no mark at all.
 */
const sidebarSubscriptionsSql = (userId: number, count: number) => sql`select ${subscriptionColumns},
    case when s.read_adjust > 0 then (select json_group_array(m.seq) from read_marks m
      where m.user_id = s.user_id and m.feed_id = s.feed_id and m.is_read = 0) end as kept
  from subscriptions s where s.user_id = ${userId} limit ${count}`;

type SidebarSubscriptionRow = SubscriptionRow & { kept: string | null };

/** The kept-unread marks of a sidebarSubscriptionsSql row, as counting stories takes them. */
const keptOf = (row: SidebarSubscriptionRow) =>
  row.kept ? (JSON.parse(row.kept) as number[]).map((seq) => ({ feed_id: row.feed_id, seq })) : [];

/**
 * The sidebar: every category with its feeds and unread counts, feeds without a category under
 * "General" (id null). The categories' names and the feeds followed come from the person's reading list
 * (`readingList`: the request's reader, or their users row's copy; read when not given); then, at once, their
 * subscriptions' rows, as many as the list says there are (a range read that stops at its LIMIT reads no
 * row past it), and their feeds' rows, each by primary key in its shard. A feed's unread count is
 * arithmetic on its row and its subscription's (read-state.ts): 2 rows per feed, sorted here. A category's
 * counts stories (issue 24): in the feed's statement, its unread items of stories (a row each, through
 * items_feed_story_idx) only where its row says an item of it joined a story above the person's
 * watermark (nothing read for the others), the kept-unread marks of the subscriptions that count some
 * (sidebarSubscriptionsSql), and then, only when there are some, their stories' items in the person's feeds
 * (story-members.ts).
 */
export async function listCategoriesWithFeeds(
  db: PeopleDb,
  userId: number,
  readingList?: UsersRowCopy | Reader,
): Promise<CategoryWithFeeds[]> {
  return (await unreadCounts(db, userId, readingList)).groups;
}

/**
 * The sidebar's groups and when each feed's newest item arrived (epoch ms, for the feeds that hold any):
 * what the reader apps' unread counts and Fever's feeds say (Vienna skips fetching a feed whose newest item
 * it has, FreshRSS #2853). In the sidebar's own round trip, a row more a feed.
 */
export async function listCategoriesWithArrivals(
  db: PeopleDb,
  userId: number,
  readingList?: UsersRowCopy | Reader,
): Promise<{ groups: CategoryWithFeeds[]; newestArrivals: Map<number, number> }> {
  const { groups, newestArrivals } = await unreadCounts(db, userId, readingList, { arrivals: true });
  return { groups, newestArrivals };
}

/** My Feed's unread count, in stories: the sidebar's arithmetic over every feed (GET /api/feed-items/unread-count). */
export async function countUnreadStories(db: PeopleDb, userId: number, readingList?: UsersRowCopy | Reader) {
  return (await unreadCounts(db, userId, readingList)).myFeed;
}

/**
 * The sidebar's groups and My Feed's unread count. A feed's count is its unread items; a category's and My
 * Feed's are their unread stories: the items less the unread later sources of stories among their feeds
 * (story-first-sources.ts), read beside the feeds' rows and, when there are some, in one round
 * trip more.
 */
async function unreadCounts(
  db: PeopleDb,
  userId: number,
  readingList?: UsersRowCopy | Reader,
  { arrivals = false } = {},
): Promise<{ groups: CategoryWithFeeds[]; myFeed: number; newestArrivals: Map<number, number> }> {
  const list =
    typeof readingList === 'object' && readingList !== null
      ? await readingList.readingList()
      : await readingListOf(db, userId, readingList);
  const followed = list.subscriptions.map(([feedId]) => feedId);
  const named = list.categories.map(([id, name]) => ({ id, name }));
  // One round trip: the subscriptions with their kept-unread marks, and the feeds' rows of each shard with
  // their unread items of stories where their rows say there may be some (what counting stories needs),
  // one batch per database (on one database, every local run, a single call).
  const watermarks = new Map(list.subscriptions.map(([feedId, , , , readSeq]) => [feedId, readSeq]));
  const shards = [...groupByShard(followed)].filter(([shard]) => shard < db.shards.count);
  const [subscribed = [], ...feedRows] =
    followed.length === 0
      ? []
      : ((await inOneRoundTrip([
          { db, query: sidebarSubscriptionsSql(userId, followed.length) },
          ...shards.map(([shard, ids]) => ({
            db: db.shards.at(shard),
            query: sidebarFeedsSql(
              ids.map((feedId) => ({ feedId, readSeq: watermarks.get(feedId) ?? 0 })),
              arrivals,
            ),
          })),
        ])) as [SidebarSubscriptionRow[], ...SidebarFeedRow[][]]);
  const above = feedRows.flat().flatMap((feed) => storyItemsAboveOf(feed.id, feed.stories_above));
  const mine = subscribed.map(toSubscriptionState);
  // My Feed and each category count stories: an unread later source of a story is not one more (issue 24).
  const kept = subscribed.flatMap(keptOf);
  const { unread, members } = await unreadStoriesOf(db, userId, followed, { above, kept });
  const laterSources = (feedIds: number[]) => countLaterSources(unread, members, feedIds);
  const feeds = new Map(feedRows.flat().map((feed) => [feed.id, feed]));
  // Only the reads that asked have them (the reader apps' counts and feeds): the sidebar builds no map.
  const newestArrivals = new Map<number, number>();
  if (arrivals)
    for (const feed of feeds.values())
      if (typeof feed.newest_at === 'number') newestArrivals.set(feed.id, feed.newest_at);
  const withCounts: FeedWithCounts[] = mine.flatMap((row) => {
    const feed = feeds.get(row.feedId);
    if (!feed) return [];
    return [
      {
        category_id: row.categoryId,
        feed_id: feed.id,
        name: row.name,
        url: feed.url,
        site_url: feed.site_url,
        favicon_url: feed.favicon_url,
        last_error: feed.last_error,
        unread: unreadCount({ lastSeq: feed.last_seq, trimmedSeq: feed.trimmed_seq }, row),
      },
    ];
  });
  // Sorted here: D1 bills every row a statement sorts.
  named.sort((a, b) => byName(a.name, b.name));
  withCounts.sort((a, b) => byName(a.name, b.name));
  const groups = new Map<number | null, CategoryWithFeeds>(
    named.map((category) => [category.id, { ...category, unreadCount: 0, feeds: [] }]),
  );
  for (const row of withCounts) {
    const key = groups.has(row.category_id) ? row.category_id : null;
    let group = groups.get(key);
    if (!group) {
      group = { id: null, name: 'General', unreadCount: 0, feeds: [] };
      groups.set(null, group);
    }
    group.unreadCount += row.unread;
    group.feeds.push({
      id: row.feed_id,
      name: row.name,
      url: row.url,
      websiteUrl: row.site_url,
      favicon: faviconPath(row.feed_id),
      unreadCount: row.unread,
      lastError: row.last_error,
    });
  }
  for (const group of groups.values()) group.unreadCount -= laterSources(group.feeds.map((feed) => feed.id));
  const myFeed = withCounts.reduce((total, row) => total + row.unread, 0) - laterSources(followed);
  // "General" (no category) comes last, after the named categories.
  return {
    groups: [...groups.values()].sort((a, b) => Number(a.id === null) - Number(b.id === null)),
    myFeed,
    newestArrivals,
  };
}
