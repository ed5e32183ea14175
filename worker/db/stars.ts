// Starring (issue 14; the Google Reader and Fever "starred"/"saved" state, issue 15): a row per person per
// item they saved. Only items of feeds the person follows can be starred. Listing and counting starred
// items is the reading core's (items/: state 'starred').
import { sql } from 'drizzle-orm';
import type { PeopleDb } from './client';
import { releaseStars } from './feeds';
import { getItem } from './item-row';

/**
 * Stars or unstars one of the person's items; 404 for an item they cannot see. Two databases: the star is
 * the person's (their people database); the item, in its feed's shard, counts its stars so that retention
 * keeps it, beside a keeper row per person (schema star_keepers) written in the same batch as the count.
 * The count moves only when the keeper changed, so a request sent again after stopping between the two
 * databases moves it once. Starring writes the keeper first: stopped there, the item is kept a while
 * longer but shows unstarred until it is sent again; unstarring deletes the star first, for the same.
 */
export async function setItemStarred(db: PeopleDb, userId: number, itemId: number, starred: boolean) {
  const { item } = await getItem(db, userId, itemId);
  const shard = db.shards.of(item.id).$client;
  if (!starred) {
    const removed = await db.run(sql`delete from stars where user_id = ${userId} and item_id = ${item.id}`);
    await releaseStars(db, userId, [item.id], { starsDeleted: removed.meta.changes > 0 });
    return;
  }
  // A star already there is counted already, with its keeper or (made before migration 0037) without one:
  // then the keeper is only written.
  const already = await db.get<{ found: number }>(
    sql`select 1 as found from stars where user_id = ${userId} and item_id = ${item.id}`,
  );
  // The keeper and the count at once; and whether a rule of the person hid the item (issue 26): then the
  // star says so too, so that the starred count and ids leave it out.
  const [, , hiddenRows] = await shard.batch<{ hidden: number }>([
    shard
      .prepare('insert into star_keepers (item_id, user_id) values (?1, ?2) on conflict do nothing')
      .bind(item.id, userId),
    shard
      .prepare('update items set star_count = star_count + 1 where id = ?1 and changes() > 0 and not ?2')
      .bind(item.id, already ? 1 : 0),
    shard
      .prepare(
        `select exists (select 1 from items i join hidden_items h on h.user_id = ?2 and h.feed_id = i.feed_id and h.seq = i.seq
          where i.id = ?1) as hidden`,
      )
      .bind(item.id, userId),
  ]);
  const hidden = hiddenRows?.results[0]?.hidden ? 1 : 0;
  await db.run(sql`insert into stars (user_id, item_id, feed_id, created_at, hidden)
    values (${userId}, ${item.id}, ${item.feedId}, ${Date.now()}, ${hidden}) on conflict do nothing`);
}
