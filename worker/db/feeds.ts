// Feeds a person follows. The `feeds` row is shared by everyone who follows its URL; the person's
// name, category and AI choice live on their subscription. Every function takes the user id first.
import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import { categories, feeds, readMarks, subscriptions } from '../../schema';
import type { FeedCount, FeedDetail, FeedListEntry } from '../contracts/feeds';
import { ApiError, notFound } from '../lib/errors';
import { PLANS, type Plan } from '../lib/plans';
import type { Db } from './client';

const listColumns = {
  id: feeds.id,
  name: subscriptions.name,
  url: feeds.url,
  websiteUrl: feeds.siteUrl,
  favicon: feeds.faviconUrl,
};

export async function listFeeds(db: Db, userId: number): Promise<FeedListEntry[]> {
  return db
    .select(listColumns)
    .from(subscriptions)
    .innerJoin(feeds, eq(feeds.id, subscriptions.feedId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.name));
}

export async function getFeed(db: Db, userId: number, feedId: number): Promise<FeedDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      description: feeds.description,
      categoryId: subscriptions.categoryId,
      categoryName: categories.name,
      includeInAi: subscriptions.includeInAi,
      lastError: feeds.lastError,
      lastFetchedAt: feeds.lastFetchedAt,
    })
    .from(subscriptions)
    .innerJoin(feeds, eq(feeds.id, subscriptions.feedId))
    .leftJoin(categories, eq(categories.id, subscriptions.categoryId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, feedId)))
    .limit(1);
  if (!row) throw notFound('Feed');
  const { categoryName, lastFetchedAt, ...rest } = row;
  return {
    ...rest,
    category: row.categoryId !== null && categoryName !== null ? { id: row.categoryId, name: categoryName } : null,
    lastFetchedAt: lastFetchedAt?.toISOString() ?? null,
  };
}

export async function countFeeds(db: Db, userId: number, plan: Plan): Promise<FeedCount> {
  const [row] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, userId));
  const feedCount = row?.n ?? 0;
  const maxFeeds = PLANS[plan].maxFeeds;
  return { count: feedCount, maxFeeds, isPro: plan === 'pro', limitReached: feedCount >= maxFeeds };
}

export async function findFeedByUrl(db: Db, url: string) {
  const [row] = await db.select().from(feeds).where(eq(feeds.url, url)).limit(1);
  return row ?? null;
}

/** The shared feed row for this URL, created if nobody followed it before. */
export async function upsertFeed(
  db: Db,
  values: { url: string; title: string | null; siteUrl: string | null; description: string | null },
) {
  const now = new Date();
  await db
    .insert(feeds)
    .values({ ...values, nextFetchAt: now, createdAt: now })
    .onConflictDoNothing({ target: feeds.url });
  const feed = await findFeedByUrl(db, values.url);
  if (!feed) throw new Error('feed vanished after insert');
  return feed;
}

export async function ensureCategoryOwned(db: Db, userId: number, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.userId, userId)));
  if (!row) throw notFound('Category');
}

/**
 * Follows a feed, holding the plan's limit even under parallel requests: the insert only happens
 * while the person's subscription count is below the limit (one statement, so no race).
 */
export async function subscribe(
  db: Db,
  userId: number,
  plan: Plan,
  input: { feedId: number; name: string; categoryId: number | null; includeInAi: boolean },
) {
  const maxFeeds = PLANS[plan].maxFeeds;
  const result = await db.run(sql`
    insert into subscriptions (user_id, feed_id, name, category_id, include_in_ai, created_at)
    select ${userId}, ${input.feedId}, ${input.name}, ${input.categoryId}, ${input.includeInAi ? 1 : 0}, ${Date.now()}
    where (select count(*) from subscriptions where user_id = ${userId}) < ${maxFeeds}
    on conflict (user_id, feed_id) do nothing`);
  if (result.meta.changes === 1) return;
  const [existing] = await db
    .select({ feedId: subscriptions.feedId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, input.feedId)));
  if (existing) throw new ApiError('CONFLICT', 'You already follow this feed');
  throw feedLimitError(plan);
}

export function feedLimitError(plan: Plan) {
  return plan === 'pro'
    ? new ApiError('FORBIDDEN', `You have reached the Pro plan limit of ${PLANS.pro.maxFeeds} feeds.`)
    : new ApiError(
        'FORBIDDEN',
        `You have reached the Free plan limit of ${PLANS.free.maxFeeds} feeds. Upgrade to Pro to follow up to ${PLANS.pro.maxFeeds}.`,
      );
}

export async function updateSubscription(
  db: Db,
  userId: number,
  feedId: number,
  changes: { name?: string; categoryId?: number | null; includeInAi?: boolean },
) {
  await ensureCategoryOwned(db, userId, changes.categoryId);
  const updated = await db
    .update(subscriptions)
    .set(changes)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, feedId)))
    .returning({ feedId: subscriptions.feedId });
  if (updated.length === 0) throw notFound('Feed');
}

/**
 * Unfollows: the person's subscription and read marks go; the shared feed and its items go too when
 * nobody follows it any more.
 */
export async function unsubscribe(db: Db, userId: number, feedId: number) {
  const removed = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, feedId)))
    .returning({ feedId: subscriptions.feedId });
  if (removed.length === 0) throw notFound('Feed');
  const followers = db.select({ one: sql`1` }).from(subscriptions).where(eq(subscriptions.feedId, feedId));
  await db.batch([
    db.delete(readMarks).where(and(eq(readMarks.userId, userId), eq(readMarks.feedId, feedId))),
    db.delete(feeds).where(and(eq(feeds.id, feedId), notExists(followers))),
  ]);
}

/** The person's subscriptions, optionally one category's or one feed's: feed, the name they gave it, watermark. */
export async function subscriptionsInScope(
  db: Db,
  userId: number,
  scope: { feedId?: number; categoryId?: number } = {},
) {
  const conditions = [eq(subscriptions.userId, userId)];
  if (scope.feedId !== undefined) conditions.push(eq(subscriptions.feedId, scope.feedId));
  if (scope.categoryId !== undefined) conditions.push(eq(subscriptions.categoryId, scope.categoryId));
  return db
    .select({ feedId: subscriptions.feedId, name: subscriptions.name, readSeq: subscriptions.readSeq })
    .from(subscriptions)
    .where(and(...conditions));
}

/** Feed ids this person follows, optionally one category's or one feed's. */
export async function subscribedFeedIds(db: Db, userId: number, scope: { feedId?: number; categoryId?: number } = {}) {
  return (await subscriptionsInScope(db, userId, scope)).map((row) => row.feedId);
}
