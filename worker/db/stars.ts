// Starred items (issue 14; the Google Reader and Fever "starred"/"saved" state, issue 15): a row per
// person per item they saved. Only items of feeds the person follows can be starred or listed, and a
// starred item is listed with the person's read state like any other.
import { sql } from 'drizzle-orm';
import type { FeedItem } from '../contracts/feeds';
import type { Db } from './client';
import { getItem, toFeedItem } from './items';
import { itemColumns, type NamedItemRow } from './items-by-id';

/** Stars or unstars one of the person's items; 404 for an item they cannot see. */
export async function setItemStarred(db: Db, userId: number, itemId: number, starred: boolean) {
  const { item } = await getItem(db, userId, itemId);
  if (starred) {
    await db.run(sql`insert into stars (user_id, item_id, feed_id, created_at)
      values (${userId}, ${item.id}, ${item.feedId}, ${Date.now()}) on conflict do nothing`);
  } else {
    await db.run(sql`delete from stars where user_id = ${userId} and item_id = ${item.id}`);
  }
}

/** Which of these item ids the person starred. */
export async function starredAmong(db: Db, userId: number, itemIds: number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db.all<{ item_id: number }>(sql`select item_id from stars
    where user_id = ${userId} and item_id in (select value from json_each(${JSON.stringify(itemIds)}))`);
  return new Set(rows.map((row) => row.item_id));
}

/** The items of followed feeds a person saved, newest published first; `before` is the last one shown. */
export async function listStarredItems(
  db: Db,
  userId: number,
  page: { limit: number; before?: { pubDate: number; id: number } },
): Promise<FeedItem[]> {
  const after = page.before
    ? sql`and (i.pub_date < ${page.before.pubDate} or (i.pub_date = ${page.before.pubDate} and i.id < ${page.before.id}))`
    : sql``;
  const rows = await db.all<NamedItemRow>(sql`select ${itemColumns}
    from stars st
    join items i on i.id = st.item_id
    join subscriptions s on s.user_id = st.user_id and s.feed_id = i.feed_id
    left join read_marks m on m.user_id = st.user_id and m.feed_id = i.feed_id and m.seq = i.seq
    where st.user_id = ${userId} ${after}
    order by i.pub_date desc, i.id desc limit ${page.limit}`);
  return rows.map((row) => toFeedItem(row, row.source));
}

/** Ids of every item the person starred in feeds they follow. */
export async function starredItemIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.all<{ item_id: number }>(sql`select st.item_id from stars st
    join items i on i.id = st.item_id
    join subscriptions s on s.user_id = st.user_id and s.feed_id = i.feed_id
    where st.user_id = ${userId} order by st.item_id desc`);
  return rows.map((row) => row.item_id);
}
