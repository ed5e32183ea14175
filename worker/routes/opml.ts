// OPML export and import (issue 3). An import runs as a queue job; the person polls its outcome.
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { opmlImports } from '../../schema';
import type { OpmlImportResult } from '../contracts/feeds';
import { listCategoriesWithFeeds } from '../db/categories';
import type { AuthedEnv } from '../env';
import { buildOpml, OpmlError, parseOpml } from '../feeds/opml';
import { enqueue } from '../jobs/enqueue';
import { ApiError, notFound } from '../lib/errors';
import { idParam } from '../lib/ids';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

const toResult = (row: typeof opmlImports.$inferSelect): OpmlImportResult => ({
  id: row.id,
  status: row.status,
  added: row.added,
  skipped: row.skipped,
  failed: row.failed,
  errors: row.errors,
});

export const opmlRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    const groups = await listCategoriesWithFeeds(c.var.db, c.var.user.id);
    c.header('content-disposition', 'attachment; filename="feedloom-subscriptions.opml"');
    return c.body(buildOpml(groups, c.var.user.email), 200, { 'content-type': 'text/x-opml; charset=utf-8' });
  })
  .post('/', async (c) => {
    const text = c.req.header('content-type')?.includes('application/json')
      ? String(((await c.req.json().catch(() => ({}))) as { opml?: unknown }).opml ?? '')
      : await c.req.text();
    let entries: ReturnType<typeof parseOpml>;
    try {
      entries = parseOpml(text);
    } catch (error) {
      if (error instanceof OpmlError) throw new ApiError('BAD_REQUEST', error.message);
      throw error;
    }
    const [row] = await c.var.db
      .insert(opmlImports)
      .values({ userId: c.var.user.id, entries, errors: [], createdAt: new Date() })
      .returning();
    if (!row) throw new Error('import row not created');
    await enqueue(c.env, { type: 'import-opml', importId: row.id, offset: 0 });
    return c.json({ ...toResult(row), total: entries.length }, 202);
  })
  .get('/imports/:importId', validate('param', z.object({ importId: idParam('Invalid import ID') })), async (c) => {
    const [row] = await c.var.db
      .select()
      .from(opmlImports)
      .where(and(eq(opmlImports.id, c.req.valid('param').importId), eq(opmlImports.userId, c.var.user.id)));
    if (!row) throw notFound('Import');
    return c.json({ ...toResult(row), total: row.entries.length });
  });
