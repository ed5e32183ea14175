// What rules do to items (issue 26), written where each part lives: a hide is a row beside the item in its
// feed's shard (hidden_items), read by primary key by every item statement there; a hide or markRead is a
// read mark in the person's people database with their subscription's counter moved, so every unread
// count stays exact with no new arithmetic; a star is the person's star and the item's star count; a
// notify is a notice for their next digest. Each database gets one batch.
import { sql } from 'drizzle-orm';
import type { Db, PeopleDb } from './client';
import { statementOf } from './client';
import { holdsPositionSql, rebuiltSql } from './read-above';
import { positionsFlagSql } from './reading-list';
import { idListSql } from './shards';

/** One item a person's rule acted on: which item, whose, which rule, what it does. */
export type RuleEffect = {
  userId: number;
  ruleId: number;
  ruleName: string;
  itemId: number;
  feedId: number;
  seq: number;
  title: string;
  link: string | null;
  hide: boolean;
  markRead: boolean;
  star: boolean;
  notify: boolean;
};

/** A rule as an effect names it: the actions it takes. */
type ActingRule = { id: number; name: string; actions: readonly string[] };
/** An item as an effect names it. */
type ActedOn = { id: number; feedId: number; seq: number; title: string; link: string | null };

/**
 * What `rule` does to `item` for `userId`. `notify` only where a new item matched: a digest line says so,
 * not that an old one still does.
 */
export const ruleEffect = (
  userId: number,
  rule: ActingRule,
  item: ActedOn,
  { notify }: { notify: boolean },
): RuleEffect => ({
  userId,
  ruleId: rule.id,
  ruleName: rule.name,
  itemId: item.id,
  feedId: item.feedId,
  seq: item.seq,
  title: item.title,
  link: item.link,
  hide: rule.actions.includes('hide'),
  markRead: rule.actions.includes('markRead'),
  star: rule.actions.includes('star'),
  notify: notify && rule.actions.includes('notify'),
});

const json = (rows: unknown[]) => JSON.stringify(rows);

/**
 * The hidden rows of these effects, in the feed shard that holds their items (all of `effects` are of
 * feeds in that shard). Returns the statements, for the caller's batch.
 */
export function hiddenRowsStatements(shard: Db, effects: RuleEffect[]) {
  const hides = effects.filter((effect) => effect.hide).map((e) => [e.userId, e.feedId, e.seq]);
  if (hides.length === 0) return [];
  return [
    statementOf(
      shard,
      sql`insert into hidden_items (user_id, feed_id, seq)
        select j.value ->> 0, j.value ->> 1, j.value ->> 2 from json_each(${json(hides)}) j where true
        on conflict do nothing`,
    ),
  ];
}

/**
 * The stars these effects make, counted on their items: each (item, person) keeper row (schema
 * star_keepers, db/stars.ts) and the item's count with it, which moves only when the keeper is new. So a
 * job retried after its stars went in and its counts did not counts each star once. (The items are new:
 * no star of them predates the keepers.)
 */
function starCountStatements(shard: Db, starred: [itemId: number, userId: number][]) {
  const d1 = shard.$client;
  const people = new Map<number, number[]>();
  for (const [itemId, userId] of starred) people.set(itemId, [...(people.get(itemId) ?? []), userId]);
  // Per item: its new keepers, then its count up by as many as went in (changes(), in the same batch).
  return [...people].flatMap(([itemId, userIds]) => [
    d1
      .prepare(
        'insert into star_keepers (item_id, user_id) select ?1, value from json_each(?2) where true on conflict do nothing',
      )
      .bind(itemId, json(userIds)),
    d1.prepare('update items set star_count = star_count + changes() where id = ?1 and changes() > 0').bind(itemId),
  ]);
}

/**
 * Writes the effects of one people database's rules: read marks (positions on the subscription rows
 * touched, read-above.ts), stars, notices and the rules' match counts in one batch there; then hidden rows and star counts in
 * the feeds' shards. Items already read (at or below the watermark, or marked) stay as they are.
 */
export async function writeRuleEffects(db: Db, people: PeopleDb, effects: RuleEffect[], now = Date.now()) {
  if (effects.length === 0) return;
  const reads = effects.filter((e) => e.hide || e.markRead).map((e) => [e.userId, e.feedId, e.seq]);
  const stars = effects.filter((e) => e.star).map((e) => [e.userId, e.itemId, e.feedId]);
  const notices = effects
    .filter((e) => e.notify)
    .map((e) => [e.userId, e.ruleId, e.itemId, e.ruleName, e.title, e.link]);
  const touched = [...new Set(effects.filter((e) => e.hide || e.markRead).map((e) => `${e.userId}:${e.feedId}`))].map(
    (key) => key.split(':').map(Number),
  );
  const counts = new Map<number, number>();
  for (const effect of effects) counts.set(effect.ruleId, (counts.get(effect.ruleId) ?? 0) + 1);
  const statements: D1PreparedStatement[] = [];
  // Per subscription touched: the items above its watermark are read on their own, positions on its row
  // (read-above.ts), one row written; nothing when all of them were read already.
  for (const [userId, feedId] of touched) {
    const seqs = reads.filter(([u, f]) => u === userId && f === feedId).map(([, , seq]) => seq as number);
    const fresh = `select value from json_each('[${idListSql(seqs)}]') where value > read_seq`;
    statements.push(
      statementOf(
        people,
        sql`update subscriptions set read_above = ${sql.raw(rebuiltSql('read_above', 'value > read_seq', fresh))}
          where user_id = ${userId} and feed_id = ${feedId} and exists (${sql.raw(fresh)}
            and not ${sql.raw(holdsPositionSql('read_above', 'value'))})`,
      ),
      // Its first positions: the reading list learns that pages must read the row (reading-list.ts).
      ...positionsFlagSql(people, idListSql([Number(userId)]), idListSql([Number(feedId)])).map((text) =>
        statementOf(people, sql.raw(text)),
      ),
    );
  }
  if (stars.length > 0) {
    // The stars first; their counts go with their keepers in the feed shards (starCountStatements).
    await people.run(
      sql`insert into stars (user_id, item_id, feed_id, created_at)
        select j.value ->> 0, j.value ->> 1, j.value ->> 2, ${now} from json_each(${json(stars)}) j where true
        on conflict do nothing`,
    );
  }
  // A hidden item the person starred (before, or by this same rule) says so on its star: the starred count
  // and ids read only the stars (items/starred.ts).
  const hiddenStars = effects.filter((e) => e.hide).map((e) => [e.userId, e.itemId]);
  if (hiddenStars.length > 0) {
    statements.push(
      statementOf(
        people,
        sql`update stars set hidden = 1 from json_each(${json(hiddenStars)}) j
          where stars.user_id = j.value ->> 0 and stars.item_id = j.value ->> 1 and stars.hidden = 0`,
      ),
    );
  }
  if (notices.length > 0) {
    statements.push(
      statementOf(
        people,
        sql`insert into rule_notices (user_id, rule_id, item_id, rule_name, item_title, item_link, created_at)
          select j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, ${now}
          from json_each(${json(notices)}) j where true on conflict do nothing`,
      ),
    );
  }
  // Each rule's count moves by its own number: written in as literal integers (D1 takes at most 100
  // bound values a statement, and a refresh can match more rules than that).
  const cases = [...counts].map(([id, n]) => `when ${idListSql([id])} then ${idListSql([n])}`).join(' ');
  statements.push(
    statementOf(
      people,
      sql`update rules set match_count = match_count + (case id ${sql.raw(cases)} else 0 end), last_matched_at = ${now}
        where id in (${sql.raw(idListSql([...counts.keys()]))})`,
    ),
  );
  await people.$client.batch(statements);
  // The feed shards' part: hidden rows and star counts, per shard.
  const byShard = new Map<Db, { effects: RuleEffect[]; starred: [number, number][] }>();
  for (const effect of effects) {
    const shard = db.shards.of(effect.feedId);
    const entry = byShard.get(shard) ?? { effects: [], starred: [] };
    entry.effects.push(effect);
    byShard.set(shard, entry);
  }
  for (const effect of effects.filter((e) => e.star)) {
    const shard = db.shards.of(effect.itemId);
    const entry = byShard.get(shard) ?? { effects: [], starred: [] };
    entry.starred.push([effect.itemId, effect.userId]);
    byShard.set(shard, entry);
  }
  await Promise.all(
    [...byShard].map(([shard, entry]) => {
      const batch = [...hiddenRowsStatements(shard, entry.effects), ...starCountStatements(shard, entry.starred)];
      return batch.length > 0 ? shard.$client.batch(batch) : null;
    }),
  );
}

/** Drops the hidden rows of items retention deleted (those of starred items stay with them). */
export function pruneHiddenStatement(d1: D1Database, feedId: number, trimmedSeq: number) {
  return d1
    .prepare(
      `delete from hidden_items where feed_id = ?1 and seq <= ?2
         and not exists (select 1 from items i where i.feed_id = ?1 and i.seq = hidden_items.seq)`,
    )
    .bind(feedId, trimmedSeq);
}

/** The feed's items stored after `afterSeq` (a refresh's new ones), with what a rule looks at. */
export async function readItemsAfter(shard: Db, feedId: number, afterSeq: number) {
  return shard.all<{
    id: number;
    seq: number;
    guid_hash: string;
    title: string;
    description: string | null;
    author: string | null;
    link: string | null;
  }>(
    sql`select id, seq, guid_hash, title, description, author, link from items where feed_id = ${feedId} and seq > ${afterSeq}`,
  );
}

/** Where these items are (feed and position) and what a notice would say, from their shards. */
export async function itemPositions(db: Db, ids: number[]) {
  const rows = await db.shards.each(ids, (shard, inShard) =>
    shard.all<{ id: number; feed_id: number; seq: number; title: string; link: string | null }>(
      sql`select id, feed_id, seq, title, link from items where id in (${sql.raw(idListSql(inShard))})`,
    ),
  );
  return rows;
}
