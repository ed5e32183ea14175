// Read state that stays small whatever people read: per subscription a watermark (every item with
// seq ≤ read_seq is read), the positions above it read on their own (read_above, read-above.ts: one row
// written a read mark, nothing deleted later; a run of FOLD_RUN of them on from the watermark folds into
// it) and a counter of read_marks, the items kept unread at or below it. So:
//   - marking a feed read moves the watermark: one subscription row, plus deleting the marks it covers;
//   - a feed's unread count is arithmetic on its feed row and the subscription row (unreadCount);
//   - kept-unread marks under the feed's retention line are pruned with the items (pruneMarksStatements);
//     positions read above it are left on the row, not counted, and go when a mark next writes it.
// Sync clients (Google Reader / Fever, issue 15) map onto markItem and markFeedsRead(before).
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type PeopleDb, statementOf } from './client';
import { feedRowsByIds } from './feeds';
import {
  acrossFeedShards,
  keptUnreadMarks,
  markKey,
  type SubscriptionState,
  subscriptionsInScope,
} from './person-scope';
import {
  FOLD_RUN,
  foldableSql,
  foldSql,
  holdsPositionSql,
  readAboveCount,
  readOnItsOwnSql,
  rebuiltSql,
} from './read-above';
import { foldedCopySql, ONE_POSITION, positionsFlagSql, writeWithReadingList } from './reading-list';
import { idListSql, shardOfId } from './shards';

/**
 * Unread items of a subscription of a feed: the items above the watermark that the feed still holds,
 * less those read on their own (positions the feed still holds), plus those kept unread below it, never
 * below 0 nor above what the feed holds.
 */
export const unreadCount = (
  feed: { lastSeq: number; trimmedSeq: number },
  subscription: { readSeq: number; readAdjust: number; readAbove?: string | null },
) => {
  const floor = Math.max(subscription.readSeq, feed.trimmedSeq);
  return Math.max(
    0,
    Math.min(
      feed.lastSeq - feed.trimmedSeq,
      feed.lastSeq - floor + subscription.readAdjust - readAboveCount(subscription.readAbove, floor),
    ),
  );
};

/**
 * Whether item `i` is read below the watermark `readSeq`, given the mark `m` left-joined on (user, feed,
 * seq): a kept-unread mark (or a mark handed to a feed shard), else the watermark, else whether person
 * `userId` read it on its own (read-above.ts): in `positions` when the statement has its subscription's
 * (one feed: readAboveOfSql), else looked up on the row, only above the watermark; `mark` says where the
 * mark is when it is not joined as `m`. The one definition
 * every read path uses.
 */
export const isReadAt = (readSeq: SQL, userId: SQL | number, positions?: SQL, mark: SQL = sql`m.is_read`) =>
  sql`coalesce(${mark}, case when i.seq <= ${readSeq} then 1 else ${
    positions ? sql`(coalesce(instr(${positions}, ',' || i.seq || ','), 0) > 0)` : readOnItsOwnSql(userId)
  } end)`;

/** Whether item `i` is read for subscription `s` (isReadAt its watermark). */
export const isReadSql = isReadAt(sql`s.read_seq`, sql`s.user_id`);

/**
 * One item read or unread, by id, in one batch (one D1 call, one transaction): false when the person does
 * not follow the item's feed (or there is no such item), and then nothing changes. The default for the
 * item's position is read at or below the watermark; a mark is stored only when the wish differs from that
 * default and taken away when it agrees. Above the watermark the mark is a position on the subscription
 * row (read-above.ts): 1 row written, positions the feed no longer holds dropped on the way. At or below
 * it a kept-unread mark is a row of read_marks, and the subscription's counter moves by one for each added
 * or removed (changes() of the statement before it, in the same transaction): 2 rows written. The item's feed and seq are looked up inside each statement (by primary
 * key) rather than read first: a read mark is the busiest write people make, so it costs one round trip.
 * An item in a feed shard other than the person's own database is read there first and handed to the
 * same statements as a one-row `items` table (person-scope.ts does the same for pages).
 */
export async function markItem(db: PeopleDb, userId: number, itemId: number, isRead: boolean): Promise<boolean> {
  return (await markItemInStory(db, userId, itemId, isRead)).found;
}

/**
 * markItem, also saying which story the item belongs to (issue 24: its story id, null when alone), read
 * from the item's row that the mark reads anyway: no row and no round trip more.
 */
export async function markItemInStory(
  db: PeopleDb,
  userId: number,
  itemId: number,
  isRead: boolean,
): Promise<{ found: boolean; storyId: number | null }> {
  let storyId: number | null = null;
  let items = '';
  // A hidden item (a rule's hide, issue 26) stays read: it is out of every list, so an unread one would be
  // counted where it cannot be found. The wish "unread" is taken as "read" for it.
  let wish = isRead;
  // The feed's retention line, under which positions read are dropped when the row is written.
  let trimmedSql = 'coalesce((select trimmed_seq from feeds where id = (select feed_id from items where id = ?2)), 0)';
  // The item is read where it is unless the person's database is also its feed shard.
  if (shardOfId(itemId) !== db.shards.indexOf(db)) {
    const [item] = await db.shards.each([itemId], (shard) =>
      shard.all<{ feed_id: number; seq: number; story_id: number | null; hidden: number; trimmed_seq: number }>(
        sql`select feed_id, seq, story_id, exists (select 1 from hidden_items h
          where h.user_id = ${userId} and h.feed_id = items.feed_id and h.seq = items.seq) as hidden,
          coalesce((select trimmed_seq from feeds where id = items.feed_id), 0) as trimmed_seq
          from items where id = ${itemId}`,
      ),
    );
    if (!item) return { found: false, storyId: null };
    storyId = item.story_id;
    wish ||= item.hidden === 1;
    items = `with items(id, feed_id, seq) as (values (${idListSql([itemId, item.feed_id, item.seq])})) `;
    trimmedSql = idListSql([item.trimmed_seq]);
  }
  const d1 = db.$client;
  // ?1 the person, ?2 the item, ?3 the wish (1 read, 0 unread), ?4 the counter's step per mark (−1 when read), ?5 now.
  const params = [userId, itemId, wish ? 1 : 0, wish ? -1 : 1, Date.now()];
  const run = (query: string) => d1.prepare(items + query).bind(...params.slice(0, highestParam(query)));
  // In the person's own database the item's hidden row is beside it: an unread wish asks there, in SQL.
  const hiddenHere = `exists (select 1 from items x join hidden_items h on h.user_id = ?1 and h.feed_id = x.feed_id and h.seq = x.seq where x.id = ?2)`;
  const wishSql = wish || items ? '?3' : `(?3 or ${hiddenHere})`;
  const stepSql = wish || items ? '?4' : `(case when ${hiddenHere} then -1 else ?4 end)`;
  const followed = 'from items i join subscriptions s on s.user_id = ?1 and s.feed_id = i.feed_id where i.id = ?2';
  const position = 'user_id = ?1 and feed_id = (select feed_id from items where id = ?2)';
  const moveCounter = `update subscriptions set read_adjust = read_adjust + changes() * ${stepSql} where ${position} and changes() > 0`;
  const seqSql = '(select seq from items where id = ?2)';
  const positions = rebuiltSql(
    'read_above',
    `value > ${trimmedSql} and value > read_seq and value <> ${seqSql}`,
    `select ${seqSql} as value where ${wishSql}`,
  );
  const feedSql = '(select feed_id from items where id = ?2)';
  const results = await d1.batch([
    // Found, and whether the mark leaves the row's positions running on from its watermark far enough to
    // fold (read-above.ts foldSql): worked out here, before the mark, from the row and the item's position.
    run(`select ${items ? '1' : 'i.story_id'} as found,
         case when ${wishSql} and i.seq > s.read_seq then ${foldableSql('s.', FOLD_RUN, 'i.seq')} else 0 end as folds
         ${followed}`),
    // A mark that says the opposite of the wish goes, whichever side of the watermark it is on.
    run(
      `delete from read_marks where ${position} and seq = (select seq from items where id = ?2) and is_read <> ${wishSql}`,
    ),
    run(moveCounter),
    // A kept-unread mark is needed when the wish is unread at or below the watermark.
    run(`insert into read_marks (user_id, feed_id, seq, is_read, marked_at)
         select ?1, i.feed_id, i.seq, ${wishSql}, ?5 ${followed} and i.seq <= s.read_seq and not ${wishSql}
         on conflict do nothing`),
    run(moveCounter),
    // Above the watermark the position is read on its own exactly when the wish is read.
    run(`update subscriptions set read_above = ${positions}
         where ${position} and ${seqSql} > read_seq and ${holdsPositionSql('read_above', seqSql)} <> ${wishSql}`),
    // The feed's first position: the reading list learns that its pages must read the row (a row written
    // once per feed; none for a mark in a feed that had positions already).
    ...positionsFlagSql(db, '?1', feedSql, ONE_POSITION).map(run),
  ]);
  const [row] = (results[0]?.results ?? []) as { found: number | null; folds: number }[];
  if (!row) return { found: false, storyId: null };
  // A run of FOLD_RUN positions on from the watermark: the watermark moves over it, and the reading list's
  // entry with it, in a call of their own (at most once every FOLD_RUN marks of a feed), so that every
  // other mark's batch carries no statement more. Each statement checks the row again.
  if (row.folds === 1) await d1.batch([run(foldSql(position)), ...foldedCopySql(db, '?1', feedSql).map(run)]);
  return { found: true, storyId: items ? storyId : row.found };
}

/** D1 wants exactly as many values as the statement numbers (?1 … ?n). */
const highestParam = (query: string) => Math.max(0, ...[...query.matchAll(/\?(\d)/g)].map((m) => Number(m[1])));

/** The person's unread count summed over these subscriptions, from their feeds' rows. */
async function unreadOf(db: Db, subscriptions: SubscriptionState[]) {
  const feeds = new Map(
    (
      await feedRowsByIds(
        db,
        subscriptions.map((row) => row.feedId),
      )
    ).map((f) => [f.id, f]),
  );
  let total = 0;
  for (const row of subscriptions) {
    const feed = feeds.get(row.feedId);
    if (feed) total += unreadCount(feed, row);
  }
  return total;
}

/**
 * `case feed_id when … then … end`: a value per feed, as literal integers, for one statement (no table
 * joined to every row, which D1 bills a row per row scanned).
 */
export function perFeedSql(values: Map<number, number>, otherwise = 'null', column = 'feed_id') {
  const cases = [...values].map(([feedId, value]) => `when ${idListSql([feedId])} then ${idListSql([value])}`);
  return cases.length > 0 ? `case ${column} ${cases.join(' ')} else ${otherwise} end` : otherwise;
}

/** What markFeedsRead's `before` is compared with: the item's published date, or when it was stored. */
export type BeforeKey = 'published' | 'stored';

/**
 * Marks every item of the given feeds read, or only those published before `before`. Without `before`
 * the watermark moves to the feed's newest item and the marks go: O(1) rows per feed whatever it holds.
 * With `before`, the watermark moves up to the first item published at or after it (items arrive in date
 * order almost always); an item that arrived late with an older date gets a read mark of its own.
 * The feeds' rows and items are read in their shards first; every write is then one batch in the
 * person's database, where their subscriptions and marks are. Returns how many items turned read.
 * `keyedOn: 'stored'` reads `before` as the time the items were stored instead (the reader apps' ts and
 * Fever's before: "what I had seen when I last looked", so an item that arrived later stays unread
 * whatever its date; issue 32).
 */
export async function markFeedsRead(
  db: PeopleDb,
  userId: number,
  feedIds: number[],
  before?: number,
  keyedOn: BeforeKey = 'published',
) {
  if (feedIds.length === 0) return 0;
  const mineBefore = await subscriptionsInScope(db, userId, { feedIds });
  if (mineBefore.length === 0) return 0;
  const unreadBefore = await unreadOf(db, mineBefore);
  const ids = mineBefore.map((row) => row.feedId);
  const mine = sql`user_id = ${userId} and feed_id in (${sql.raw(idListSql(ids))})`;
  if (before === undefined) {
    const feeds = await feedRowsByIds(db, ids);
    const lastSeq = new Map(feeds.map((feed) => [feed.id, feed.lastSeq]));
    await writeWithReadingList(db, userId, [
      statementOf(
        db,
        sql`update subscriptions set read_adjust = 0, read_above = null, read_seq = ${sql.raw(perFeedSql(lastSeq, 'read_seq'))} where ${mine}`,
      ),
      statementOf(db, sql`delete from read_marks where ${mine}`),
    ]);
  } else {
    await markReadBefore(db, userId, mineBefore, before, keyedOn);
  }
  const mineAfter = await subscriptionsInScope(db, userId, { feedIds: ids });
  return Math.max(0, unreadBefore - (await unreadOf(db, mineAfter)));
}

/** markFeedsRead with `before`: the shards say where each watermark goes and which items came late. */
async function markReadBefore(
  db: PeopleDb,
  userId: number,
  subscriptions: SubscriptionState[],
  before: number,
  keyedOn: BeforeKey,
) {
  const column = sql.raw(keyedOn === 'stored' ? 'created_at' : 'pub_date');
  const ids = subscriptions.map((row) => row.feedId);
  // Per feed: the highest seq under which every item it holds is older than `before`, and its retention line.
  const lines = await db.shards.each(ids, (shard, inShard) =>
    shard.all<{ id: number; watermark: number; trimmed_seq: number }>(sql`
      select f.id, f.trimmed_seq, (select coalesce(min(i.seq), f.last_seq + 1) - 1 from items i
        where i.feed_id = f.id and i.${column} >= ${before}) as watermark
      from feeds f where f.id in (${sql.raw(idListSql(inShard))})`),
  );
  const watermark = new Map(lines.map((line) => [line.id, line.watermark]));
  const trimmed = new Map(lines.map((line) => [line.id, line.trimmed_seq]));
  const moved = subscriptions.map((row) => ({
    ...row,
    readSeq: Math.max(row.readSeq, watermark.get(row.feedId) ?? 0),
  }));
  const readSeq = new Map(moved.map((row) => [row.feedId, row.readSeq]));
  // Kept-unread marks now under the watermark stay only for items not older than `before`.
  const keptUnread = await keptUnreadMarks(db, userId, ids);
  const underLine = keptUnread.filter((mark) => mark.seq <= (readSeq.get(mark.feedId) ?? 0));
  const stillNew = new Set(
    underLine.length === 0
      ? []
      : (
          await acrossFeedShards<{ feed_id: number; seq: number }>(
            db,
            userId,
            moved,
            sql`select c.feed_id, c.seq from items c join read_marks m on m.feed_id = c.feed_id and m.seq = c.seq
              where c.${column} >= ${before}`,
            underLine,
          )
        ).map(markKey),
  );
  const outdated = underLine.filter((mark) => !stillNew.has(markKey({ feed_id: mark.feedId, seq: mark.seq })));
  // Items above the watermark but older than `before` (late arrivals) are read on their own.
  const late = await acrossFeedShards<{ feed_id: number; seq: number }>(
    db,
    userId,
    moved,
    sql`select c.feed_id, c.seq from subscriptions s join items c on c.feed_id = s.feed_id and c.seq > s.read_seq
      and c.${column} < ${before}`,
  );
  const mine = sql`user_id = ${userId} and feed_id in (${sql.raw(idListSql(ids))})`;
  const pairs = (rows: { feed_id: number; seq: number }[]) =>
    sql.raw(rows.map((row) => `(${idListSql([row.feed_id, row.seq])})`).join(', ') || '(null, null)');
  const lateByFeed = new Map<number, number[]>();
  for (const row of late) lateByFeed.set(row.feed_id, [...(lateByFeed.get(row.feed_id) ?? []), row.seq]);
  const lateJson = [...lateByFeed].map(([feedId, seqs]) => `when ${idListSql([feedId])} then '[${idListSql(seqs)}]'`);
  const newLine = `max(read_seq, ${perFeedSql(watermark, 'read_seq')}, ${perFeedSql(trimmed, '0')})`;
  // Positions read on their own under the new watermark say nothing more (nor those retention took);
  // the late arrivals join them.
  const positions = rebuiltSql(
    'read_above',
    `value > ${newLine}`,
    lateJson.length > 0 ? `select value from json_each(case feed_id ${lateJson.join(' ')} else '[]' end)` : undefined,
  );
  await writeWithReadingList(db, userId, [
    statementOf(
      db,
      sql`update subscriptions set read_seq = max(read_seq, ${sql.raw(perFeedSql(watermark, 'read_seq'))}),
        read_above = ${sql.raw(positions)} where ${mine}`,
    ),
    // Positions now running on from a watermark (the late arrivals next to it) fold into it, however few:
    // the reading list is rebuilt after these anyway (read-above.ts foldSql).
    statementOf(db, sql.raw(foldSql(`user_id = ${idListSql([userId])} and feed_id in (${idListSql(ids)})`, 1))),
    // Kept-unread marks under the new watermark stay only for items not older than `before`.
    statementOf(
      db,
      sql`delete from read_marks where ${mine} and (feed_id, seq) in (values ${pairs(
        outdated.map((mark) => ({ feed_id: mark.feedId, seq: mark.seq })),
      )})`,
    ),
    // The counters again, from the kept-unread marks the feeds still hold (above their retention line).
    statementOf(
      db,
      sql`update subscriptions set read_adjust = (select coalesce(sum(case when m.is_read then -1 else 1 end), 0)
        from read_marks m where m.user_id = subscriptions.user_id and m.feed_id = subscriptions.feed_id
          and m.seq > ${sql.raw(perFeedSql(trimmed, '0'))})
      where ${mine}`,
    ),
  ]);
}

/**
 * Statements that drop the marks of a feed's items at or below `trimmedSeq` (gone by retention) and take
 * them out of their subscriptions' counters: run in every people database once the items are deleted
 * (item-store.ts).
 */
export function pruneMarksStatements(d1: D1Database, feedId: number, trimmedSeq: number) {
  return [
    d1
      .prepare(
        `update subscriptions set read_adjust = read_adjust - (select coalesce(sum(case when m.is_read then -1 else 1 end), 0)
           from read_marks m where m.user_id = subscriptions.user_id and m.feed_id = ?1 and m.seq <= ?2)
         where feed_id = ?1 and exists (select 1 from read_marks m
           where m.user_id = subscriptions.user_id and m.feed_id = ?1 and m.seq <= ?2)`,
      )
      .bind(feedId, trimmedSeq),
    // Through the followers' primary keys: a person's marks go when they unfollow, so followers hold them all.
    d1
      .prepare(
        `delete from read_marks where user_id in (select user_id from subscriptions where feed_id = ?1)
           and feed_id = ?1 and seq <= ?2`,
      )
      .bind(feedId, trimmedSeq),
  ];
}
