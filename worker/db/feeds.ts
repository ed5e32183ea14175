// Feeds a person follows. The `feeds` row is shared by everyone who follows its URL and lives in a feed
// shard (shards.ts); the person's name, category and AI choice live on their subscription, in the
// person's people database (people.ts). So a person's feeds are read as: subscriptions first, then the feed rows from the
// shards that hold them. Every function takes the user id first.
import { and, asc, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { categories, feeds, hiddenItems, readMarks, stars, subscriptions } from '../../schema';
import type { FeedCount, FeedDetail, FeedListEntry } from '../contracts/feeds';
import { ApiError, notFound } from '../lib/errors';
import { faviconPath } from '../lib/favicon-path';
import { PLANS, type Plan } from '../lib/plans';
import { type Db, type PeopleDb, statementOf } from './client';
import { subscriptionsInScope } from './person-scope';
import { writeWithReadingList } from './reading-list';
import { idListSql, nextFeedIdSql } from './shards';

export type FeedRow = typeof feeds.$inferSelect;

/** These feeds' shared rows, from the shards that hold them (one read per shard, all at once). */
export function feedRowsByIds(db: Db, feedIds: number[]): Promise<FeedRow[]> {
  return db.shards.each(feedIds, (shard, ids) =>
    shard
      .select(getTableColumns(feeds))
      .from(sql`(values ${sql.raw(ids.map((id) => `(${idListSql([id])})`).join(', '))}) as v`)
      .innerJoin(feeds, sql`${feeds.id} = v.column1`),
  );
}

/** A person's subscriptions joined, in the Worker, to the feed rows their shards hold. */
export async function withFeedRows<S extends { feedId: number }>(db: Db, rows: S[]) {
  const byId = new Map(
    (
      await feedRowsByIds(
        db,
        rows.map((row) => row.feedId),
      )
    ).map((feed) => [feed.id, feed]),
  );
  return rows.flatMap((row) => {
    const feed = byId.get(row.feedId);
    return feed ? [{ ...row, feed }] : [];
  });
}

const listEntry = (row: { name: string; feed: FeedRow }): FeedListEntry => ({
  id: row.feed.id,
  name: row.name,
  url: row.feed.url,
  websiteUrl: row.feed.siteUrl,
  favicon: faviconPath(row.feed.id),
});

export async function listFeeds(db: PeopleDb, userId: number): Promise<FeedListEntry[]> {
  const mine = await db
    .select({ feedId: subscriptions.feedId, name: subscriptions.name })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.name));
  return (await withFeedRows(db, mine)).map(listEntry);
}

export async function getFeed(db: PeopleDb, userId: number, feedId: number): Promise<FeedDetail> {
  const [mine] = await db
    .select({
      feedId: subscriptions.feedId,
      name: subscriptions.name,
      categoryId: subscriptions.categoryId,
      categoryName: categories.name,
      includeInAi: subscriptions.includeInAi,
      fullArticle: subscriptions.fullArticle,
    })
    .from(subscriptions)
    .leftJoin(categories, eq(categories.id, subscriptions.categoryId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, feedId)))
    .limit(1);
  const [row] = mine ? await withFeedRows(db, [mine]) : [];
  if (!row) throw notFound('Feed');
  return {
    ...listEntry(row),
    description: row.feed.description,
    categoryId: row.categoryId,
    category:
      row.categoryId !== null && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
    includeInAi: row.includeInAi,
    fullArticle: row.fullArticle,
    lastError: row.feed.lastError,
    lastFetchedAt: row.feed.lastFetchedAt?.toISOString() ?? null,
  };
}

export async function countFeeds(db: PeopleDb, userId: number, plan: Plan): Promise<FeedCount> {
  const [row] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, userId));
  const feedCount = row?.n ?? 0;
  const maxFeeds = PLANS[plan].maxFeeds;
  return { count: feedCount, maxFeeds, isPro: plan === 'pro', limitReached: feedCount >= maxFeeds };
}

/**
 * The shared feed row for this URL, if anyone follows it: in the shard the URL hashes to, or in shard 0,
 * where every feed stored before the database was sharded stays.
 */
export async function findFeedByUrl(db: Db, url: string) {
  const home = db.shards.forNewFeed(url).db;
  for (const shard of new Set([home, db.shards.primary()])) {
    const [row] = await shard.select().from(feeds).where(eq(feeds.url, url)).limit(1);
    if (row) return row;
  }
  return null;
}

/** The shared feed row for this URL, created in the shard its URL hashes to if nobody followed it before. */
export async function upsertFeed(
  db: Db,
  values: { url: string; title: string | null; siteUrl: string | null; description: string | null },
) {
  const known = await findFeedByUrl(db, values.url);
  if (known) return known;
  const { shard, db: home } = db.shards.forNewFeed(values.url);
  const now = new Date();
  await home
    .insert(feeds)
    // The shard's next feed id: every id carries its shard (shards.ts).
    .values({ ...values, id: sql.raw(nextFeedIdSql(shard)), nextFetchAt: now, createdAt: now })
    .onConflictDoNothing({ target: feeds.url });
  const feed = await findFeedByUrl(db, values.url);
  if (!feed) throw new Error('feed vanished after insert');
  return feed;
}

export async function ensureCategoryOwned(db: PeopleDb, userId: number, categoryId: number | null | undefined) {
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
  db: PeopleDb,
  userId: number,
  plan: Plan,
  input: { feedId: number; name: string; categoryId: number | null; includeInAi: boolean },
) {
  const maxFeeds = PLANS[plan].maxFeeds;
  const [result] = await writeWithReadingList(db, userId, [
    statementOf(
      db,
      sql`
    insert into subscriptions (user_id, feed_id, name, category_id, include_in_ai, created_at)
    select ${userId}, ${input.feedId}, ${input.name}, ${input.categoryId}, ${input.includeInAi ? 1 : 0}, ${Date.now()}
    where (select count(*) from subscriptions where user_id = ${userId}) < ${maxFeeds}
    on conflict (user_id, feed_id) do nothing`,
    ),
  ]);
  if (result?.meta.changes === 1) return;
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
  db: PeopleDb,
  userId: number,
  feedId: number,
  changes: { name?: string; categoryId?: number | null; includeInAi?: boolean; fullArticle?: boolean },
) {
  await ensureCategoryOwned(db, userId, changes.categoryId);
  const set = [
    changes.name === undefined ? null : sql`name = ${changes.name}`,
    changes.categoryId === undefined ? null : sql`category_id = ${changes.categoryId}`,
    changes.includeInAi === undefined ? null : sql`include_in_ai = ${changes.includeInAi ? 1 : 0}`,
    changes.fullArticle === undefined ? null : sql`full_article = ${changes.fullArticle ? 1 : 0}`,
  ].filter((clause) => clause !== null);
  // Nothing to change still says whether the person follows the feed.
  if (set.length === 0) set.push(sql`name = name`);
  const [updated] = await writeWithReadingList(db, userId, [
    statementOf(
      db,
      sql`update subscriptions set ${sql.join(set, sql`, `)} where user_id = ${userId} and feed_id = ${feedId} returning feed_id`,
    ),
  ]);
  if ((updated?.results.length ?? 0) === 0) throw notFound('Feed');
}

/**
 * Unfollows: the person's subscription, read marks and stars of the feed go; the shared feed and its
 * items go too when nobody follows it any more.
 */
export async function unsubscribe(db: PeopleDb, userId: number, feedId: number) {
  const [removed] = await writeWithReadingList(db, userId, [
    statementOf(db, sql`delete from subscriptions where user_id = ${userId} and feed_id = ${feedId} returning feed_id`),
  ]);
  if ((removed?.results.length ?? 0) === 0) throw notFound('Feed');
  const starred = await db
    .delete(stars)
    .where(and(eq(stars.userId, userId), eq(stars.feedId, feedId)))
    .returning({ itemId: stars.itemId });
  await db.delete(readMarks).where(and(eq(readMarks.userId, userId), eq(readMarks.feedId, feedId)));
  // What the person's rules hid in it goes too, from beside its items: a person's hidden rows are then
  // only ever in the shards of feeds they follow, where deleting their account looks for them.
  await Promise.all([
    releaseStars(
      db,
      userId,
      starred.map((row) => row.itemId),
      { starsDeleted: true },
    ),
    db.shards
      .of(feedId)
      .delete(hiddenItems)
      .where(and(eq(hiddenItems.userId, userId), eq(hiddenItems.feedId, feedId))),
  ]);
  await deleteUnfollowedFeeds(db, [feedId]);
}

/**
 * Takes the person's stars of these items off their counts, so retention may drop those items again: each
 * item's keeper row (schema star_keepers) goes and its count with it, in one batch, so that this sent
 * again moves nothing more. `starsDeleted`: the star rows were deleted just now; an item without a keeper
 * (starred before migration 0037) then loses its star from the count all the same.
 */
export async function releaseStars(
  db: Db,
  userId: number,
  itemIds: number[],
  { starsDeleted }: { starsDeleted: boolean },
) {
  await db.shards.each(itemIds, async (shard, ids) => {
    const d1 = shard.$client;
    await d1.batch(
      ids.flatMap((id) => [
        d1.prepare('delete from star_keepers where item_id = ?1 and user_id = ?2').bind(id, userId),
        d1
          .prepare('update items set star_count = max(0, star_count - 1) where id = ?1 and (changes() > 0 or ?2)')
          .bind(id, starsDeleted ? 1 : 0),
      ]),
    );
    return [];
  });
}

/**
 * Of these feeds, deletes those nobody follows any more (with their items): the cron never picks them
 * again. Followers may be in any people database: each is asked, at once, through the feed index.
 * `leaving`: a person whose own subscriptions do not count (an account being deleted keeps them until
 * its feeds are dealt with, so that an interruption leaves them to say which feeds those were).
 */
export async function deleteUnfollowedFeeds(db: Db, feedIds: number[], { leaving }: { leaving?: number } = {}) {
  await deleteOrphanedFeeds(db, await unfollowedFeeds(db, feedIds, { leaving }), { leaving });
}

/**
 * Deletes these feeds, which nobody followed when asked, with their items; any someone followed since
 * is stored again (restoreFollowedFeeds). `leaving`: a person whose own subscriptions do not count.
 */
export async function deleteOrphanedFeeds(db: Db, orphans: number[], { leaving }: { leaving?: number } = {}) {
  const deleted = await db.shards.each(orphans, (shard, ids) =>
    shard.all<StoredFeed>(
      sql`delete from feeds where id in (${sql.raw(idListSql(ids))}) returning ${storedFeedColumns}`,
    ),
  );
  await restoreFollowedFeeds(db, deleted, { leaving });
}

/** What storing a deleted feed again needs: it is stored under its own id, with no items, due at once. */
export type StoredFeed = {
  id: number;
  url: string;
  title: string | null;
  site_url: string | null;
  description: string | null;
};
/** The columns of a StoredFeed, for a statement's RETURNING. */
export const storedFeedColumns = sql.raw('id, url, title, site_url, description');

/** A statement storing the feed again under its own id, unless its id (or its URL) is there. */
export function storeFeedAgainStatement(d1: D1Database, feed: StoredFeed, now = Date.now()) {
  return d1
    .prepare(
      `insert into feeds (id, url, title, site_url, description, next_fetch_at, created_at)
       select ?1, ?2, ?3, ?4, ?5, ?6, ?6 where not exists (select 1 from feeds where id = ?1)
       on conflict do nothing`,
    )
    .bind(feed.id, feed.url, feed.title, feed.site_url, feed.description, now);
}

/**
 * Of feeds just deleted because nobody followed them, stores again (under their ids) those someone
 * follows now: a subscription made between the "anyone still following" check and the delete would
 * otherwise name a feed that is gone (issue 30). The subscriber checks its feed after its subscription
 * (keepFeedOfSubscription), which covers a subscription made after this second check. Every people
 * database asked at once; a shard's call only for a feed to store again.
 */
export async function restoreFollowedFeeds(db: Db, deleted: StoredFeed[], { leaving }: { leaving?: number } = {}) {
  if (deleted.length === 0) return;
  const unfollowed = new Set(
    await unfollowedFeeds(
      db,
      deleted.map((feed) => feed.id),
      { leaving },
    ),
  );
  const followed = deleted.filter((feed) => !unfollowed.has(feed.id));
  await db.shards.each(
    followed.map((feed) => feed.id),
    async (shard, ids) => {
      await shard.$client.batch(
        followed.filter((feed) => ids.includes(feed.id)).map((feed) => storeFeedAgainStatement(shard.$client, feed)),
      );
      return [];
    },
  );
}

/**
 * After a subscription went in: its feed is still there, or is stored again under its id (one
 * statement that writes nothing when it is there). A deletion of the feeds nobody follows checks for
 * followers, deletes, and checks again (restoreFollowedFeeds): a subscription made after that second
 * check finds its feed gone here.
 */
export async function keepFeedOfSubscription(db: Db, feed: StoredFeed) {
  await db.shards.of(feed.id).$client.batch([storeFeedAgainStatement(db.shards.of(feed.id).$client, feed)]);
}

/** Of these feeds, those nobody follows (but `leaving`), every people database asked at once. */
export async function unfollowedFeeds(db: Db, feedIds: number[], { leaving }: { leaving?: number } = {}) {
  if (feedIds.length === 0) return [];
  const followers = await Promise.all(
    db.people.all().map((people) =>
      people
        .selectDistinct({ feedId: subscriptions.feedId })
        .from(subscriptions)
        .where(
          and(
            sql`${subscriptions.feedId} in (${sql.raw(idListSql(feedIds))})`,
            leaving === undefined ? undefined : ne(subscriptions.userId, leaving),
          ),
        ),
    ),
  );
  const followed = followers.flat();
  const stillFollowed = new Set(followed.map((row) => row.feedId));
  return feedIds.filter((id) => !stillFollowed.has(id));
}

/** Feed ids this person follows, optionally one category's or one feed's. */
export async function subscribedFeedIds(
  db: PeopleDb,
  userId: number,
  scope: { feedId?: number; categoryId?: number } = {},
) {
  return (await subscriptionsInScope(db, userId, scope)).map((row) => row.feedId);
}
