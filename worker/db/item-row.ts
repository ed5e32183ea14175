// One item's stored row for the work done on it (its full article, a rewrite, a featured image) and the
// marks a person puts on it: not a list. Lists of a person's items are the reading core's (items/).
import { and, eq, inArray } from 'drizzle-orm';
import { items, subscriptions } from '../../schema';
import { notFound } from '../lib/errors';
import type { Db, PeopleDb } from './client';
import { markItem, markItemInStory } from './read-state';
import { shardOfId } from './shards';

/**
 * One item's stored row, if the person follows its feed: in their own database one statement joins the
 * item to their subscription; an item elsewhere is read in its shard, then the subscription in theirs.
 */
export async function getItem(db: PeopleDb, userId: number, itemId: number) {
  const shard = shardOfId(itemId);
  // An id a person typed may name a shard this deployment does not have.
  if (shard >= db.shards.count) throw notFound('Feed item');
  const mine = and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, items.feedId));
  const columns = { item: items, source: subscriptions.name, readSeq: subscriptions.readSeq };
  if (shard === db.shards.indexOf(db)) {
    const [row] = await db
      .select(columns)
      .from(items)
      .innerJoin(subscriptions, mine)
      .where(eq(items.id, itemId))
      .limit(1);
    if (!row) throw notFound('Feed item');
    return row;
  }
  const [item] = await db.shards.at(shard).select().from(items).where(eq(items.id, itemId)).limit(1);
  const [subscription] = item
    ? await db
        .select({ source: subscriptions.name, readSeq: subscriptions.readSeq })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, item.feedId)))
        .limit(1)
    : [];
  if (!item || !subscription) throw notFound('Feed item');
  return { item, ...subscription };
}

/**
 * Marks one of the person's items read or unread; 404 for an item they cannot see. Reading an item of a
 * story (issue 24) reads the story: every other item of it in a feed the person follows is marked read
 * too, whichever surface marked it (the web app, Google Reader or Fever clients). Unread stays one item.
 */
export async function setItemRead(db: PeopleDb, userId: number, itemId: number, isRead: boolean) {
  const { found, storyId } = await markItemInStory(db, userId, itemId, isRead);
  if (!found) throw notFound('Feed item');
  if (isRead && storyId !== null) await markStoryRead(db, userId, storyId, itemId);
}

/**
 * The story's other items, in every feed shard (through the story index of items), marked read where the
 * person follows their feed (markItem refuses the others).
 */
async function markStoryRead(db: PeopleDb, userId: number, storyId: number, readItemId: number) {
  const members = await Promise.all(
    Array.from({ length: db.shards.count }, (_, shard) =>
      db.shards.at(shard).select({ id: items.id }).from(items).where(eq(items.storyId, storyId)),
    ),
  );
  const others = members.flat().filter((row) => row.id !== readItemId);
  await Promise.all(others.map((row) => markItem(db, userId, row.id, true)));
}

export async function saveArticleContent(db: Db, itemId: number, content: string, at = new Date()) {
  await db.shards
    .of(itemId)
    .update(items)
    .set({ articleContent: content, articleFetchedAt: at })
    .where(eq(items.id, itemId));
}

/** The article page could not be read at `at`: remembered so that it is not fetched again at once. */
export async function recordArticleFailure(db: Db, itemId: number, at = new Date()) {
  await db.shards.of(itemId).update(items).set({ articleFetchedAt: at }).where(eq(items.id, itemId));
}

/** What the full article of each of these items needs and has: its link, the feed's text, the article. */
export function articleSources(db: Db, itemIds: number[]) {
  return db.shards.each(itemIds, (shard, ids) =>
    shard
      .select({
        id: items.id,
        link: items.link,
        content: items.content,
        description: items.description,
        articleContent: items.articleContent,
        articleFetchedAt: items.articleFetchedAt,
      })
      .from(items)
      .where(inArray(items.id, ids)),
  );
}
