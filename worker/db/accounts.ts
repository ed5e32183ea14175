// A person's whole account: their name and the export of everything they made. Deleting it, which
// spans databases, is account-deletion.ts's.
import { asc, desc, eq } from 'drizzle-orm';
import { aiGenerations, categories, subscriptions, users, wordpressSites } from '../../schema';
import type { FeedItem } from '../contracts/feeds';
import { itemChars } from '../lib/response-budget';
import { listAppPasswords } from './app-passwords';
import type { Db, PersonPlacement } from './client';
import { withFeedRows } from './feeds';
import { toGeneration } from './generations';
import { queryItems } from './items';
import { getPreferences } from './preferences';
import { createReader } from './reader';
import { copyUsersRow } from './users-row-copy';

// Starred items are few (people save what they mean to keep); the export holds up to this many.
const MAX_EXPORTED_STARS = 10_000;
/** Stars read at once when the export sends them page by page: 25 at the content cap are 5 M characters. */
const FIRST_STAR_PAGE = 25;
const MOST_STARS_PER_PAGE = 1_000;
const READ_BUDGET_CHARS = 5_000_000;

export async function renameUser(db: Db, userId: number, name: string) {
  const [user] = await db.update(users).set({ name }).where(eq(users.id, userId)).returning();
  await copyUsersRow(db, userId);
  return user ?? null;
}

export async function setUserTimeZone(db: Db, userId: number, timezone: string) {
  const [user] = await db.update(users).set({ timezone }).where(eq(users.id, userId)).returning();
  await copyUsersRow(db, userId);
  return user ?? null;
}

/** "Group the same story from different feeds" on or off (issue 24). */
export async function setGroupStories(db: Db, userId: number, groupStories: boolean) {
  const [user] = await db.update(users).set({ groupStories }).where(eq(users.id, userId)).returning();
  await copyUsersRow(db, userId);
  return user ?? null;
}

/**
 * Everything the person made, as plain JSON (OPML stays at its own export). `starred: false` leaves the
 * starred items out (an empty list), for an answer that sends them page by page (exportedStarPages).
 */
export async function exportAccount(
  db: Db,
  person: { id: number } & PersonPlacement,
  now = Date.now(),
  { starred: withStars = true }: { starred?: boolean } = {},
) {
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
      listAppPasswords(db, person),
      withStars
        ? queryItems(createReader(mine, user), {
            scope: { kind: 'all' },
            state: 'starred',
            order: 'newest',
            limit: MAX_EXPORTED_STARS,
          }).then((page) => page.items)
        : [],
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
    starredItems: starred.map(exportedStar),
    generations: generationRows.map(toGeneration),
    preferences,
    wordpressSites: sites,
    appPasswords: appPasswords.map(({ name, createdAt, lastUsedAt }) => ({ name, createdAt, lastUsedAt })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccount>>>;

/** A starred item as the export writes it. */
export const exportedStar = (item: FeedItem) => ({
  title: item.title,
  link: item.link,
  feed: item.source,
  author: item.author,
  publishedAt: item.pubDate,
  content: item.content ?? item.description,
});

/**
 * The person's starred items (up to MAX_EXPORTED_STARS, newest first) a page at a time, each page sized
 * to hold about READ_BUDGET_CHARS at the largest item seen so far (issue 29: 10,000 stars of 200 KB are
 * 2 GB; a page holds a few MB whatever the stars are).
 */
export async function* exportedStarPages(db: Db, person: { id: number } & PersonPlacement) {
  const [user] = await db.select().from(users).where(eq(users.id, person.id)).limit(1);
  if (!user) return;
  const reader = createReader(db.people.of(person), user);
  let cursor: string | undefined;
  let sent = 0;
  let largest = 0;
  for (;;) {
    const limit = Math.min(
      MAX_EXPORTED_STARS - sent,
      sent === 0
        ? FIRST_STAR_PAGE
        : Math.max(1, Math.min(MOST_STARS_PER_PAGE, Math.floor(READ_BUDGET_CHARS / largest))),
    );
    const page = await queryItems(reader, { scope: { kind: 'all' }, state: 'starred', order: 'newest', cursor, limit });
    for (const item of page.items) largest = Math.max(largest, itemChars(item));
    sent += page.items.length;
    yield page.items.map(exportedStar);
    if (!page.nextCursor || sent >= MAX_EXPORTED_STARS || page.items.length === 0) return;
    cursor = page.nextCursor;
  }
}
