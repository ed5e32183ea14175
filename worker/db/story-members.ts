// What story threads read of a person's items in stories (issue 24, docs/stories.md): the unread ones of
// their feeds that belong to a story, and the items of given stories in given feeds. Which item stands for
// a story is story-first-sources.ts's rule; this file only reads.
import { sql } from 'drizzle-orm';
import type { Db, PeopleDb } from './client';
import { keptUnreadSql, markKey, readMarksAt } from './person-scope';
import { groupByShard, idListSql } from './shards';
import type { StoryMember } from './story-first-sources';

/** An unread item of a story in one of the person's feeds. */
export type UnreadInStory = { id: number; feedId: number; storyId: number };

/** A row of the statements below: an item of a story at its position. */
export type StoryItemRow = { id: number; feed_id: number; seq: number; story_id: number; created_at: number };

/** A feed's read watermark, as the person's reading list gives it. */
type Watermark = { feedId: number; readSeq: number };

/**
 * For one feed shard: the items of a story above these feeds' watermarks, through items_feed_story_idx,
 * so that only items in stories are read, never the feeds' other unread items. The feeds are a table of
 * values (no row read for it).
 */
export const storyItemsAboveSql = (feeds: Watermark[]) => sql`
  select i.id, i.feed_id, i.seq, i.story_id, i.created_at
  from (values ${sql.raw(feeds.map((feed) => `(${idListSql([feed.feedId, feed.readSeq])})`).join(', '))}) v
  join items i on i.feed_id = v.column1 and i.seq > v.column2 and i.story_id is not null`;

/** For the person's own database: their kept-unread marks (items at or below a watermark kept unread) on these feeds. */
export const keptUnreadOnSql = (userId: number, feedIds: number[]) =>
  keptUnreadSql(userId, sql`feed_id in (${sql.raw(idListSql(feedIds))})`);

/** The reads above, per database: what a caller puts in its own round trip (the sidebar does). */
export function storyCountReads(db: PeopleDb, userId: number, feeds: Watermark[]) {
  const byFeed = new Map(feeds.map((feed) => [feed.feedId, feed]));
  return {
    above: [...groupByShard(byFeed.keys())]
      .filter(([shard]) => shard < db.shards.count)
      .map(([shard, ids]) => ({
        db: db.shards.at(shard) as Db,
        query: storyItemsAboveSql(ids.map((id) => byFeed.get(id) as Watermark)),
      })),
    kept: { db: db as Db, query: keptUnreadOnSql(userId, [...byFeed.keys()]) },
  };
}

const asMember = (row: Omit<StoryItemRow, 'seq'>): StoryMember => ({
  id: row.id,
  feedId: row.feed_id,
  storyId: row.story_id,
  createdAt: row.created_at,
});

/**
 * The items of these stories in these feeds, from the feeds' shards, from items_story_idx alone (it holds
 * each item's story, feed and arrival): a probe per story and feed of the shard, so what it reads grows
 * with the person's feeds, never with how many feeds of other people carry the story (a big story is in
 * hundreds).
 */
export async function storyMembers(db: Db, storyIds: number[], feedIds: number[]): Promise<StoryMember[]> {
  if (storyIds.length === 0 || feedIds.length === 0) return [];
  const stories = [...new Set(storyIds)];
  return db.shards.each(feedIds, async (shard, inShard) => {
    const pairs = stories.flatMap((story) => inShard.map((feed) => `(${idListSql([story, feed])})`)).join(', ');
    return (
      await shard.all<Omit<StoryItemRow, 'seq'>>(sql`select i.id, i.feed_id, i.story_id, i.created_at
        from (values ${sql.raw(pairs)}) v join items i on i.story_id = v.column1 and i.feed_id = v.column2`)
    ).map(asMember);
  });
}

/** The items at these kept-unread positions that are in a story, in their feeds' shards. */
async function keptInStories(db: Db, kept: { feed_id: number; seq: number }[]): Promise<StoryItemRow[]> {
  if (kept.length === 0) return [];
  const pairs = (rows: { feed_id: number; seq: number }[]) =>
    rows.map((row) => `(${idListSql([row.feed_id, row.seq])})`).join(', ');
  const byShard = groupByShard(kept.map((row) => row.feed_id));
  const rows = await Promise.all(
    [...byShard].map(([shard, feedIds]) => {
      const inShard = new Set(feedIds);
      return db.shards.at(shard).all<StoryItemRow>(sql`select i.id, i.feed_id, i.seq, i.story_id, i.created_at
        from (values ${sql.raw(pairs(kept.filter((row) => inShard.has(row.feed_id))))}) v
        join items i on i.feed_id = v.column1 and i.seq = v.column2 where i.story_id is not null`);
    }),
  );
  return rows.flat();
}

/**
 * From the reads of storyCountReads (the items of stories above the watermarks, the kept-unread marks):
 * the person's unread items in stories, and every item of those stories in their feeds. One round trip
 * when they have unread items in stories (their marks, the stories' items and the kept-unread positions'
 * items at once), one more only when an item kept unread is in a story none of the others is; none when
 * they have neither.
 */
export async function unreadStoriesOf(
  db: PeopleDb,
  userId: number,
  feedIds: number[],
  read: { above: StoryItemRow[]; kept: { feed_id: number; seq: number }[] },
): Promise<{ unread: UnreadInStory[]; members: StoryMember[] }> {
  const { above, kept } = read;
  if (above.length === 0 && kept.length === 0) return { unread: [], members: [] };
  const [marks, members, keptItems] = await Promise.all([
    // Above a watermark a mark can only say "read on its own".
    above.length > 0 ? readMarksAt(db, userId, above) : new Map<string, number>(),
    storyMembers(
      db,
      above.map((row) => row.story_id),
      feedIds,
    ),
    keptInStories(db, kept),
  ]);
  const known = new Set(above.map((row) => row.story_id));
  const unknown = keptItems.map((row) => row.story_id).filter((id) => !known.has(id));
  if (unknown.length > 0) members.push(...(await storyMembers(db, unknown, feedIds)));
  const unread = [...above.filter((row) => marks.get(markKey(row)) !== 1), ...keptItems].map((row) => ({
    id: row.id,
    feedId: row.feed_id,
    storyId: row.story_id,
  }));
  return { unread, members };
}
