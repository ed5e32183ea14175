// Stories that started before their first item kept the list of their items (migration 0034) have none,
// so every grouped page that shows one looks it up per story and feed in the feeds' shards (a row per
// story and feed of the list, docs/stories.md). A page that meets such a story hands it here, after its
// response: its items are gathered from every feed shard and written as the first item's list, once, so
// the next page reads one row for it. A migration could not do it: each database runs its migrations
// alone, and a story's items are in any feed shard.
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { idListSql } from './shards';

/**
 * Writes the list of each of these stories on its first item, where that item is still there without
 * one and the story is closed, its first item having arrived before `closedBefore`: only an item arriving
 * within the story window (stories/grouping.ts STORY_WINDOW_MS) of the first one joins it, so past that
 * no refresh adds to the list while it is gathered here (a join then would be lost, the
 * refresh writing to a list only once there is one: db/story-index.ts markStoriesStarted). A story
 * still open is left to the next page that meets it. Costs, once per story: its first item (a row), its
 * items (a row each, through items_story_idx, one call per feed shard) and the write.
 */
export async function repairStoryLists(db: Db, storyIds: number[], closedBefore: number): Promise<number> {
  const stories = [...new Set(storyIds)];
  if (stories.length === 0) return 0;
  const unlisted = await db.shards.each(stories, (shard, ids) =>
    shard.all<{ id: number }>(sql`select id from items where id in (${sql.raw(idListSql(ids))})
      and story_id = id and story_sources is null and created_at < ${closedBefore}`),
  );
  if (unlisted.length === 0) return 0;
  const ids = unlisted.map((row) => row.id);
  const entries = (
    await Promise.all(
      db.shards
        .all()
        .map((shard) =>
          shard.all<{ story_id: number; feed_id: number; id: number; created_at: number }>(
            sql`select story_id, feed_id, id, created_at from items where story_id in (${sql.raw(idListSql(ids))})`,
          ),
        ),
    )
  ).flat();
  // In order of arrival, as the refreshes append them.
  entries.sort((a, b) => a.created_at - b.created_at || a.id - b.id);
  const lists = new Map<number, [number, number, number][]>();
  for (const row of entries)
    lists.set(row.story_id, [...(lists.get(row.story_id) ?? []), [row.feed_id, row.id, row.created_at]]);
  let written = 0;
  await db.shards.each(ids, async (shard, inShard) => {
    const statements = inShard.flatMap((id) => {
      const list = lists.get(id);
      return list
        ? [
            shard.$client
              .prepare('update items set story_sources = ?2 where id = ?1 and story_id = id and story_sources is null')
              .bind(id, JSON.stringify(list)),
          ]
        : [];
    });
    if (statements.length > 0) await shard.$client.batch(statements);
    written += statements.length;
    return [];
  });
  return written;
}
