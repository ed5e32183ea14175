// Starring (issue 14; the Google Reader and Fever "starred"/"saved" state, issue 15): a row per person per
// item they saved. Only items of feeds the person follows can be starred. Listing and counting starred
// items is the reading core's (items/: state 'starred').
import { sql } from 'drizzle-orm';
import type { PeopleDb } from './client';
import { releaseStars } from './feeds';
import { getItem } from './item-row';

/** Stars or unstars one of the person's items; 404 for an item they cannot see. */
export async function setItemStarred(db: PeopleDb, userId: number, itemId: number, starred: boolean) {
  const { item } = await getItem(db, userId, itemId);
  // The star is the person's (their people database); the item, in its feed's shard, counts its stars so that
  // retention keeps it. The count moves only when the star itself changed.
  const changed = starred
    ? await db.run(sql`insert into stars (user_id, item_id, feed_id, created_at)
        values (${userId}, ${item.id}, ${item.feedId}, ${Date.now()}) on conflict do nothing`)
    : await db.run(sql`delete from stars where user_id = ${userId} and item_id = ${item.id}`);
  if (changed.meta.changes === 0) return;
  if (!starred) {
    await releaseStars(db, [item.id]);
    return;
  }
  // The count's update says, from the item's own shard, whether a rule of the person hid it (issue 26):
  // then the star says so too, so the starred count and ids leave it out. A probe of hidden_items' key,
  // no round trip more unless it is hidden.
  const [counted] = await db.shards.of(item.id).all<{ hidden: number }>(
    sql`update items set star_count = star_count + 1 where id = ${item.id}
      returning exists (select 1 from hidden_items h where h.user_id = ${userId} and h.feed_id = items.feed_id and h.seq = items.seq) as hidden`,
  );
  if (counted?.hidden)
    await db.run(sql`update stars set hidden = 1 where user_id = ${userId} and item_id = ${item.id}`);
}
