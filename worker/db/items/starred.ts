// The starred path of the planner: the items a person saved (issue 14; Google Reader's starred stream,
// Fever's saved items), newest or oldest published first, with every filter of the query in SQL before
// the limit. A star is the person's (their people database) and names its item and feed; the items of
// the person's own database are read with the stars in one statement, the others in their shards.
import { type SQL, sql } from 'drizzle-orm';
import { type PeopleDb, statementOf } from '../client';
import { acrossFeedShards, readPersonalStateAt, type StatementSubscription } from '../person-scope';
import { isReadSql } from '../read-state';
import type { Reader } from '../reader';
import { listedInScope } from '../reading-list';
import { groupByShard, idListSql } from '../shards';
import { type ItemRow, itemColumns, newestFirst, oldestFirst } from './columns';
import { itemConditions } from './conditions';
import { type CursorPosition, encodeCursor, type ItemQuery } from './query';
import type { RowPage } from './windows';
import { subscriptionsOf } from './windows';

/** Item ids per statement: a statement's text stays far below D1's 100 KB with ids of 16 digits (36 KB). */
const IDS_PER_STATEMENT = 2000;

/** The read state a starred query narrows to (Google Reader's it=starred with xt=read), if any. */
const readStateOf = (query: ItemQuery) => (query.starred ? (query.state as 'unread' | 'read') : null);

/** Where the page starts and in which order, for statements on item `i`. */
function positionSql(query: ItemQuery, position: CursorPosition | null) {
  const oldest = query.order === 'oldest';
  const beyond = oldest ? sql`>` : sql`<`;
  const direction = oldest ? sql`asc` : sql`desc`;
  return {
    after: position
      ? sql`and (i.pub_date ${beyond} ${position.key} or (i.pub_date = ${position.key} and i.id ${beyond} ${position.id}))`
      : sql``,
    order: sql`order by i.pub_date ${direction}, i.id ${direction}`,
  };
}

/** The query's item filters and read state, as `and …` for a statement whose subscription is `s`, mark `m`. */
function filtersSql(query: ItemQuery, readState: 'unread' | 'read' | null) {
  const conditions: SQL[] = itemConditions(query);
  if (readState) conditions.push(sql`${isReadSql} = ${readState === 'read' ? 1 : 0}`);
  return conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * A page of the person's starred items. One batch in their database: the starred items it holds, with the
 * subscription and the mark joined, filtered, ordered and cut to the page; and the stars of items held in
 * other feed shards, which are then read there (filtered and cut the same way) and take their marks.
 */
export async function readStarredPage(
  reader: Reader,
  query: ItemQuery,
  position: CursorPosition | null,
): Promise<RowPage> {
  const { db, userId } = reader;
  const take = query.limit + 1;
  const scoped = query.scope.kind !== 'all';
  const inScope = scoped ? (await subscriptionsOf(reader, query)).map((row) => row.feedId) : null;
  if (inScope && inScope.length === 0) return { rows: [], nextCursor: null };
  const scopeSql = inScope ? sql`and st.feed_id in (${sql.raw(idListSql(inScope))})` : sql``;
  const readState = readStateOf(query);
  const { after, order } = positionSql(query, position);
  const followedStars = sql`from stars st join subscriptions s on s.user_id = st.user_id and s.feed_id = st.feed_id`;
  const [here, elsewhere] = await db.$client.batch([
    statementOf(
      db,
      sql`select ${itemColumns({ source: sql`s.name`, isRead: isReadSql, isStarred: sql`1` })} ${followedStars}
        join items i on i.id = st.item_id
        left join read_marks m on m.user_id = st.user_id and m.feed_id = i.feed_id and m.seq = i.seq
        where st.user_id = ${userId} ${scopeSql} ${filtersSql(query, readState)} ${after} ${order} limit ${take}`,
    ),
    statementOf(
      db,
      sql`select st.item_id, st.feed_id ${followedStars}
        where st.user_id = ${userId} ${scopeSql} and not exists (select 1 from items i where i.id = st.item_id)`,
    ),
  ]);
  const rows = (here?.results ?? []) as ItemRow[];
  const elsewhereStars = (elsewhere?.results ?? []) as { item_id: number; feed_id: number }[];
  if (elsewhereStars.length > 0) {
    const listed = listedInScope(await reader.readingList(), {});
    rows.push(...(await starredElsewhere(db, userId, elsewhereStars, listed, query, position)));
  }
  rows.sort(query.order === 'oldest' ? oldestFirst : newestFirst);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor(query, { key: last.pub_date, id: last.id }) : null,
  };
}

/**
 * The starred items held in other shards, in their shards, with the query's filters and order. Without a
 * read state to filter on, each statement cuts to the page and only the rows kept take their marks; with
 * one, the marks (in the person's database) must be known first, so every starred item there that passes
 * the other filters is read, takes its mark, and is filtered before the page is cut.
 */
async function starredElsewhere(
  db: PeopleDb,
  userId: number,
  stars: { item_id: number; feed_id: number }[],
  listed: StatementSubscription[],
  query: ItemQuery,
  position: CursorPosition | null,
) {
  const readState = readStateOf(query);
  const take = query.limit + 1;
  const { after, order } = positionSql(query, position);
  const filters = itemConditions(query);
  const where = filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const feedOf = new Map(stars.map((star) => [star.item_id, star.feed_id]));
  const followed = new Map(listed.map((row) => [row.feedId, row]));
  const reads: Promise<ItemRow[]>[] = [];
  for (const ids of groupByShard(feedOf.keys()).values()) {
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      const chunk = ids.slice(start, start + IDS_PER_STATEMENT);
      const feeds = new Set(chunk.map((id) => feedOf.get(id)));
      reads.push(
        acrossFeedShards<ItemRow>(
          db,
          userId,
          [...followed.values()].filter((row) => feeds.has(row.feedId)),
          sql`select ${itemColumns({ source: sql`s.name`, isRead: sql`(i.seq <= s.read_seq)`, isStarred: sql`1` })}
            from subscriptions s join items i on i.feed_id = s.feed_id
            where i.id in (${sql.raw(idListSql(chunk))}) ${where} ${after} ${order} ${readState ? sql`` : sql`limit ${take}`}`,
        ),
      );
    }
  }
  const rows = (await Promise.all(reads)).flat().sort(query.order === 'oldest' ? oldestFirst : newestFirst);
  if (!readState) {
    const kept = rows.slice(0, take);
    await readPersonalStateAt(db, userId, kept, { marks: true, stars: false });
    return kept;
  }
  await readPersonalStateAt(db, userId, rows, { marks: true, stars: false });
  return rows.filter((row) => row.is_read === (readState === 'read' ? 1 : 0)).slice(0, take);
}

/** How many items the person starred in feeds they follow (the sidebar's Starred count), hidden ones left out. */
export async function countStarred(db: PeopleDb, userId: number): Promise<number> {
  // A star's feed is on the star itself; its item is never dropped while starred (star_count); whether a
  // rule hid it too (stars.hidden), so no item row is read.
  const row = await db.get<{ total: number }>(sql`select count(*) as total from stars st
    join subscriptions s on s.user_id = st.user_id and s.feed_id = st.feed_id
    where st.user_id = ${userId} and st.hidden = 0`);
  return row?.total ?? 0;
}

/** Ids of every item the person starred in feeds they follow and no rule hid, largest first. */
export async function starredIds(db: PeopleDb, userId: number, limit: number): Promise<number[]> {
  const rows = await db.all<{ item_id: number }>(sql`select st.item_id from stars st
    join subscriptions s on s.user_id = st.user_id and s.feed_id = st.feed_id
    where st.user_id = ${userId} and st.hidden = 0 order by st.item_id desc limit ${limit}`);
  return rows.map((row) => row.item_id);
}
