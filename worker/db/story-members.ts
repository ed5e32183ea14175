// What story threads read of a person's items in stories (issue 24, docs/stories.md): the unread ones of
// their feeds that belong to a story, and the items of given stories in given feeds. Which item stands for
// a story is story-first-sources.ts's rule; this file only reads.
import { type SQL, sql } from 'drizzle-orm';
import type { Db, PeopleDb } from './client';
import { markKey, readMarksAt } from './person-scope';
import { groupByShard, idListSql } from './shards';
import type { StoryMember } from './story-first-sources';

/** An unread item of a story in one of the person's feeds. */
export type UnreadInStory = { id: number; feedId: number; storyId: number };

/** A row of the statements below: an item of a story at its position. */
export type StoryItemRow = { id: number; feed_id: number; seq: number; story_id: number; created_at: number };

/**
 * A feed's unread items of stories, as a column of the sidebar's statement on its row `f` (JSON text of
 * [id, seq, story_id, created_at] rows, or null): read through items_feed_story_idx only when the feed's
 * `story_seq` (its newest item that joined a story at ingest) is above the person's watermark. Only such
 * an item can be a later source of its story (a story's first item is first in any scope that holds it),
 * so a feed with none above the watermark costs no probe: its count reads its own row and the
 * subscription's, 2 rows, as before story counts.
 */
export const storyItemsAboveColumn = (watermark: SQL) => sql`case when f.story_seq > ${watermark} then (
    select json_group_array(json_array(i.id, i.seq, i.story_id, i.created_at)) from items i
    where i.feed_id = f.id and i.seq > ${watermark} and i.story_id is not null) end`;

/** The rows of a storyItemsAboveColumn value (null or an empty array: none). */
export function storyItemsAboveOf(feedId: number, json: string | null): StoryItemRow[] {
  if (!json) return [];
  return (JSON.parse(json) as [number, number, number, number][]).map(([id, seq, storyId, createdAt]) => ({
    id,
    feed_id: feedId,
    seq,
    story_id: storyId,
    created_at: createdAt,
  }));
}

const asMember = (row: Omit<StoryItemRow, 'seq'>): StoryMember => ({
  id: row.id,
  feedId: row.feed_id,
  storyId: row.story_id,
  createdAt: row.created_at,
});

/**
 * The first item of each of these stories in each of these feeds. A story's first item keeps the list of its
 * items (`story_sources`, written at each join: db/story-index.ts markStoriesStarted), so this reads a row
 * per story, in the shard of its first item (its id names it), whatever the feeds of the person or of the
 * story: all at once, one round trip. Only stories that started before the list was kept are looked up in
 * the feeds' shards, after.
 */
export async function storyMembers(
  db: Db,
  storyIds: number[],
  feedIds: number[],
  /** Told the stories found without a list, to have theirs written (db/story-list-repair.ts). */
  unlistedFound?: (storyIds: number[]) => void,
): Promise<StoryMember[]> {
  const stories = [...new Set(storyIds)];
  if (stories.length === 0 || feedIds.length === 0) return [];
  const scope = new Set(feedIds);
  const rows = await db.shards.each(stories, (shard, ids) =>
    shard.all<{ id: number; story_sources: string | null }>(
      sql`select id, story_sources from items where id in (${sql.raw(idListSql(ids))})`,
    ),
  );
  const listed = new Map(rows.flatMap((row) => (row.story_sources ? [[row.id, row.story_sources] as const] : [])));
  const members = [...listed].flatMap(([storyId, list]) => firstPerFeed(storyId, JSON.parse(list) as Entry[], scope));
  const unlisted = stories.filter((story) => !listed.has(story));
  if (unlisted.length > 0) unlistedFound?.(unlisted);
  return unlisted.length > 0 ? [...members, ...(await storyMembersInShards(db, unlisted, feedIds))] : members;
}

/**
 * The first item of the story in each of these feeds, from its list as a page's row read it (JSON text,
 * db/items ItemQuery.storyLists): no read.
 */
export const storyMembersFromList = (storyId: number, list: string, feedIds: number[]): StoryMember[] =>
  firstPerFeed(storyId, JSON.parse(list) as Entry[], new Set(feedIds));

/**
 * The first item of each of these stories in each of these feeds, for stories known to have no list (a page's
 * row read their first item without one): looked up in the feeds' shards at once, one round trip.
 */
export const unlistedStoryMembers = (db: Db, storyIds: number[], feedIds: number[]) =>
  storyMembersInShards(db, storyIds, feedIds);

/** An entry of a story's list: [feed, item, arrival]. */
type Entry = [feedId: number, id: number, createdAt: number];

/** The first item of the story in each feed of the scope, from its list. */
function firstPerFeed(storyId: number, entries: Entry[], scope: Set<number>): StoryMember[] {
  const first = new Map<number, Entry>();
  for (const entry of entries) {
    const [feedId, id, createdAt] = entry;
    const known = first.get(feedId);
    if (!scope.has(feedId) || (known && (known[2] < createdAt || (known[2] === createdAt && known[1] < id)))) continue;
    first.set(feedId, entry);
  }
  return [...first.values()].map(([feedId, id, createdAt]) =>
    asMember({ id, feed_id: feedId, story_id: storyId, created_at: createdAt }),
  );
}

/**
 * The first item of each of these stories in each of these feeds, from the feeds' shards, for stories
 * without a list of their items (they started before story_sources was kept): a lookup per
 * story and feed in items_story_idx (story, feed, arrival), which holds all it answers and stops at the
 * first entry, so it costs a row whether it finds one or not, never the other people's feeds that carry a
 * big story (a big story is in hundreds). A feed's later item of a story is the same item republished
 * (grouping.ts): it is a later source of its story, and the card names the feed once.
 */
async function storyMembersInShards(db: Db, storyIds: number[], feedIds: number[]): Promise<StoryMember[]> {
  if (storyIds.length === 0 || feedIds.length === 0) return [];
  const stories = [...new Set(storyIds)];
  return db.shards.each(feedIds, async (shard, inShard) => {
    const pairs = stories.flatMap((story) => inShard.map((feed) => `(${idListSql([story, feed])})`)).join(', ');
    const rows = await shard.all<{ story_id: number; feed_id: number; first: string | null }>(sql`
      select v.column1 as story_id, v.column2 as feed_id, (
        select json_array(i.id, i.created_at) from items i indexed by items_story_idx
        where i.story_id = v.column1 and i.feed_id = v.column2
        order by i.created_at, i.id limit 1) as first
      from (values ${sql.raw(pairs)}) v`);
    return rows.flatMap((row) => {
      if (!row.first) return [];
      const [id, createdAt] = JSON.parse(row.first) as [number, number];
      return [asMember({ id, feed_id: row.feed_id, story_id: row.story_id, created_at: createdAt })];
    });
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
