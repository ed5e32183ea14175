// Reading a person's items across feed shards. A person's subscriptions and read marks live in their
// people database (people.ts; the primary one unless PEOPLE_DATABASES names more), the items in the
// feeds' shards (shards.ts), and D1 cannot join two databases. A read is one statement written as on a
// single database: the person's subscriptions `s` joined to the items, their marks left-joined. The
// subscriptions in scope (feed, name, read watermark) are handed to that statement in each shard holding
// some of their feeds, all at once, as a table of values named like the real one (acrossFeedShards);
// pages take them from the person's reading list (reading-list.ts), other reads from the rows
// (subscriptionsInScope). Where that shard is also the person's own database (the primary: shard 0 of
// both, every local run) the statement joins their real read marks; elsewhere an unread read hands over
// their few kept-unread marks the same way, and the marks of items read on their own are looked up
// afterwards for the rows concerned only. D1 bills rows read in tables, not values in a statement, so
// handing rows over costs nothing.
import { is, type Query, SQL, sql } from 'drizzle-orm';
import { BoundedMap } from '../lib/bounded-map';
import { allRows } from './built-once';
import { type Db, type PeopleDb, queryOf, statementOf } from './client';
import { holdsPositionSql, positionsJsonSql, readAboveByFeedSql } from './read-above';
import { groupByShard, idListSql } from './shards';

/** What a statement in a feed shard needs of one subscription. */
export type SubscriptionState = {
  feedId: number;
  name: string;
  categoryId: number | null;
  includeInAi: boolean;
  readSeq: number;
  readAdjust: number;
  /** Positions above the watermark read on their own (read-above.ts). */
  readAbove: string | null;
};

export type Scope = { feedId?: number; categoryId?: number; feedIds?: number[]; includedInAi?: boolean };

/** The conditions a scope puts on the person's subscriptions `s`. */
export function scopeConditions(userId: number, scope: Scope): SQL[] {
  const conditions = [sql`s.user_id = ${userId}`];
  if (scope.feedId !== undefined) conditions.push(sql`s.feed_id = ${scope.feedId}`);
  if (scope.categoryId !== undefined) conditions.push(sql`s.category_id = ${scope.categoryId}`);
  if (scope.feedIds !== undefined) conditions.push(sql`s.feed_id in (${sql.raw(idListSql(scope.feedIds))})`);
  if (scope.includedInAi) conditions.push(sql`s.include_in_ai = 1`);
  return conditions;
}

export type SubscriptionRow = {
  feed_id: number;
  name: string;
  category_id: number | null;
  include_in_ai: number;
  read_seq: number;
  read_adjust: number;
  read_above: string | null;
};

export const subscriptionColumns = sql`s.feed_id, s.name, s.category_id, s.include_in_ai, s.read_seq, s.read_adjust, s.read_above`;

export const toSubscriptionState = (row: SubscriptionRow): SubscriptionState => ({
  feedId: row.feed_id,
  name: row.name,
  categoryId: row.category_id,
  includeInAi: row.include_in_ai === 1,
  readSeq: row.read_seq,
  readAdjust: row.read_adjust,
  readAbove: row.read_above,
});

/** The statement behind subscriptionsInScope, for a batch. */
export const subscriptionsInScopeSql = (userId: number, scope: Scope = {}) =>
  sql`select ${subscriptionColumns} from subscriptions s where ${sql.join(scopeConditions(userId, scope), sql` and `)}`;

/** The person's subscriptions in scope (all, one feed's, one category's, some feeds', AI feeds'). */
export async function subscriptionsInScope(
  db: PeopleDb,
  userId: number,
  scope: Scope = {},
): Promise<SubscriptionState[]> {
  return (await db.all<SubscriptionRow>(subscriptionsInScopeSql(userId, scope))).map(toSubscriptionState);
}

/** What a statement reads of a subscription: everything but the marks' counter and positions, which move with each mark. */
export type StatementSubscription = Omit<SubscriptionState, 'readAdjust' | 'readAbove'> & {
  /**
   * False where the reading list says the subscription has no item read on its own above its watermark
   * (reading-list.ts): its row need not be read for them. Unset: it may have some.
   */
  mayHavePositions?: boolean;
};

const encoder = new TextEncoder();
/** Each byte's two hex digits. */
const HEX_OF_BYTE = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/**
 * Literals made lately, by text: a page's statement writes every subscription's name in scope (50 for
 * the bench's reader), and the same names come back with each page. Bounded, the oldest made going
 * first: an entry is about 155 bytes (bench/cache-bytes-workerd.mjs), so 2,000 are this cache's 0.31 MB of an
 * isolate's budget (lib/isolate-cache-budget.ts).
 */
export const MOST_LITERALS = 2_000;
const literals = new BoundedMap<string, string>(MOST_LITERALS);

/** How many literals this isolate keeps now: for the test of its bound. */
export const literalCount = () => literals.size;

/**
 * Text as an SQL literal that needs no escaping: its UTF-8 bytes in hex, read back as text. Made in one
 * join: a string grown two digits at a time is a chain of V8 pieces (about 20 bytes each) that the cache
 * would keep, 1.4 KB for a name of 30 characters (in Node) where the flat literal takes about 100 bytes.
 */
export function textLiteral(text: string): string {
  const known = literals.get(text);
  if (known !== undefined) return known;
  const parts = ["cast(x'"];
  for (const byte of encoder.encode(text)) parts.push(HEX_OF_BYTE[byte] as string);
  parts.push("' as text)");
  const literal = parts.join('');
  literals.set(text, literal);
  return literal;
}

/** The subscriptions as `with subscriptions(…) as (values …)`: a table only this statement sees. */
function subscriptionsTable(userId: number, rows: StatementSubscription[]): string {
  if (!Number.isSafeInteger(userId)) throw new Error(`not a user id: ${userId}`);
  const values = rows.map(
    (row) =>
      `(${userId}, ${idListSql([row.feedId])}, ${textLiteral(row.name)}, ${row.categoryId === null ? 'null' : idListSql([row.categoryId])}, ${row.includeInAi ? 1 : 0}, ${idListSql([row.readSeq])})`,
  );
  return `subscriptions(user_id, feed_id, name, category_id, include_in_ai, read_seq) as (values ${values.join(', ')})`;
}

/** A position in a feed that a mark is about. */
export type MarkRow = { feedId: number; seq: number; isRead: boolean };

/** Marks as `read_marks(…) as (values …)`; an empty table when there are none. */
function marksTable(userId: number, marks: MarkRow[]): string {
  const columns = 'read_marks(user_id, feed_id, seq, is_read)';
  if (marks.length === 0) return `${columns} as (select null, null, null, null where 0)`;
  const values = marks.map((mark) => `(${userId}, ${idListSql([mark.feedId, mark.seq])}, ${mark.isRead ? 1 : 0})`);
  return `${columns} as (values ${values.join(', ')})`;
}

/**
 * Runs `statement` in every shard holding some of these subscriptions' feeds, at once, with `subscriptions`
 * (and `read_marks`, when `marks` are given: only those) as tables of values; the rows concatenated. The
 * statement may come written already (a page's, built once: db/built-once.ts builtByShape).
 */
export async function acrossFeedShards<R>(
  db: Db,
  userId: number,
  subscriptions: StatementSubscription[],
  statement: SQL | Query,
  marks?: MarkRow[],
): Promise<R[]> {
  const query = is(statement, SQL) ? queryOf(statement) : statement;
  const byFeed = new Map(subscriptions.map((row) => [row.feedId, row]));
  const groups = [...groupByShard(byFeed.keys())];
  const results = await Promise.all(
    groups.map(([shard, feedIds]) => {
      const inShard = new Set(feedIds);
      const tables = [
        subscriptionsTable(
          userId,
          feedIds.map((id) => byFeed.get(id) as StatementSubscription),
        ),
      ];
      if (marks)
        tables.push(
          marksTable(
            userId,
            marks.filter((mark) => inShard.has(mark.feedId)),
          ),
        );
      return allRows<R>(db.shards.at(shard), { sql: `with ${tables.join(', ')} ${query.sql}`, params: query.params });
    }),
  );
  return results.flat();
}

/** The feeds of these subscriptions that the reading list says have no positions (none for rows read from the table). */
export const noPositionsIn = (subscriptions: StatementSubscription[]): ReadonlySet<number> =>
  new Set(subscriptions.filter((row) => row.mayHavePositions === false).map((row) => row.feedId));

/** The key read-state.ts readMarksAt gives a mark: `feedId:seq`. */
export const markKey = (row: { feed_id: number; seq: number }) => `${row.feed_id}:${row.seq}`;

/** The person's kept-unread marks (where `among` says), through their own index (migration 0013). */
export const keptUnreadSql = (userId: number, among: SQL) =>
  sql`select feed_id, seq from read_marks where user_id = ${userId} and is_read = 0 and ${among}`;

/**
 * Every mark of the person on these feeds, as rows (feed_id, seq, is_read): their kept-unread marks and
 * the positions of their subscription rows read on their own above the watermark (read-above.ts).
 */
export const marksOnSql = (userId: number, feedIds: number[]) => {
  const feeds = sql.raw(idListSql(feedIds));
  return sql`select feed_id, seq, is_read from read_marks where user_id = ${userId} and feed_id in (${feeds})
    union all
    select s.feed_id, j.value as seq, 1 as is_read from subscriptions s, json_each(${sql.raw(positionsJsonSql('s.read_above'))}) j
    where s.user_id = ${userId} and s.feed_id in (${feeds}) and s.read_above is not null and j.value > s.read_seq`;
};

/** The person's kept-unread marks on these feeds: few, one index range. */
export async function keptUnreadMarks(db: PeopleDb, userId: number, feedIds: number[]): Promise<MarkRow[]> {
  if (feedIds.length === 0) return [];
  const rows = await db.all<{ feed_id: number; seq: number }>(
    keptUnreadSql(userId, sql`feed_id in (${sql.raw(idListSql(feedIds))})`),
  );
  return rows.map((row) => ({ feedId: row.feed_id, seq: row.seq, isRead: false }));
}

/** (feed, seq) pairs per statement: a statement's text stays far below D1's 100 KB. */
const MARKS_PER_STATEMENT = 2000;

/**
 * The marks of these positions: those read on their own (read-above.ts: the positions on the subscription
 * rows, each row read once whatever the positions of its feed), then the kept-unread marks, a table of
 * values joined to them by primary key (billed only where one exists). A kept-unread mark comes last, so
 * it is the one kept should a position say otherwise (none does: a position is above the watermark).
 */
const marksAtSql = (userId: number, items: { feed_id: number; seq: number }[], noPositions?: ReadonlySet<number>) => {
  const positions = sql.raw(items.map((item) => `(${idListSql([item.feed_id, item.seq])})`).join(', '));
  // Feeds the reading list says have no positions are not looked up (their subscription rows not read).
  const feedIds = [...new Set(items.map((item) => item.feed_id))].filter((feedId) => !noPositions?.has(feedId));
  const readAbove = readAboveByFeedSql(userId, feedIds, 'v.column1');
  const readOnOwn =
    feedIds.length === 0
      ? sql``
      : readAbove
        ? sql`select v.column1 as feed_id, v.column2 as seq, 1 as is_read from (values ${positions}) v
      where (coalesce(instr(${readAbove}, ',' || v.column2 || ','), 0) > 0)
  union all`
        : sql`select v.column1 as feed_id, v.column2 as seq, 1 as is_read from (values ${positions}) v
      join subscriptions s on s.user_id = ${userId} and s.feed_id = v.column1
      where v.column2 > s.read_seq and ${sql.raw(holdsPositionSql('s.read_above', 'v.column2'))}
  union all`;
  return sql`${readOnOwn}
  select m.feed_id, m.seq, m.is_read
  from (values ${positions}) v
  join read_marks m on m.user_id = ${userId} and m.feed_id = v.column1 and m.seq = v.column2`;
};

/** Statements of at most MARKS_PER_STATEMENT positions each; literal integers (idListSql), not bound values, of which D1 takes 100 a statement. */
function chunked<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += MARKS_PER_STATEMENT) {
    chunks.push(items.slice(start, start + MARKS_PER_STATEMENT));
  }
  return chunks;
}

/**
 * The person's marks of exactly these items, keyed `feedId:seq` (1 read, 0 kept unread). The positions
 * are a table of values joined to the marks by primary key, so D1 bills only the marks that exist.
 */
export async function readMarksAt(db: PeopleDb, userId: number, items: { feed_id: number; seq: number }[]) {
  const found = await Promise.all(
    chunked(items).map((chunk) => db.all<{ feed_id: number; seq: number; is_read: number }>(marksAtSql(userId, chunk))),
  );
  return new Map(found.flat().map((mark) => [markKey(mark), mark.is_read]));
}

/**
 * Whether the person starred item `i`, inside a statement: looked up by primary key, and only for items
 * someone starred (`star_count`, kept beside the item), so most rows cost nothing. In a feed shard that
 * is not the person's own database it finds nothing: their stars are in their own (readPersonalStateAt).
 */
export const isStarredSql = (userId: number) =>
  sql`case when i.star_count > 0 then exists (select 1 from stars st where st.user_id = ${userId} and st.item_id = i.id) else 0 end`;

/** A row whose read state and star the statement that read it could not know (its item in another database). */
export type PersonalRow = {
  id: number;
  feed_id: number;
  seq: number;
  is_read: number;
  star_count: number;
  is_starred?: number;
};

/**
 * The person's marks (with `marks`) and stars (unless `stars` is false: the statement knew them) of
 * exactly these rows, from their own database in one batch (one round trip, whatever the rows), written
 * onto the rows. Stars are looked up only for rows someone starred (`star_count`); no round trip when
 * nothing is to be looked up.
 */
export async function readPersonalStateAt(
  db: PeopleDb,
  userId: number,
  rows: PersonalRow[],
  {
    marks,
    stars = true,
    noPositions,
  }: {
    marks: boolean;
    stars?: boolean;
    /** Feeds the reading list says have no positions (StatementSubscription.mayHavePositions false). */
    noPositions?: ReadonlySet<number>;
  },
) {
  const starCandidates = stars ? rows.filter((row) => row.star_count > 0) : [];
  const markChunks = marks ? chunked(rows) : [];
  const starChunks = chunked(starCandidates.map((row) => row.id));
  const statements = [
    ...markChunks.map((chunk) => statementOf(db, marksAtSql(userId, chunk, noPositions))),
    ...starChunks.map((ids) =>
      statementOf(
        db,
        sql`select st.item_id from stars st where st.user_id = ${userId} and st.item_id in (${sql.raw(idListSql(ids))})`,
      ),
    ),
  ];
  if (statements.length === 0) return;
  const results = await db.$client.batch(statements);
  const found = new Map<string, number>();
  for (const result of results.slice(0, markChunks.length))
    for (const mark of result.results as { feed_id: number; seq: number; is_read: number }[])
      found.set(markKey(mark), mark.is_read);
  const starred = new Set(
    results
      .slice(markChunks.length)
      .flatMap((result) => (result.results as { item_id: number }[]).map((row) => row.item_id)),
  );
  for (const row of rows) {
    const mark = found.get(markKey(row));
    if (mark !== undefined) row.is_read = mark;
    if (stars && row.star_count > 0) row.is_starred = starred.has(row.id) ? 1 : 0;
  }
}
