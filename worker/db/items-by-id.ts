// Items by id, as one person sees them (an item opened, marked or starred; sync clients, issue 15): only items of
// feeds they follow, each with their read state and the name they gave the feed. The items come from
// their feeds' shards, the subscriptions and marks from the person's database (person-scope.ts).
import { and, eq, sql } from 'drizzle-orm';
import { items, subscriptions } from '../../schema';
import type { FeedItem } from '../contracts/feeds';
import { notFound } from '../lib/errors';
import type { Db, PeopleDb } from './client';
import { type ItemRow, toFeedItem } from './items';
import {
  acrossFeedShards,
  isStarredSql,
  keptUnreadMarks,
  markKey,
  readMarksAt,
  type StatementSubscription,
  type SubscriptionState,
  subscriptionsInScope,
} from './person-scope';
import { isReadSql, markItem } from './read-state';
import { groupByShard, idListSql, settledItemIdBound, shardOfId } from './shards';

export type NamedItemRow = ItemRow & { source: string; seq: number };

/** An item row (`i`) with the watermark's read state and the feed's name (subscription `s`). */
export const itemColumns = sql`i.id, i.feed_id, i.seq, i.title, i.description, i.content, i.link, i.thumbnail, i.author,
  i.pub_date, i.created_at, i.seq <= s.read_seq as is_read, s.name as source`;

/** Corrects the watermark's read state with the person's marks of exactly these rows. */
export async function withMarks(db: PeopleDb, userId: number, rows: NamedItemRow[]) {
  const marks = await readMarksAt(db, userId, rows);
  for (const row of rows) {
    const mark = marks.get(markKey(row));
    if (mark !== undefined) row.is_read = mark;
  }
  return rows;
}

const byDateNewestFirst = (a: ItemRow, b: ItemRow) => b.pub_date - a.pub_date || b.id - a.id;

/** Ids per statement: a statement's text stays far below D1's 100 KB with ids of 16 digits (36 KB). */
const IDS_PER_STATEMENT = 2000;

/**
 * These items (`feedOf` says each one's feed) of feeds the person follows, from their shards, with the
 * watermark's read state; `rest` adds conditions, order and limit to each statement (each gives its
 * first rows: the caller merges). `listed`: the person's subscriptions from their reading list, when the
 * caller has it (reading-list.ts), so that none is read here.
 */
export async function followedItemsByIds(
  db: PeopleDb,
  userId: number,
  feedOf: Map<number, number>,
  rest = sql``,
  listed?: StatementSubscription[],
) {
  const feedIds = new Set(feedOf.values());
  const subscriptions = listed
    ? listed.filter((row) => feedIds.has(row.feedId))
    : await subscriptionsInScope(db, userId, { feedIds: [...feedIds] });
  const followed = new Map(subscriptions.map((row) => [row.feedId, row]));
  const reads: Promise<NamedItemRow[]>[] = [];
  for (const ids of groupByShard(feedOf.keys()).values()) {
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      const chunk = ids.slice(start, start + IDS_PER_STATEMENT);
      const feeds = new Set(chunk.map((id) => feedOf.get(id)));
      reads.push(
        acrossFeedShards<NamedItemRow>(
          db,
          userId,
          [...followed.values()].filter((row) => feeds.has(row.feedId)),
          sql`select ${itemColumns} from subscriptions s join items i on i.feed_id = s.feed_id
            where i.id in (${sql.raw(idListSql(chunk))}) ${rest}`,
        ),
      );
    }
  }
  return (await Promise.all(reads)).flat();
}

/** These items, as the person sees them; ids of items they cannot see are left out. */
export async function getFeedItemsByIds(db: PeopleDb, userId: number, itemIds: number[]): Promise<FeedItem[]> {
  if (itemIds.length === 0) return [];
  // Which feeds the items are of, from their shards; then only the person's subscriptions to those.
  const located = await db.shards.each(itemIds, (shard, ids) =>
    shard.all<{ id: number; feed_id: number }>(
      sql`select id, feed_id from items where id in (${sql.raw(idListSql(ids))})`,
    ),
  );
  const rows = await followedItemsByIds(db, userId, new Map(located.map((row) => [row.id, row.feed_id])));
  rows.sort(byDateNewestFirst);
  return (await withMarks(db, userId, rows)).map((row) => toFeedItem(row, row.source));
}

/**
 * Items of the person's feeds by id order, for the Fever API's paging: after `afterId` ascending, or
 * before `beforeId` descending (the newest when neither is given). Each shard's first page, merged.
 * Only items whose ids are settled at `now` (shards.ts, ID_SETTLE_MS): an app that pages by id never
 * sees an id that a write still committing elsewhere could come in below.
 */
export async function listItemsByIdOrder(
  db: PeopleDb,
  userId: number,
  page: { afterId?: number; beforeId?: number; limit: number; now: number },
): Promise<FeedItem[]> {
  const ascending = page.afterId !== undefined;
  const settled = settledItemIdBound(page.now);
  const bound =
    page.afterId !== undefined
      ? sql`and i.id > ${page.afterId} and i.id < ${settled}`
      : sql`and i.id < ${Math.min(page.beforeId ?? settled, settled)}`;
  const subscriptions = await subscriptionsInScope(db, userId);
  const rows = await acrossFeedShards<NamedItemRow>(
    db,
    userId,
    subscriptions,
    sql`select ${itemColumns} from subscriptions s join items i on i.feed_id = s.feed_id ${bound}
      order by i.id ${ascending ? sql`asc` : sql`desc`} limit ${page.limit}`,
  );
  rows.sort((a, b) => (ascending ? a.id - b.id : b.id - a.id));
  const shown = rows.slice(0, page.limit);
  return (await withMarks(db, userId, shown)).map((row) => toFeedItem(row, row.source));
}

/**
 * Ids of the person's unread items, newest first, at most `limit`: each shard's items above the
 * watermark or kept unread, less those read on their own, reading on until `limit` or the end.
 */
export async function unreadItemIds(db: PeopleDb, userId: number, limit: number): Promise<number[]> {
  const subscriptions = await subscriptionsInScope(db, userId);
  const keptUnread = await keptUnreadMarks(
    db,
    userId,
    subscriptions.map((row) => row.feedId),
  );
  const keptUnreadSql = keptUnread.length
    ? sql` or exists (select 1 from read_marks m where m.feed_id = i.feed_id and m.seq = i.seq)`
    : sql``;
  const ids: number[] = [];
  let below: number | null = null;
  for (;;) {
    const rows: NamedItemRow[] = await acrossFeedShards<NamedItemRow>(
      db,
      userId,
      subscriptions,
      sql`select ${itemColumns} from subscriptions s join items i on i.feed_id = s.feed_id
        where (i.seq > s.read_seq${keptUnreadSql}) ${below === null ? sql`` : sql`and i.id < ${below}`}
        order by i.id desc limit ${limit}`,
      keptUnread.length ? keptUnread : undefined,
    );
    rows.sort((a, b) => b.id - a.id);
    const batch = rows.slice(0, limit);
    const marks = await readMarksAt(db, userId, batch);
    ids.push(...batch.filter((row) => marks.get(markKey(row)) !== 1).map((row) => row.id));
    const last = batch.at(-1);
    if (ids.length >= limit || batch.length < limit || !last) break;
    below = last.id;
  }
  return ids.slice(0, limit);
}

/** How many items the person's feeds hold. */
export async function countItems(db: PeopleDb, userId: number): Promise<number> {
  const subscriptions: SubscriptionState[] = await subscriptionsInScope(db, userId);
  const counts = await acrossFeedShards<{ total: number }>(
    db,
    userId,
    subscriptions,
    sql`select count(*) as total from subscriptions s join items i on i.feed_id = s.feed_id`,
  );
  return counts.reduce((sum, row) => sum + row.total, 0);
}

/**
 * The database holding this item if this deployment has its shard (an id a person typed may name none),
 * and whether it is the person's own database, where one statement can join their subscription too.
 */
function itemDatabase(db: PeopleDb, itemId: number) {
  const shard = shardOfId(itemId);
  if (shard >= db.shards.count) return null;
  return { itemsDb: db.shards.at(shard), own: shard === db.shards.indexOf(db) };
}

/**
 * One item, if the person follows its feed: in their own database one statement joins the item to their
 * subscription; an item elsewhere is read in its shard, then the subscription in their database.
 */
export async function getItem(db: PeopleDb, userId: number, itemId: number) {
  const found = itemDatabase(db, itemId);
  if (!found) throw notFound('Feed item');
  const mine = and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, items.feedId));
  const columns = { item: items, source: subscriptions.name, readSeq: subscriptions.readSeq };
  if (found.own) {
    const [row] = await db
      .select(columns)
      .from(items)
      .innerJoin(subscriptions, mine)
      .where(eq(items.id, itemId))
      .limit(1);
    if (!row) throw notFound('Feed item');
    return row;
  }
  const [item] = await found.itemsDb.select().from(items).where(eq(items.id, itemId)).limit(1);
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

/** An item row's columns (`i`), without the person's read state or the feed's name. */
export const itemRowColumns = sql`i.id, i.feed_id, i.seq, i.title, i.description, i.content, i.link, i.thumbnail, i.author,
  i.pub_date, i.created_at`;

/**
 * One item as the person sees it (an item opened): its read state and star. In their own database one
 * statement reads the item, their subscription, mark and star (one round trip after the session); an item
 * in another shard is read there first, and its position (feed, seq) then finds the subscription, mark
 * and star in their database in one more statement: those are keyed by what only the item row says.
 */
export async function getFeedItem(db: PeopleDb, userId: number, itemId: number): Promise<FeedItem> {
  const found = itemDatabase(db, itemId);
  if (!found) throw notFound('Feed item');
  if (found.own) {
    const [row] = await db.all<NamedItemRow>(sql`select ${itemRowColumns}, s.name as source, ${isReadSql} as is_read,
        ${isStarredSql(userId)} as is_starred
      from items i join subscriptions s on s.user_id = ${userId} and s.feed_id = i.feed_id
      left join read_marks m on m.user_id = ${userId} and m.feed_id = i.feed_id and m.seq = i.seq
      where i.id = ${itemId}`);
    if (!row) throw notFound('Feed item');
    return toFeedItem(row, row.source);
  }
  const [item] = await found.itemsDb.all<Omit<ItemRow, 'is_read'> & { seq: number }>(
    sql`select ${itemRowColumns} from items i where i.id = ${itemId}`,
  );
  const [state] = item
    ? await db.all<{ source: string; is_read: number; is_starred: number }>(sql`select s.name as source,
          coalesce(m.is_read, ${item.seq} <= s.read_seq) as is_read,
          exists (select 1 from stars st where st.user_id = ${userId} and st.item_id = ${itemId}) as is_starred
        from subscriptions s
        left join read_marks m on m.user_id = s.user_id and m.feed_id = s.feed_id and m.seq = ${item.seq}
        where s.user_id = ${userId} and s.feed_id = ${item.feed_id}`)
    : [];
  if (!item || !state) throw notFound('Feed item');
  return toFeedItem({ ...item, is_read: state.is_read, is_starred: state.is_starred }, state.source);
}

/** Marks one of the person's items read or unread; 404 for an item they cannot see. */
export async function setItemRead(db: PeopleDb, userId: number, itemId: number, isRead: boolean) {
  if (!(await markItem(db, userId, itemId, isRead))) throw notFound('Feed item');
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
