// A rule saved with applyToExisting (issue 26), and mute words when they are saved, act on the stored
// items within retention too: the match runs as a search through the reading core (the person's items in
// scope, at most MAX_ITEMS of them), and the same effects as for new items are written. `notify` is left
// out here: a digest line says a new item matched, not that an old one still does.

import type { Rule } from '../contracts/rules';
import { itemIds, MAX_ITEMS } from '../db/items';
import type { Reader } from '../db/reader';
import { itemPositions, type RuleEffect, ruleEffect, writeRuleEffects } from '../db/rule-effects';
import { wordsOf } from '../search/parse-query';
import { itemScopeOf, matchFiltersOf } from './preview';

/** The items a match takes among the person's stored items in scope, with what an effect needs. */
async function storedMatches(reader: Reader, query: Parameters<typeof itemIds>[1]) {
  const ids = await itemIds(reader, query);
  return ids.length === 0 ? [] : itemPositions(reader.db, ids);
}

type Acting = Pick<Rule, 'id' | 'name' | 'actions'>;

function effectsFor(reader: Reader, rule: Acting, items: Awaited<ReturnType<typeof storedMatches>>): RuleEffect[] {
  return items.map((item) => ruleEffect(reader.userId, rule, { ...item, feedId: item.feed_id }, { notify: false }));
}

/** Applies a saved rule to the person's stored items in its scope; returns how many it acted on. */
export async function applyRuleToExisting(reader: Reader, rule: Rule, now = Date.now()) {
  const items = await storedMatches(reader, {
    scope: itemScopeOf(rule.scope),
    state: 'all',
    ...matchFiltersOf(rule.match),
    order: 'newest',
    limit: MAX_ITEMS,
  });
  await writeRuleEffects(reader.db, reader.db, effectsFor(reader, rule, items), now);
  return items.length;
}

/** The FTS5 expression of mute words: any one of them, each a phrase of its words (only letters and digits). */
export const muteWordsMatch = (words: string[]) =>
  words
    .map((word) => wordsOf(word))
    .filter((parts) => parts.length > 0)
    .map((parts) => `"${parts.join(' ')}"`)
    .join(' OR ');

/** Hides the stored items with any of the mute words, everywhere. */
export async function applyMuteWordsToExisting(reader: Reader, rule: Acting, words: string[], now = Date.now()) {
  const match = muteWordsMatch(words);
  if (!match) return 0;
  const items = await storedMatches(reader, {
    scope: { kind: 'all' },
    state: 'all',
    match,
    order: 'newest',
    limit: MAX_ITEMS,
  });
  await writeRuleEffects(reader.db, reader.db, effectsFor(reader, rule, items), now);
  return items.length;
}
