// A person's rules, mute words and saved searches (issue 26), in their people database. Every function
// takes the user id first: another person's rows are unreachable. The plan's limits are held in the
// insert itself (one statement, no race), as subscribe does for feeds.
import { and, asc, eq, sql } from 'drizzle-orm';
import { rules, savedSearches, subscriptions } from '../../schema';
import type { Rule, RuleAction, RuleScope, SavedSearch } from '../contracts/rules';
import { ApiError, notFound } from '../lib/errors';
import { PLANS, type Plan } from '../lib/plans';
import type { PeopleDb } from './client';
import { ensureCategoryOwned } from './feeds';

type RuleRow = typeof rules.$inferSelect;

const scopeOf = (row: { scopeType: RuleScope['type']; scopeId: number | null }): RuleScope =>
  row.scopeType === 'all' || row.scopeId === null ? { type: 'all' } : { type: row.scopeType, id: row.scopeId };

export const toRule = (row: RuleRow): Rule => ({
  id: row.id,
  name: row.name,
  scope: scopeOf(row),
  match: row.match,
  actions: row.actions as RuleAction[],
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastMatchedAt: row.lastMatchedAt?.toISOString() ?? null,
  matchCount: row.matchCount,
});

/** A scope naming a category or feed that is not the person's is a 404, as everywhere else. */
export async function ensureScopeOwned(db: PeopleDb, userId: number, scope: RuleScope) {
  if (scope.type === 'category') await ensureCategoryOwned(db, userId, scope.id);
  if (scope.type === 'feed' && scope.id !== undefined) {
    const [row] = await db
      .select({ feedId: subscriptions.feedId })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, scope.id)));
    if (!row) throw notFound('Feed');
  }
}

export function ruleLimitError(plan: Plan) {
  return plan === 'pro'
    ? new ApiError('FORBIDDEN', `You have reached the Pro plan limit of ${PLANS.pro.maxRules} rules.`)
    : new ApiError(
        'FORBIDDEN',
        `You have reached the Free plan limit of ${PLANS.free.maxRules} rules. Upgrade to Pro to have up to ${PLANS.pro.maxRules}.`,
      );
}

export function savedSearchLimitError(plan: Plan) {
  return plan === 'pro'
    ? new ApiError('FORBIDDEN', `You have reached the Pro plan limit of ${PLANS.pro.maxSavedSearches} saved searches.`)
    : new ApiError(
        'FORBIDDEN',
        `You have reached the Free plan limit of ${PLANS.free.maxSavedSearches} saved searches. Upgrade to Pro to have up to ${PLANS.pro.maxSavedSearches}.`,
      );
}

export async function listRules(db: PeopleDb, userId: number): Promise<Rule[]> {
  const rows = await db
    .select()
    .from(rules)
    .where(and(eq(rules.userId, userId), eq(rules.kind, 'rule')))
    .orderBy(asc(rules.id));
  return rows.map(toRule);
}

export async function getRule(db: PeopleDb, userId: number, ruleId: number): Promise<Rule> {
  const [row] = await db
    .select()
    .from(rules)
    .where(and(eq(rules.id, ruleId), eq(rules.userId, userId), eq(rules.kind, 'rule')));
  if (!row) throw notFound('Rule');
  return toRule(row);
}

export type RuleValues = { name: string; scope: RuleScope; match: string; actions: RuleAction[]; enabled: boolean };

/** Saves a new rule while the person has fewer than their plan allows. */
export async function insertRule(db: PeopleDb, userId: number, plan: Plan, values: RuleValues, now = Date.now()) {
  const rows = await db.all<{ id: number }>(sql`
    insert into rules (user_id, kind, name, scope_type, scope_id, match, actions, enabled, created_at, match_count)
    select ${userId}, 'rule', ${values.name}, ${values.scope.type}, ${values.scope.id ?? null}, ${values.match},
      ${JSON.stringify(values.actions)}, ${values.enabled ? 1 : 0}, ${now}, 0
    where (select count(*) from rules where user_id = ${userId} and kind = 'rule') < ${PLANS[plan].maxRules}
    returning id`);
  const [row] = rows;
  if (!row) throw ruleLimitError(plan);
  return getRule(db, userId, row.id);
}

export async function updateRule(db: PeopleDb, userId: number, ruleId: number, values: RuleValues) {
  await db
    .update(rules)
    .set({
      name: values.name,
      scopeType: values.scope.type,
      scopeId: values.scope.id ?? null,
      match: values.match,
      actions: values.actions,
      enabled: values.enabled,
    })
    .where(and(eq(rules.id, ruleId), eq(rules.userId, userId), eq(rules.kind, 'rule')));
  return getRule(db, userId, ruleId);
}

export async function deleteRule(db: PeopleDb, userId: number, ruleId: number) {
  const deleted = await db
    .delete(rules)
    .where(and(eq(rules.id, ruleId), eq(rules.userId, userId), eq(rules.kind, 'rule')))
    .returning({ id: rules.id });
  if (deleted.length === 0) throw notFound('Rule');
}

/** The person's mute words: the words of their one `mute` row, none when they have none. */
export async function getMuteWords(db: PeopleDb, userId: number): Promise<string[]> {
  const [row] = await db
    .select({ match: rules.match })
    .from(rules)
    .where(and(eq(rules.userId, userId), eq(rules.kind, 'mute')));
  return row ? (JSON.parse(row.match) as string[]) : [];
}

/** The id of the person's mute-words rule (0 when they have none). */
export async function muteRuleId(db: PeopleDb, userId: number) {
  const [row] = await db
    .select({ id: rules.id })
    .from(rules)
    .where(and(eq(rules.userId, userId), eq(rules.kind, 'mute')));
  return row?.id ?? 0;
}

/** Saves the mute words as the person's one hide rule of scope all; none deletes it. */
export async function saveMuteWords(db: PeopleDb, userId: number, words: string[], now = Date.now()) {
  await db.delete(rules).where(and(eq(rules.userId, userId), eq(rules.kind, 'mute')));
  if (words.length === 0) return;
  await db.insert(rules).values({
    userId,
    kind: 'mute',
    name: 'Mute words',
    scopeType: 'all',
    scopeId: null,
    match: JSON.stringify(words),
    actions: ['hide'],
    enabled: true,
    createdAt: new Date(now),
  });
}

type SavedSearchRow = typeof savedSearches.$inferSelect;

const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  query: row.query,
  scope: scopeOf(row),
  createdAt: row.createdAt.toISOString(),
});

export async function listSavedSearches(db: PeopleDb, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

export async function getSavedSearch(db: PeopleDb, userId: number, id: number): Promise<SavedSearch> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (!row) throw notFound('Saved search');
  return toSavedSearch(row);
}

export async function insertSavedSearch(
  db: PeopleDb,
  userId: number,
  plan: Plan,
  values: { name: string; query: string; scope: RuleScope },
  now = Date.now(),
) {
  const rows = await db.all<{ id: number }>(sql`
    insert into saved_searches (user_id, name, query, scope_type, scope_id, created_at)
    select ${userId}, ${values.name}, ${values.query}, ${values.scope.type}, ${values.scope.id ?? null}, ${now}
    where (select count(*) from saved_searches where user_id = ${userId}) < ${PLANS[plan].maxSavedSearches}
    returning id`);
  const [row] = rows;
  if (!row) throw savedSearchLimitError(plan);
  return getSavedSearch(db, userId, row.id);
}

export async function deleteSavedSearch(db: PeopleDb, userId: number, id: number) {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound('Saved search');
}

/** An enabled rule of someone who follows a feed, with what the refresh needs to act on it. */
export type FollowerRule = {
  id: number;
  userId: number;
  kind: 'rule' | 'mute';
  name: string;
  match: string;
  actions: RuleAction[];
};

/**
 * The enabled rules (and mute words) of this people database's followers of the feed whose scope takes
 * it: every feed, the feed itself, or the category the person filed it under. One statement: the enabled
 * rules' index, each joined to its person's subscription of the feed by primary key (CROSS JOIN keeps
 * that order: the other way round reads every follower's subscription, 1,000 rows for a popular feed).
 */
export async function rulesOfFollowers(people: PeopleDb, feedId: number): Promise<FollowerRule[]> {
  const rows = await people.all<{
    id: number;
    user_id: number;
    kind: 'rule' | 'mute';
    name: string;
    match: string;
    actions: string;
  }>(sql`select r.id, r.user_id, r.kind, r.name, r.match, r.actions
    from rules r cross join subscriptions s on s.user_id = r.user_id and s.feed_id = ${feedId}
    where r.enabled = 1 and (r.scope_type = 'all' or (r.scope_type = 'feed' and r.scope_id = ${feedId})
      or (r.scope_type = 'category' and r.scope_id = s.category_id))`);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    name: row.name,
    match: row.match,
    actions: JSON.parse(row.actions) as RuleAction[],
  }));
}
