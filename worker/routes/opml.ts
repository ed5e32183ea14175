// OPML export and import (issue 3). An import runs as a queue job; the person polls its outcome.
import { Hono } from 'hono';
import * as z from 'zod';
import type { OpmlImportResult } from '../contracts/feeds';
import { idSchema } from '../contracts/ids';
import { listCategoriesWithFeeds } from '../db/categories';
import type { Db } from '../db/client';
import {
  failStaleImports,
  findImport,
  hasPendingImport,
  insertPendingImport,
  type OpmlImportRow,
} from '../db/opml-imports';
import { countInWindow } from '../db/rate-limits';
import type { AuthedEnv } from '../env';
import { buildOpml, OpmlError, parseOpml } from '../feeds/opml';
import { enqueue } from '../jobs/enqueue';
import { ApiError, notFound } from '../lib/errors';
import { startOfDay } from '../lib/time';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

type OpmlEntry = ReturnType<typeof parseOpml>[number];

const toResult = (row: OpmlImportRow): OpmlImportResult => ({
  id: row.id,
  status: row.status,
  added: row.added,
  skipped: row.skipped,
  failed: row.failed,
  errors: row.errors,
});

/** Imports a person may start per day, and how long a pending one may hold the slot (issue 10 M4). */
export const OPML_IMPORTS_PER_DAY = 10;
const STALE_IMPORT_MS = 60 * 60 * 1000;

/**
 * Stores a new pending import: one at a time per person (a unique index on pending rows holds this
 * under races too), at most OPML_IMPORTS_PER_DAY a day. An import still pending after an hour has died
 * with its job and no longer blocks the next.
 */
async function startImport(db: Db, user: { id: number; timezone: string }, entries: OpmlEntry[]) {
  await failStaleImports(db, user.id, Date.now() - STALE_IMPORT_MS);
  if (await hasPendingImport(db, user.id)) throw importRunning();
  if (
    (await countInWindow(db, `opml-import:user:${user.id}`, startOfDay(Date.now(), user.timezone))) >
    OPML_IMPORTS_PER_DAY
  ) {
    throw new ApiError(
      'RATE_LIMITED',
      `You can import up to ${OPML_IMPORTS_PER_DAY} OPML files a day. Please try again tomorrow.`,
    );
  }
  const row = await insertPendingImport(db, user.id, entries);
  if (!row) throw importRunning();
  return row;
}

const importRunning = () =>
  new ApiError('CONFLICT', 'An import is already running. Please wait until it finishes, then try again.');

export const opmlRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    const groups = await listCategoriesWithFeeds(c.var.peopleDb, c.var.user.id, c.var.reader);
    c.header('content-disposition', 'attachment; filename="feedloom-subscriptions.opml"');
    return c.body(buildOpml(groups, c.var.user.email), 200, { 'content-type': 'text/x-opml; charset=utf-8' });
  })
  .post('/', async (c) => {
    const text = c.req.header('content-type')?.includes('application/json')
      ? String(((await c.req.json().catch(() => ({}))) as { opml?: unknown }).opml ?? '')
      : await c.req.text();
    let entries: OpmlEntry[];
    try {
      entries = parseOpml(text);
    } catch (error) {
      if (error instanceof OpmlError) throw new ApiError('BAD_REQUEST', error.message);
      throw error;
    }
    const row = await startImport(c.var.db, c.var.user, entries);
    await enqueue(c.env, { type: 'import-opml', importId: row.id, offset: 0 });
    return c.json({ ...toResult(row), total: entries.length }, 202);
  })
  .get('/imports/:importId', validate('param', z.object({ importId: idSchema('Invalid import ID') })), async (c) => {
    const row = await findImport(c.var.db, c.var.user.id, c.req.valid('param').importId);
    if (!row) throw notFound('Import');
    return c.json({ ...toResult(row), total: row.total });
  });
