// GET /api/favicons/:feedId: the icon of a feed's site, from Feedloom's own origin (feeds/favicon-cache.ts):
// fetched once per site through the safe fetcher, kept in R2, then served from there. Public, like any
// image a page or a reader app shows (reader apps fetch iconUrl without their token); it tells nothing
// a feed's own site does not. 404 when the site has no usable icon: the web app and the apps then draw
// their own feed icon.
import { Hono } from 'hono';
import * as z from 'zod';
import { idSchema } from '../contracts/ids';
import { feedRowsByIds } from '../db/feeds';
import type { AppEnv } from '../env';
import { siteIcon } from '../feeds/favicon-cache';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';

export const faviconRoutes = new Hono<AppEnv>().get(
  '/:feedId',
  validate('param', z.object({ feedId: idSchema('Invalid feed ID') })),
  async (c) => {
    const [feed] = await feedRowsByIds(c.var.db, [c.req.valid('param').feedId]);
    if (!feed) throw notFound('Icon');
    const icon = await siteIcon({ bucket: c.var.services.images.bucket, fetcher: c.var.services.fetcher }, feed);
    if (!icon) throw notFound('Icon');
    return c.body(icon.body, 200, {
      'content-type': icon.contentType,
      'x-content-type-options': 'nosniff',
      // An SVG icon opened on its own runs nothing: no scripts, no requests, in a sandbox.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'public, max-age=86400',
    });
  },
);
