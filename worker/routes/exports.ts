// A finished export of a person's data, through its signed link (worker/exports/export-link.ts): no
// session needed, as it is opened from the mail. A link we did not make, or changed, answers 404 like a
// file that does not exist; one past its time says so (410) and where to export again.
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env';
import { checkExportLink, EXPORT_LINK_MS } from '../exports/export-link';
import { exportKey } from '../exports/write-export';
import { ApiError, notFound } from '../lib/errors';
import { validate } from '../lib/validate';

export const EXPORT_LINK_EXPIRED = 'This link to your data has expired. Export your data again from your account page.';

export const exportRoutes = new Hono<AppEnv>().get(
  '/:userId/:exportId',
  validate(
    'param',
    z.object({ userId: z.coerce.number().int().positive(), exportId: z.string().regex(/^[a-z2-7]{16}$/) }),
  ),
  validate('query', z.object({ expires: z.coerce.number().int().default(0), sig: z.string().max(100).default('') })),
  async (c) => {
    const { userId, exportId } = c.req.valid('param');
    const { expires, sig } = c.req.valid('query');
    const link = { userId, exportId, expiresAt: expires };
    const state = await checkExportLink(c.var.config, link, sig, Date.now());
    if (state === 'invalid') throw notFound('Export');
    if (state === 'expired') throw new ApiError('GONE', EXPORT_LINK_EXPIRED);
    const file = await c.var.services.exports.get(exportKey({ userId, exportId, createdAt: expires - EXPORT_LINK_MS }));
    if (!file) throw notFound('Export');
    const day = new Date(expires).toISOString().slice(0, 10);
    return c.body(file.body, 200, {
      'content-type': 'application/json',
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="feedloom-export-${day}.json"`,
      'cache-control': 'private, no-store',
    });
  },
);
