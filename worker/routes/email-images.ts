// Generated images for mail clients: the signed links of worker/email/image-links.ts. A wrong or
// missing signature answers 404, like an image that does not exist.
import { Hono } from 'hono';
import * as z from 'zod';
import { isSignedImage } from '../email/image-links';
import type { AppEnv } from '../env';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { imageNameSchema, serveImage } from './ai-generations';

export const emailImageRoutes = new Hono<AppEnv>().get(
  '/:imageName',
  validate('param', z.object({ imageName: imageNameSchema })),
  validate('query', z.object({ sig: z.string().max(100).default('') })),
  async (c) => {
    const { imageName } = c.req.valid('param');
    if (!(await isSignedImage(c.var.config, imageName, c.req.valid('query').sig))) throw notFound('Image');
    return serveImage(c, `generations/${imageName}`);
  },
);
