// Starred items (issue 14; the Google Reader and Fever "starred"/"saved" state, issue 15): a row per
// person per item they saved. Only items of feeds the person follows can be starred or listed, and a
// starred item is listed with the person's read state like any other.
import { sql } from 'drizzle-orm';
import type { FeedItem } from '../contracts/feeds';
import { ApiError } from '../lib/errors';
import { type PeopleDb, statementOf } from './client';
import { releaseStars } from './feeds';
import { toFeedItem } from './items';
import { followedItemsByIds, getItem, itemRowColumns, type NamedItemRow, withMarks } from './items-by-id';
import type { StatementSubscription } from './person-scope';
import { isReadSql } from './read-state';
import { listedInScope, readingListOf, type UsersRowCopy } from './reading-list';
import { idListSql } from './shards';

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
  if (starred) await db.shards.of(item.id).run(sql`update items set star_count = star_count + 1 where id = ${item.id}`);
  else await releaseStars(db, [item.id]);
}

/** Which of these item ids the person starred. */
export async function starredAmong(db: PeopleDb, userId: number, itemIds: number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db.all<{ item_id: number }>(sql`select item_id from stars
    where user_id = ${userId} and item_id in (select value from json_each(${JSON.stringify(itemIds)}))`);
  return new Set(rows.map((row) => row.item_id));
}

/**
 * The items of followed feeds a person saved, newest published first (oldest with `oldestFirst`),
 * optionally of some feeds only; `after` is the last one shown.
 */
export async function listStarredItems(
  db: PeopleDb,
  userId: number,
  page: {
    limit: number;
    before?: { pubDate: number; id: number };
    oldestFirst?: boolean;
    feedIds?: number[];
    /** The person's subscriptions from their reading list, when the caller has it: none is read then. */
    listed?: StatementSubscription[];
  },
): Promise<FeedItem[]> {
  const older = page.oldestFirst ? sql`>` : sql`<`;
  const after = page.before
    ? sql`and (i.pub_date ${older} ${page.before.pubDate} or (i.pub_date = ${page.before.pubDate} and i.id ${older} ${page.before.id}))`
    : sql``;
  const scoped = page.feedIds ? sql`and st.feed_id in (${sql.raw(idListSql(page.feedIds))})` : sql``;
  const direction = page.oldestFirst ? sql`asc` : sql`desc`;
  const order = sql`order by i.pub_date ${direction}, i.id ${direction} limit ${page.limit}`;
  const followedStars = sql`from stars st join subscriptions s on s.user_id = st.user_id and s.feed_id = st.feed_id`;
  // One batch in the person's database: the starred items it holds itself, with the subscription and the
  // mark joined, in order (on one database: the session and this one call); and the stars of items held
  // in other feed shards, which are then read there and take their marks (two more round trips where the
  // caller has the reading list, three where the subscriptions are read first).
  const [here, elsewhere] = await db.$client.batch([
    statementOf(
      db,
      sql`select ${itemRowColumns}, s.name as source, ${isReadSql} as is_read ${followedStars}
        join items i on i.id = st.item_id
        left join read_marks m on m.user_id = st.user_id and m.feed_id = i.feed_id and m.seq = i.seq
        where st.user_id = ${userId} ${scoped} ${after} ${order}`,
    ),
    statementOf(
      db,
      sql`select st.item_id, st.feed_id ${followedStars}
        where st.user_id = ${userId} ${scoped} and not exists (select 1 from items i where i.id = st.item_id)`,
    ),
  ]);
  const rows = (here?.results ?? []) as NamedItemRow[];
  const elsewhereStars = (elsewhere?.results ?? []) as { item_id: number; feed_id: number }[];
  if (elsewhereStars.length > 0) {
    const read = await followedItemsByIds(
      db,
      userId,
      new Map(elsewhereStars.map((row) => [row.item_id, row.feed_id])),
      sql`${after} ${order}`,
      page.listed,
    );
    rows.push(...read);
  }
  rows.sort((a, b) => (page.oldestFirst ? -1 : 1) * (b.pub_date - a.pub_date || b.id - a.id));
  const shown = rows.slice(0, page.limit);
  // Marks of the rows from other shards shown (those of this database came with their statement).
  const fromElsewhere = new Set(elsewhereStars.map((star) => star.item_id));
  await withMarks(
    db,
    userId,
    shown.filter((row) => fromElsewhere.has(row.id)),
  );
  return shown.map((row) => ({ ...toFeedItem(row, row.source), isStarred: true }));
}

/** How many items the person has starred in the feeds they follow (the sidebar's Starred count). */
export async function countStarred(db: PeopleDb, userId: number): Promise<number> {
  // A star's feed is on the star itself; its item is never dropped while starred (star_count).
  const row = await db.get<{ total: number }>(sql`select count(*) as total from stars st
    join subscriptions s on s.user_id = st.user_id and s.feed_id = st.feed_id
    where st.user_id = ${userId}`);
  return row?.total ?? 0;
}

/** Ids of every item the person starred in feeds they follow. */
export async function starredItemIds(db: PeopleDb, userId: number): Promise<number[]> {
  const rows = await db.all<{ item_id: number }>(sql`select st.item_id from stars st
    join subscriptions s on s.user_id = st.user_id and s.feed_id = st.feed_id
    where st.user_id = ${userId} order by st.item_id desc`);
  return rows.map((row) => row.item_id);
}

/**
 * A page of GET /api/feed-items?filter=starred (of one feed or category when given): the list and the
 * cursor of the next page. The feeds in scope and their subscriptions come from the person's reading
 * list (`readingList`: the copy as the request has it, read with the session), not from their rows.
 */
export async function listStarredPage(
  db: PeopleDb,
  userId: number,
  query: {
    limit: number;
    cursor?: string;
    sort: 'newest' | 'oldest';
    feedId?: number;
    categoryId?: number;
    readingList?: UsersRowCopy;
  },
) {
  let before: { pubDate: number; id: number } | undefined;
  if (query.cursor) {
    const match = /^starred:(\d{1,16}):(\d{1,16})$/.exec(safeAtob(query.cursor));
    if (!match) throw new ApiError('BAD_REQUEST', 'Invalid cursor');
    before = { pubDate: Number(match[1]), id: Number(match[2]) };
  }
  const scoped = query.feedId !== undefined || query.categoryId !== undefined;
  // The list where the request has it already, or needs the scope's feeds; read only for the stars of
  // other shards, it would cost a round trip before the stars where it saves one after them.
  const list = query.readingList || scoped ? await readingListOf(db, userId, query.readingList) : undefined;
  const rows = await listStarredItems(db, userId, {
    limit: query.limit + 1,
    before,
    oldestFirst: query.sort === 'oldest',
    feedIds:
      list && scoped
        ? listedInScope(list, { feedId: query.feedId, categoryId: query.categoryId }).map((row) => row.feedId)
        : undefined,
    listed: list && listedInScope(list, {}),
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last ? btoa(`starred:${Date.parse(last.pubDate)}:${last.id}`) : null,
  };
}

function safeAtob(text: string) {
  try {
    return atob(text);
  } catch {
    return '';
  }
}
