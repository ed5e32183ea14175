// A person's categories. Every function takes the user id first: another person's rows are unreachable.
import { and, asc, eq, sql } from 'drizzle-orm';
import { categories, subscriptions } from '../../schema';
import type { CategoryWithFeeds } from '../contracts/feeds';
import { ApiError, notFound } from '../lib/errors';
import { type Db, statementOf } from './client';
import { feedRowsByIds } from './feeds';
import { type SubscriptionRow, subscriptionsInScopeSql, toSubscriptionState } from './person-scope';
import { unreadCount } from './read-state';

export async function listCategories(db: Db, userId: number) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.name));
}

export async function getCategory(db: Db, userId: number, categoryId: number) {
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
async function insertUnderCap(db: Db, userId: number, name: string) {
  const [inserted] = await db.all<{ id: number; name: string }>(sql`
    insert into categories (user_id, name, created_at)
    select ${userId}, ${name}, ${Date.now()}
    where (select count(*) from categories where user_id = ${userId}) < ${MAX_CATEGORIES_PER_USER}
    on conflict do nothing
    returning id, name`);
  return inserted ?? null;
}

async function categoryNamed(db: Db, userId: number, name: string) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.name, name)));
  return row ?? null;
}

export async function createCategory(db: Db, userId: number, name: string) {
  const created = await insertUnderCap(db, userId, name);
  if (created) return created;
  if (await categoryNamed(db, userId, name))
    throw new ApiError('CONFLICT', `A category named "${name}" already exists`);
  throw categoryLimitError();
}

/** Returns the person's category of that name, creating it if needed (OPML import, add-feed dialog). */
export async function findOrCreateCategory(db: Db, userId: number, name: string) {
  const row = (await insertUnderCap(db, userId, name)) ?? (await categoryNamed(db, userId, name));
  if (!row) throw categoryLimitError();
  return row;
}

export async function renameCategory(db: Db, userId: number, categoryId: number, name: string) {
  await getCategory(db, userId, categoryId);
  const [row] = await db
    .update(categories)
    .set({ name })
    .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)))
    .returning({ id: categories.id, name: categories.name })
    .catch((error: unknown) => {
      if (String(error).includes('UNIQUE')) throw new ApiError('CONFLICT', `A category named "${name}" already exists`);
      throw error;
    });
  return row;
}

/** Deletes the category; its feeds stay, uncategorised. */
export async function deleteCategory(db: Db, userId: number, categoryId: number) {
  await getCategory(db, userId, categoryId);
  await db.batch([
    db
      .update(subscriptions)
      .set({ categoryId: null })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.categoryId, categoryId))),
    db.delete(categories).where(and(eq(categories.id, categoryId), eq(categories.userId, userId))),
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

/**
 * The sidebar: every category with its feeds and unread counts, feeds without a category under
 * "General" (id null). The person's categories and subscriptions (one round trip), then their feeds'
 * rows from the databases that hold them, each feed by primary key (one statement per feed shard, at
 * once). Unread counts are arithmetic on a feed's row and its subscription's (read-state.ts): 2 rows
 * per feed and 1 per category, sorted here.
 */
export async function listCategoriesWithFeeds(db: Db, userId: number): Promise<CategoryWithFeeds[]> {
  const [categoryRows, subscribed] = await db.$client.batch([
    statementOf(db, sql`select id, name from categories where user_id = ${userId}`),
    statementOf(db, subscriptionsInScopeSql(userId)),
  ]);
  const named = (categoryRows?.results ?? []) as { id: number; name: string }[];
  const mine = ((subscribed?.results ?? []) as SubscriptionRow[]).map(toSubscriptionState);
  const feeds = new Map(
    (
      await feedRowsByIds(
        db,
        mine.map((row) => row.feedId),
      )
    ).map((feed) => [feed.id, feed]),
  );
  const feedRows: FeedWithCounts[] = mine.flatMap((row) => {
    const feed = feeds.get(row.feedId);
    if (!feed) return [];
    return [
      {
        category_id: row.categoryId,
        feed_id: feed.id,
        name: row.name,
        url: feed.url,
        site_url: feed.siteUrl,
        favicon_url: feed.faviconUrl,
        last_error: feed.lastError,
        unread: unreadCount(feed, row),
      },
    ];
  });
  // Sorted here: D1 bills every row a statement sorts.
  named.sort((a, b) => byName(a.name, b.name));
  feedRows.sort((a, b) => byName(a.name, b.name));
  const groups = new Map<number | null, CategoryWithFeeds>(
    named.map((category) => [category.id, { ...category, unreadCount: 0, feeds: [] }]),
  );
  for (const row of feedRows) {
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
      favicon: row.favicon_url,
      unreadCount: row.unread,
      lastError: row.last_error,
    });
  }
  // "General" (no category) comes last, after the named categories.
  return [...groups.values()].sort((a, b) => Number(a.id === null) - Number(b.id === null));
}
