// Rules meet new items as they reach the people following a feed (issue 26): after a refresh stores new
// items, each people database is asked once for its followers' enabled rules that take the feed (none:
// nothing more is read or written), each new item is tested in memory against them (match-item.ts), and
// what matched is written (db/rule-effects.ts): a batch per people database, one per feed shard.
import type { Db } from '../db/client';
import { type RuleEffect, ruleEffect, writeRuleEffects } from '../db/rule-effects';
import { type FollowerRule, rulesOfFollowers } from '../db/rules';
import { parseSearch } from '../search/parse-query';
import { compileMatch, compileMuteWords, type MatchableItem, type PreparedItem, prepareItem } from './match-item';

/** A new item as the refresh stored it: its place, and its text as a rule sees it. */
export type NewItem = MatchableItem & { id: number; feedId: number; seq: number };

/** A rule as a test of a prepared item; null when its match no longer parses (it then matches nothing). */
export function testOf(rule: Pick<FollowerRule, 'kind' | 'match'>): ((item: PreparedItem) => boolean) | null {
  if (rule.kind === 'mute') return compileMuteWords(JSON.parse(rule.match) as string[]);
  try {
    return compileMatch(parseSearch(rule.match));
  } catch {
    return null;
  }
}

/** What the rules do to these items, person by person: one effect per (rule, item) that matched. */
export function effectsOf(rules: FollowerRule[], items: NewItem[]): RuleEffect[] {
  const tests = rules.flatMap((rule) => {
    const test = testOf(rule);
    return test ? [{ rule, test }] : [];
  });
  if (tests.length === 0) return [];
  const effects: RuleEffect[] = [];
  for (const item of items) {
    const prepared = prepareItem(item);
    for (const { rule, test } of tests) {
      if (!test(prepared)) continue;
      effects.push(ruleEffect(rule.userId, rule, item, { notify: true }));
    }
  }
  return effects;
}

/**
 * Applies the rules of everyone following the feed to its new items: `loadItems` reads them (only when
 * some follower has a rule that takes the feed). Returns how many (rule, item) matches were acted on.
 */
export async function applyRulesToNewItems(
  db: Db,
  feedId: number,
  loadItems: () => Promise<NewItem[]>,
  now = Date.now(),
) {
  const people = db.people.all();
  const rulesByDb = await Promise.all(people.map((person) => rulesOfFollowers(person, feedId)));
  if (rulesByDb.every((rules) => rules.length === 0)) return 0;
  const items = await loadItems();
  let matched = 0;
  await Promise.all(
    people.map((person, index) => {
      const effects = effectsOf(rulesByDb[index] ?? [], items);
      matched += effects.length;
      return writeRuleEffects(db, person, effects, now);
    }),
  );
  return matched;
}
