// A person's whole account: their name, the export of everything they made, and deleting it all.
// Rows that belong to the person go by the foreign keys' ON DELETE CASCADE from `users`, their reading
// state (in their people database, people.ts) by deletion here; what is shared
// (feeds) goes only when nobody follows it any more, and R2 images are the caller's to delete.
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import {
  aiGenerations,
  categories,
  emails,
  readingLists,
  readMarks,
  stars,
  subscriptions,
  users,
  wordpressSites,
} from '../../schema';
import { listAppPasswords } from './app-passwords';
import type { Db, PersonPlacement } from './client';
import { deleteUnfollowedFeeds, releaseStars, withFeedRows } from './feeds';
import { toGeneration } from './generations';
import { getPreferences } from './preferences';
import { listStarredItems } from './stars';

// Starred items are few (people save what they mean to keep); the export holds up to this many.
const MAX_EXPORTED_STARS = 10_000;

export async function renameUser(db: Db, userId: number, name: string) {
  const [user] = await db.update(users).set({ name }).where(eq(users.id, userId)).returning();
  return user ?? null;
}

export async function setUserTimeZone(db: Db, userId: number, timezone: string) {
  const [user] = await db.update(users).set({ timezone }).where(eq(users.id, userId)).returning();
  return user ?? null;
}

/** Everything the person made, as plain JSON (OPML stays at its own export). */
export async function exportAccount(db: Db, person: { id: number } & PersonPlacement, now = Date.now()) {
  const userId = person.id;
  // Their reading state (categories, subscriptions, stars) from their people database, the rest from here.
  const mine = db.people.of(person);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const [categoryRows, subscriptionRows, generationRows, preferences, sites, appPasswords, starred] = await Promise.all(
    [
      mine
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.userId, userId))
        .orderBy(asc(categories.name)),
      mine
        .select({
          feedId: subscriptions.feedId,
          name: subscriptions.name,
          categoryId: subscriptions.categoryId,
          includeInAi: subscriptions.includeInAi,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.name))
        // The feeds' addresses from the shards that hold them.
        .then((rows) => withFeedRows(db, rows))
        .then((rows) => rows.map(({ feed, ...row }) => ({ ...row, url: feed.url, websiteUrl: feed.siteUrl }))),
      db
        .select()
        .from(aiGenerations)
        .where(eq(aiGenerations.userId, userId))
        .orderBy(desc(aiGenerations.createdAt), desc(aiGenerations.id)),
      getPreferences(db, userId),
      db
        .select({ name: wordpressSites.name, url: wordpressSites.url, username: wordpressSites.username })
        .from(wordpressSites)
        .where(eq(wordpressSites.userId, userId))
        .orderBy(asc(wordpressSites.id)),
      listAppPasswords(db, userId),
      listStarredItems(mine, userId, { limit: MAX_EXPORTED_STARS }),
    ],
  );
  const categoryName = new Map(categoryRows.map((category) => [category.id, category.name]));
  return {
    exportedAt: new Date(now).toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      plan: user.plan,
      credits: user.credits,
      timezone: user.timezone,
      createdAt: user.createdAt.toISOString(),
    },
    categories: categoryRows.map((category) => ({ name: category.name })),
    subscriptions: subscriptionRows.map(({ categoryId, createdAt, ...subscription }) => ({
      ...subscription,
      category: categoryId === null ? null : (categoryName.get(categoryId) ?? null),
      createdAt: createdAt.toISOString(),
    })),
    starredItems: starred.map((item) => ({
      title: item.title,
      link: item.link,
      feed: item.source,
      author: item.author,
      publishedAt: item.pubDate,
      content: item.content ?? item.description,
    })),
    generations: generationRows.map(toGeneration),
    preferences,
    wordpressSites: sites,
    appPasswords: appPasswords.map(({ name, createdAt, lastUsedAt }) => ({ name, createdAt, lastUsedAt })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccount>>>;

/**
 * Deletes the person and everything that is theirs. Returns the R2 keys of their generated images for
 * the caller to delete, or null when the account was already gone (a second, concurrent delete).
 */
export async function deleteAccount(db: Db, person: { id: number } & PersonPlacement) {
  const userId = person.id;
  const mine = db.people.of(person);
  const [followed, starred, images] = await Promise.all([
    mine.select({ feedId: subscriptions.feedId }).from(subscriptions).where(eq(subscriptions.userId, userId)),
    mine.select({ itemId: stars.itemId }).from(stars).where(eq(stars.userId, userId)),
    db
      .select({ key: aiGenerations.imageKey })
      .from(aiGenerations)
      .where(and(eq(aiGenerations.userId, userId), isNotNull(aiGenerations.imageKey))),
  ]);
  const [, deleted] = await db.batch([
    // The send log names the person's address; it goes with them rather than outliving the account.
    db.delete(emails).where(eq(emails.userId, userId)),
    db.delete(users).where(eq(users.id, userId)).returning({ id: users.id }),
  ]);
  if (deleted.length === 0) return null;
  // Their reading state is in their people database, out of reach of the users row's cascades.
  await mine.batch([
    mine.delete(stars).where(eq(stars.userId, userId)),
    mine.delete(readMarks).where(eq(readMarks.userId, userId)),
    mine.delete(subscriptions).where(eq(subscriptions.userId, userId)),
    mine.delete(categories).where(eq(categories.userId, userId)),
    mine.delete(readingLists).where(eq(readingLists.userId, userId)),
  ]);
  // The starred items count their stars no more.
  await releaseStars(
    db,
    starred.map((row) => row.itemId),
  );
  await deleteUnfollowedFeeds(
    db,
    followed.map((row) => row.feedId),
  );
  return images.flatMap((row) => (row.key ? [row.key] : []));
}
