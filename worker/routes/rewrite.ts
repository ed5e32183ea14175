// POST /api/feed-items/:itemId/rewrite (spec §7): rewrites one item for a platform. 200 {id, content,
// contentType} when the model answers within 60 s, else 202 {id, status: 'pending'} and a job finishes
// it. Mounted at /feed-items before the feed-item routes.
import { Hono } from 'hono';
import { z } from 'zod';
import { startRewrite } from '../ai/rewrite';
import { rewriteSchema } from '../contracts/ai';
import { idSchema } from '../contracts/ids';
import type { AuthedEnv } from '../env';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

const itemParam = validate('param', z.object({ itemId: idSchema('Invalid feed item ID') }));

export const rewriteRoutes = new Hono<AuthedEnv>().post(
  '/:itemId/rewrite',
  requireUser,
  itemParam,
  validate('json', rewriteSchema),
  async (c) => {
    const result = await startRewrite(
      { env: c.env, db: c.var.db },
      c.var.user,
      c.req.valid('param').itemId,
      c.req.valid('json'),
    );
    return c.json(result.body, result.status);
  },
);
