// AI generations (spec §7 and issue 4): the current and previous lists, one generation, its image,
// email and regenerate, feed and category summaries, and "send me a digest now". Another person's
// generation or image answers 404.
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { requestDigestNow } from '../ai/digest';
import { emailGeneration } from '../ai/email-generation';
import { regenerate, startSummary } from '../ai/rewrite';
import { categorySummarySchema, feedSummarySchema } from '../contracts/ai';
import { idSchema } from '../contracts/ids';
import { getGeneration, getGenerationByImage, listGenerations, toGeneration } from '../db/generations';
import type { AuthedEnv } from '../env';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

/** The cards of /ai-generated; older ones are "Previous Generations". */
const CURRENT_COUNT = 12;
const generationParam = validate('param', z.object({ generationId: idSchema('Invalid generation ID') }));
const pageQuery = validate(
  'query',
  z.object({
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
);
export const imageNameSchema = z.string().regex(/^\d{1,16}-[A-Za-z0-9_-]{8,64}\.jpg$/, 'Image not found');
const imageParam = validate('param', z.object({ imageName: imageNameSchema }));

/** An image from R2 as the browser (or a mail client) should get it. */
export async function serveImage(c: Context, key: string) {
  const object = await c.var.services.images.bucket.get(key);
  if (!object) throw notFound('Image');
  return c.body(object.body, 200, {
    'content-type': object.httpMetadata?.contentType ?? 'image/jpeg',
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, max-age=86400',
    'content-disposition': 'inline',
  });
}

export const aiGenerationRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await listGenerations(c.var.db, c.var.user.id, { offset: 0, limit: CURRENT_COUNT })))
  .get('/previous', pageQuery, async (c) => {
    const { offset, limit } = c.req.valid('query');
    return c.json(await listGenerations(c.var.db, c.var.user.id, { offset: CURRENT_COUNT + offset, limit }));
  })
  .get('/images/:imageName', imageParam, async (c) => {
    const key = `generations/${c.req.valid('param').imageName}`;
    await getGenerationByImage(c.var.db, c.var.user.id, key);
    return serveImage(c, key);
  })
  .post('/feed-summary', validate('json', feedSummarySchema), async (c) => {
    const { feedId, ...input } = c.req.valid('json');
    const generation = await startSummary(
      { ...c.var.services, env: c.env },
      c.var.user,
      { kind: 'feed', feedId },
      input,
    );
    return c.json(generation, 202);
  })
  .post('/category-summary', validate('json', categorySummarySchema), async (c) => {
    const { categoryId, ...input } = c.req.valid('json');
    const generation = await startSummary(
      { ...c.var.services, env: c.env },
      c.var.user,
      { kind: 'category', categoryId },
      input,
    );
    return c.json(generation, 202);
  })
  .post('/digest', async (c) => {
    await requestDigestNow(c.env, c.var.db, c.var.user);
    return c.json({ message: 'Your digest is on its way. It will appear in AI Generated shortly.' }, 202);
  })
  .get('/:generationId', generationParam, async (c) =>
    c.json(toGeneration(await getGeneration(c.var.db, c.var.user.id, c.req.valid('param').generationId))),
  )
  .post('/:generationId/email', generationParam, async (c) => {
    const generation = toGeneration(await getGeneration(c.var.db, c.var.user.id, c.req.valid('param').generationId));
    const to = await emailGeneration(c.var.services, c.var.user, generation, c.var.requestId);
    return c.json({ message: 'Email sent', to });
  })
  .post('/:generationId/regenerate', generationParam, async (c) => {
    const result = await regenerate({ ...c.var.services, env: c.env }, c.var.user, c.req.valid('param').generationId);
    return c.json(result.body, result.status);
  });
