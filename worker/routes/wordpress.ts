// WordPress sites and publishing (issue 5). A Pro feature, refused on the server to Free accounts.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as z from 'zod';
import { idSchema } from '../contracts/ids';
import { addSiteSchema, publishSchema, updateSiteSchema } from '../contracts/wordpress';
import { deleteSite, getSite, listSites, siteCredentials } from '../db/wordpress-sites';
import type { AuthedEnv } from '../env';
import { publishGeneration } from '../integrations/publish';
import { listPopularTags, listWordPressCategories } from '../integrations/wordpress';
import { changeSite, connectSite } from '../integrations/wordpress-sites';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

const siteParam = validate('param', z.object({ siteId: idSchema('Invalid site ID') }));

const requirePro = createMiddleware<AuthedEnv>(async (c, next) => {
  if (c.var.user.plan !== 'pro') {
    throw new ApiError(
      'FORBIDDEN',
      'Publishing to WordPress is a Pro feature. Upgrade to Pro to connect WordPress sites.',
    );
  }
  await next();
});

export const wordpressRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/sites', async (c) => c.json(await listSites(c.var.db, c.var.user.id)))
  .post('/sites', requirePro, validate('json', addSiteSchema), async (c) => {
    const site = await connectSite(c.var.services, c.var.config.secrets.encryption, c.var.user.id, c.req.valid('json'));
    return c.json(site, 201);
  })
  .patch('/sites/:siteId', requirePro, siteParam, validate('json', updateSiteSchema), async (c) => {
    const { siteId } = c.req.valid('param');
    return c.json(
      await changeSite(c.var.services, c.var.config.secrets.encryption, c.var.user.id, siteId, c.req.valid('json')),
    );
  })
  .delete('/sites/:siteId', siteParam, async (c) => {
    await deleteSite(c.var.db, c.var.user.id, c.req.valid('param').siteId);
    return c.json({ message: 'Site removed' });
  })
  .get('/sites/:siteId', siteParam, async (c) =>
    c.json(await getSite(c.var.db, c.var.user.id, c.req.valid('param').siteId)),
  )
  .get('/sites/:siteId/info', requirePro, siteParam, async (c) => {
    const credentials = await siteCredentials(
      c.var.db,
      c.var.config.secrets.encryption,
      c.var.user.id,
      c.req.valid('param').siteId,
    );
    const [categories, tags] = await Promise.all([
      listWordPressCategories(credentials, c.var.services.fetcher),
      listPopularTags(credentials, c.var.services.fetcher),
    ]);
    return c.json({ categories, tags });
  })
  .post('/publish', requirePro, validate('json', publishSchema), async (c) => {
    const result = await publishGeneration({ ...c.var.services, env: c.env }, c.var.user.id, c.req.valid('json'));
    return c.json(result);
  });
