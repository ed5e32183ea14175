// Saved searches (issue 26): POST/GET/DELETE /api/saved-searches {name, query, scope?}. The query is the
// search syntax, checked as search checks it; GET gives each with its unread count (the sidebar's
// "Searches"); GET /:savedSearchId/items opens one as a list, as a feed opens.
import { Hono } from 'hono';
import * as z from 'zod';
import { pageCursorSchema, pageLimitSchema } from '../contracts/feeds';
import { idSchema } from '../contracts/ids';
import { createSavedSearchSchema } from '../contracts/rules';
import { deleteSavedSearch, ensureScopeOwned, getSavedSearch, insertSavedSearch, listSavedSearches } from '../db/rules';
import type { AuthedEnv } from '../env';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';
import { matchFiltersOf } from '../rules/preview';
import { savedSearchPage, unreadCountsOf } from '../rules/saved-search-items';
import { limitSearches } from '../search/search-limit';

const searchParam = validate('param', z.object({ savedSearchId: idSchema('Invalid saved search ID') }));

const pageQuery = validate(
  'query',
  z.object({
    filter: z.enum(['all', 'unread'], 'filter must be all or unread').default('all'),
    cursor: pageCursorSchema,
    limit: pageLimitSchema,
  }),
);

export const savedSearchRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    const searches = await listSavedSearches(c.var.peopleDb, c.var.user.id);
    return c.json(await unreadCountsOf(c.var.reader, searches));
  })
  .post('/', validate('json', createSavedSearchSchema), async (c) => {
    const values = c.req.valid('json');
    matchFiltersOf(values.query);
    await ensureScopeOwned(c.var.peopleDb, c.var.user.id, values.scope);
    return c.json(await insertSavedSearch(c.var.peopleDb, c.var.user.id, c.var.user.plan, values), 201);
  })
  .get('/:savedSearchId/items', searchParam, pageQuery, async (c) => {
    // Each page of a saved search is a search, counted as any is (issue 29).
    await limitSearches(c.var.services.searchLimiter, c.var.user.id);
    const search = await getSavedSearch(c.var.peopleDb, c.var.user.id, c.req.valid('param').savedSearchId);
    const page = await savedSearchPage(c.var.reader, search, c.req.valid('query'));
    if (page.nextCursor) c.header('x-next-cursor', page.nextCursor);
    return c.json(page.items);
  })
  .delete('/:savedSearchId', searchParam, async (c) => {
    await deleteSavedSearch(c.var.peopleDb, c.var.user.id, c.req.valid('param').savedSearchId);
    return c.json({ message: 'Saved search deleted' });
  });
