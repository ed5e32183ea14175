// What `notify` rules matched (issue 26), kept in the person's people database (rule_notices, written at
// refresh by rule-effects.ts) until their next digest says it: read when the digest is written, dropped
// once it is mailed, so each match is said once.
import { sql } from 'drizzle-orm';
import type { PeopleDb } from './client';

export type RuleNotice = { ruleName: string; itemId: number; title: string; link: string | null };

/**
 * The person's notices stored up to `upTo`, oldest first, at most `limit`, and how many there are in all:
 * one statement (the count is a window over the same rows).
 */
export async function readRuleNotices(db: PeopleDb, userId: number, upTo: number, limit: number) {
  const rows = await db.all<{
    rule_name: string;
    item_id: number;
    item_title: string;
    item_link: string | null;
    total: number;
  }>(sql`select rule_name, item_id, item_title, item_link, count(*) over () as total from rule_notices
    where user_id = ${userId} and created_at <= ${upTo} order by created_at, rule_id, item_id limit ${limit}`);
  const notices: RuleNotice[] = rows.map((row) => ({
    ruleName: row.rule_name,
    itemId: row.item_id,
    title: row.item_title,
    link: row.item_link,
  }));
  return { notices, total: rows[0]?.total ?? 0 };
}

/** Drops the notices a digest said (those stored up to `upTo`, the ones past its limit counted in it too). */
export async function dropRuleNotices(db: PeopleDb, userId: number, upTo: number) {
  await db.run(sql`delete from rule_notices where user_id = ${userId} and created_at <= ${upTo}`);
}
