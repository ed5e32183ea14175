// Rules (issue 26): POST/GET/PATCH/DELETE /api/rules, and POST /api/rules/preview, which shows what a
// match takes before anything is saved. Every input is checked before a row is written: the match parses
// as a search (its own 400s: empty, only exclusions, over the term and prefix caps), the scope is the
// person's (404 otherwise), the actions are known, a hide of more than 90% of the last 30 days is
// confirmed; the plan's limit is held by the insert itself.
import { Hono } from 'hono';
import * as z from 'zod';
import { idSchema } from '../contracts/ids';
import {
  createRuleSchema,
  previewRuleSchema,
  type RuleAction,
  type RuleScope,
  updateRuleSchema,
} from '../contracts/rules';
import { deleteRule, ensureScopeOwned, getRule, insertRule, listRules, updateRule } from '../db/rules';
import type { AuthedEnv } from '../env';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';
import { applyRuleToExisting } from '../rules/apply-existing';
import { checkHideShare, matchFiltersOf, previewRule } from '../rules/preview';
import { limitSearches } from '../search/search-limit';

const ruleParam = validate('param', z.object({ ruleId: idSchema('Invalid rule ID') }));

type Checked = { scope: RuleScope; match: string; actions: RuleAction[] };

export const ruleRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await listRules(c.var.peopleDb, c.var.user.id)))
  .post('/preview', validate('json', previewRuleSchema), async (c) => {
    const { scope, match } = c.req.valid('json');
    matchFiltersOf(match);
    // A preview is a search of the person's items (up to every match's id), counted as any is (issue 29).
    await limitSearches(c.var.services.searchLimiter, c.var.user.id);
    await ensureScopeOwned(c.var.peopleDb, c.var.user.id, scope);
    return c.json(await previewRule(c.var.reader, scope, match));
  })
  .post('/', validate('json', createRuleSchema), async (c) => {
    const { applyToExisting, confirm, ...values } = c.req.valid('json');
    await check(c.var, values, confirm);
    const rule = await insertRule(c.var.peopleDb, c.var.user.id, c.var.user.plan, values);
    if (applyToExisting && rule.enabled) await applyRuleToExisting(c.var.reader, rule);
    return c.json(await getRule(c.var.peopleDb, c.var.user.id, rule.id), 201);
  })
  .get('/:ruleId', ruleParam, async (c) =>
    c.json(await getRule(c.var.peopleDb, c.var.user.id, c.req.valid('param').ruleId)),
  )
  .patch('/:ruleId', ruleParam, validate('json', updateRuleSchema), async (c) => {
    const { ruleId } = c.req.valid('param');
    const { applyToExisting, confirm, ...changes } = c.req.valid('json');
    const current = await getRule(c.var.peopleDb, c.var.user.id, ruleId);
    const values = {
      name: changes.name ?? current.name,
      scope: changes.scope ?? current.scope,
      match: changes.match ?? current.match,
      actions: changes.actions ?? current.actions,
      enabled: changes.enabled ?? current.enabled,
    };
    // What the rule takes is asked again only when it changes: renaming it or turning it off and on
    // keeps the confirmation it was saved with.
    const takesOther = [changes.scope, changes.match, changes.actions].some((value) => value !== undefined);
    await check(c.var, values, confirm || !takesOther);
    const rule = await updateRule(c.var.peopleDb, c.var.user.id, ruleId, values);
    if (applyToExisting && rule.enabled) await applyRuleToExisting(c.var.reader, rule);
    return c.json(await getRule(c.var.peopleDb, c.var.user.id, ruleId));
  })
  .delete('/:ruleId', ruleParam, async (c) => {
    await deleteRule(c.var.peopleDb, c.var.user.id, c.req.valid('param').ruleId);
    return c.json({ message: 'Rule deleted' });
  });

/** Everything a rule is checked for before it is saved, cheapest first. */
async function check(vars: AuthedEnv['Variables'], rule: Checked, confirmed: boolean) {
  matchFiltersOf(rule.match);
  await ensureScopeOwned(vars.peopleDb, vars.user.id, rule.scope);
  if (rule.actions.includes('hide')) await checkHideShare(vars.reader, rule.scope, rule.match, confirmed);
}
