// Items by id, as one person sees them (sync clients ask for items by id: issue 15): only items of
// feeds they follow, each with their read state and the name they gave the feed.
import { sql } from 'drizzle-orm';
import type { FeedItem } from '../contracts/feeds';
import type { Db } from './client';
import { type ItemRow, toFeedItem } from './items';
import { isReadSql } from './read-state';

export type NamedItemRow = ItemRow & { source: string };

/** An item row with the person's read state (read_marks `m`, subscription `s`) and feed name. */
export const itemColumns = sql`i.id, i.feed_id, i.title, i.description, i.content, i.link, i.thumbnail, i.author,
  i.pub_date, i.created_at, ${isReadSql} as is_read, s.name as source`;

/** These items, as the person sees them; ids of items they cannot see are left out. */
export async function getFeedItemsByIds(db: Db, userId: number, itemIds: number[]): Promise<FeedItem[]> {
  if (itemIds.length === 0) return [];
  const rows = await db.all<NamedItemRow>(sql`select ${itemColumns}
    from items i
    join subscriptions s on s.user_id = ${userId} and s.feed_id = i.feed_id
    left join read_marks m on m.user_id = ${userId} and m.feed_id = i.feed_id and m.seq = i.seq
    where i.id in (select value from json_each(${JSON.stringify(itemIds)}))
    order by i.pub_date desc, i.id desc`);
  return rows.map((row) => toFeedItem(row, row.source));
}

/**
 * Items of the person's feeds by id order, for the Fever API's paging: after `afterId` ascending, or
 * before `beforeId` descending (the newest when neither is given).
 */
export async function listItemsByIdOrder(
  db: Db,
  userId: number,
  page: { afterId?: number; beforeId?: number; limit: number },
): Promise<FeedItem[]> {
  const ascending = page.afterId !== undefined;
  const bound =
    page.afterId !== undefined
      ? sql`and i.id > ${page.afterId}`
      : page.beforeId !== undefined
        ? sql`and i.id < ${page.beforeId}`
        : sql``;
  const rows = await db.all<NamedItemRow>(sql`select ${itemColumns}
    from subscriptions s
    join items i on i.feed_id = s.feed_id ${bound}
    left join read_marks m on m.user_id = s.user_id and m.feed_id = i.feed_id and m.seq = i.seq
    where s.user_id = ${userId}
    order by i.id ${ascending ? sql`asc` : sql`desc`} limit ${page.limit}`);
  return rows.map((row) => toFeedItem(row, row.source));
}

/** Ids of the person's unread items, newest first, at most `limit`. */
export async function unreadItemIds(db: Db, userId: number, limit: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`select i.id
    from subscriptions s
    join items i on i.feed_id = s.feed_id
    left join read_marks m on m.user_id = s.user_id and m.feed_id = i.feed_id and m.seq = i.seq
    where s.user_id = ${userId} and ${isReadSql} = 0
    order by i.id desc limit ${limit}`);
  return rows.map((row) => row.id);
}

/** How many items the person's feeds hold. */
export async function countItems(db: Db, userId: number): Promise<number> {
  const row = await db.get<{ total: number }>(sql`select count(*) as total
    from subscriptions s join items i on i.feed_id = s.feed_id where s.user_id = ${userId}`);
  return row?.total ?? 0;
}
