// The by-id paths of the planner: items named by id (an item opened, Google Reader's items/contents, Fever's
// with_ids), items in id order (Fever's since_id / max_id paging), and the ids and count of a person's
// items. Only items of feeds the person follows, each with their read state, star and the feed's name.
// The items come from their feeds' shards, the subscriptions and marks from the person's database.
import { sql } from 'drizzle-orm';
import {
  acrossFeedShards,
  isStarredSql,
  keptUnreadMarks,
  markKey,
  readMarksAt,
  readPersonalStateAt,
} from '../person-scope';
import { holdsPositionSql } from '../read-above';
import { isReadSql } from '../read-state';
import type { Reader } from '../reader';
import { groupByShard, idListSql, settledItemIdBound, shardOfId } from '../shards';
import { type ItemRow, itemColumns, newestFirst, storedColumns } from './columns';
import { itemConditions } from './conditions';
import type { ItemQuery } from './query';
import { subscriptionsOf } from './windows';

/** Ids per statement: a statement's text stays far below D1's 100 KB with ids of 16 digits (36 KB). */
const IDS_PER_STATEMENT = 2000;

const chunksOf = (ids: number[]) => {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT)
    chunks.push(ids.slice(start, start + IDS_PER_STATEMENT));
  return chunks;
};

const andAll = (query: ItemQuery) => {
  const conditions = itemConditions(query);
  return conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
};

/** Whether a row is in the query's read state (and starred, where asked). */
function inState(row: ItemRow, query: ItemQuery) {
  if (query.state === 'starred' || query.starred) {
    if (row.is_starred !== 1) return false;
  }
  if (query.state === 'unread') return row.is_read === 0;
  if (query.state === 'read') return row.is_read === 1;
  return true;
}

/**
 * These items, as the person sees them, newest first; ids of items they cannot see are left out, and so
 * are those the query's filters leave out. In the person's own database one statement per chunk reads the
 * items with their subscription, mark and star joined (an item opened: the session and one round trip); an
 * item in another shard is read there, and its position (feed, seq) then finds the subscription, mark and
 * star in their database in one more statement: those are keyed by what only the item row says.
 */
export async function readByIds(reader: Reader, ids: number[], query: ItemQuery): Promise<ItemRow[]> {
  const { db, userId } = reader;
  const own = db.shards.indexOf(db);
  const groups = [...groupByShard(ids)].filter(([shard]) => shard < db.shards.count);
  const reads = groups.flatMap(([shard, inShard]) =>
    chunksOf(inShard).map(async (chunk) => {
      if (shard === own) {
        return db.all<ItemRow>(sql`select ${itemColumns({ source: sql`s.name`, isRead: isReadSql, isStarred: isStarredSql(userId) })}
          from items i join subscriptions s on s.user_id = ${userId} and s.feed_id = i.feed_id
          left join read_marks m on m.user_id = ${userId} and m.feed_id = i.feed_id and m.seq = i.seq
          where i.id in (${sql.raw(idListSql(chunk))}) ${andAll(query)}`);
      }
      const found = await db.shards
        .at(shard)
        .all<Omit<ItemRow, 'source' | 'is_read' | 'is_starred'>>(
          sql`select ${storedColumns} from items i where i.id in (${sql.raw(idListSql(chunk))}) ${andAll(query)}`,
        );
      if (found.length === 0) return [];
      const positions = found.map((row) => `(${idListSql([row.id, row.feed_id, row.seq])})`).join(', ');
      const states = await db.all<{ id: number; source: string; is_read: number; is_starred: number }>(sql`
        with found(id, feed_id, seq) as (values ${sql.raw(positions)})
        select f.id, s.name as source, coalesce(m.is_read, case when f.seq <= s.read_seq then 1
          else ${sql.raw(holdsPositionSql('s.read_above', 'f.seq'))} end) as is_read,
          exists (select 1 from stars st where st.user_id = ${userId} and st.item_id = f.id) as is_starred
        from found f join subscriptions s on s.user_id = ${userId} and s.feed_id = f.feed_id
        left join read_marks m on m.user_id = s.user_id and m.feed_id = f.feed_id and m.seq = f.seq`);
      const byId = new Map(found.map((row) => [row.id, row]));
      return states.flatMap((state) => {
        const row = byId.get(state.id);
        return row ? [{ ...row, ...state }] : [];
      });
    }),
  );
  const rows = (await Promise.all(reads)).flat().filter((row) => inState(row, query));
  return rows.sort(newestFirst).slice(0, query.limit);
}

/**
 * Items of the person's feeds by id order, for the Fever API's paging: after `afterId` ascending, or
 * before `beforeId` descending (the newest when neither is given). Each shard's first page, merged.
 * Only items whose ids are settled at `now` (shards.ts, ID_SETTLE_MS): an app that pages by id never
 * sees an id that a write still committing elsewhere could come in below.
 */
export async function readByIdOrder(reader: Reader, query: ItemQuery, now: number): Promise<ItemRow[]> {
  const { db, userId } = reader;
  const ascending = query.order === 'id-ascending';
  const settled = settledItemIdBound(now);
  const bound = ascending
    ? sql`i.id > ${query.afterId ?? 0} and i.id < ${settled}`
    : sql`i.id < ${Math.min(query.beforeId ?? settled, settled)}`;
  const subscriptions = await subscriptionsOf(reader, query);
  if (subscriptions.length === 0) return [];
  const rows = await acrossFeedShards<ItemRow>(
    db,
    userId,
    subscriptions,
    sql`select ${itemColumns({ source: sql`s.name`, isRead: isReadSql, isStarred: isStarredSql(userId) })}
      from subscriptions s join items i on i.feed_id = s.feed_id and ${bound} ${andAll(query)}
      left join read_marks m on m.user_id = ${userId} and m.feed_id = i.feed_id and m.seq = i.seq
      order by i.id ${ascending ? sql`asc` : sql`desc`} limit ${query.limit}`,
  );
  rows.sort((a, b) => (ascending ? a.id - b.id : b.id - a.id));
  const shown = rows.slice(0, query.limit);
  // Rows of other shards: their statements could not see the person's marks and stars.
  const own = db.shards.indexOf(db);
  await readPersonalStateAt(
    db,
    userId,
    shown.filter((row) => shardOfId(row.feed_id) !== own),
    { marks: true },
  );
  return shown;
}

/**
 * Ids of the person's unread items in scope, largest first, at most `limit`: each shard's items above the
 * watermark or kept unread, less those read on their own, reading on until `limit` or the end.
 */
export async function unreadIds(reader: Reader, query: ItemQuery): Promise<number[]> {
  const { db, userId } = reader;
  const subscriptions = await subscriptionsOf(reader, query);
  if (subscriptions.length === 0) return [];
  const keptUnread = await keptUnreadMarks(
    db,
    userId,
    subscriptions.map((row) => row.feedId),
  );
  const keptUnreadSql = keptUnread.length
    ? sql` or exists (select 1 from read_marks m where m.feed_id = i.feed_id and m.seq = i.seq)`
    : sql``;
  const limit = query.limit;
  const ids: number[] = [];
  let below: number | null = null;
  for (;;) {
    const rows: { id: number; feed_id: number; seq: number }[] = await acrossFeedShards(
      db,
      userId,
      subscriptions,
      sql`select i.id, i.feed_id, i.seq from subscriptions s join items i on i.feed_id = s.feed_id
        where (i.seq > s.read_seq${keptUnreadSql}) ${andAll(query)} ${below === null ? sql`` : sql`and i.id < ${below}`}
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

/** How many items the person's feeds in scope hold (within the query's item filters). */
export async function countFollowed(reader: Reader, query: ItemQuery): Promise<number> {
  const subscriptions = await subscriptionsOf(reader, query);
  if (subscriptions.length === 0) return 0;
  const counts = await acrossFeedShards<{ total: number }>(
    reader.db,
    reader.userId,
    subscriptions,
    sql`select count(*) as total from subscriptions s join items i on i.feed_id = s.feed_id ${andAll(query)}`,
  );
  return counts.reduce((sum, row) => sum + row.total, 0);
}
