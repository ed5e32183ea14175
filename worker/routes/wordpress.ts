// WordPress sites and publishing (issue 5). A Pro feature, refused on the server to Free accounts.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { idSchema } from '../contracts/ids';
import { addSiteSchema, publishSchema, updateSiteSchema } from '../contracts/wordpress';
import { createSite, deleteSite, getSite, listSites, siteCredentials, updateSite } from '../db/wordpress-sites';
import type { AuthedEnv } from '../env';
import { publishGeneration } from '../integrations/publish';
import { listPopularTags, listWordPressCategories, verifyCredentials } from '../integrations/wordpress';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';
import { isPublicUrl } from '../net/safe-fetch';

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

/** https and public; a host listed in FETCH_ALLOW_HOSTS (local runs and tests) may use http. */
function checkSiteUrl(url: string, allowHosts: string) {
  const parsed = new URL(url);
  const allowListed = allowHosts.split(',').some((entry) => entry.trim() === parsed.host);
  if (parsed.protocol !== 'https:' && !allowListed) {
    throw new ApiError(
      'BAD_REQUEST',
      'The site URL must start with https:// so your application password stays private.',
    );
  }
  if (!isPublicUrl(url, allowHosts)) {
    throw new ApiError('BAD_REQUEST', 'This address points to a private network. Use your site’s public URL.');
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

async function checkedCredentials(url: string, username: string, applicationPassword: string, allowHosts: string) {
  const credentials = { url: checkSiteUrl(url, allowHosts), username, applicationPassword };
  try {
    await verifyCredentials(credentials, allowHosts);
  } catch (error) {
    throw new ApiError(
      'BAD_REQUEST',
      error instanceof Error ? error.message : 'The WordPress credentials did not work.',
    );
  }
  return credentials;
}

export const wordpressRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/sites', async (c) => c.json(await listSites(c.var.db, c.var.user.id)))
  .post('/sites', requirePro, validate('json', addSiteSchema), async (c) => {
    const input = c.req.valid('json');
    const credentials = await checkedCredentials(
      input.url,
      input.username,
      input.applicationPassword,
      c.env.FETCH_ALLOW_HOSTS,
    );
    const site = await createSite(c.var.db, c.env.ENCRYPTION_KEY, c.var.user.id, { ...input, url: credentials.url });
    return c.json(site, 201);
  })
  .patch('/sites/:siteId', requirePro, siteParam, validate('json', updateSiteSchema), async (c) => {
    const { siteId } = c.req.valid('param');
    const changes = c.req.valid('json');
    if (changes.url || changes.username || changes.applicationPassword) {
      const current = await siteCredentials(c.var.db, c.env.ENCRYPTION_KEY, c.var.user.id, siteId);
      // The stored password was given for this site and this user only: a new host (or account) must
      // get it from the person again, never from us (issue 10 M5).
      const movesCredentials =
        (changes.url !== undefined && changes.url !== current.url) ||
        (changes.username !== undefined && changes.username !== current.username);
      if (movesCredentials && !changes.applicationPassword) {
        throw new ApiError('BAD_REQUEST', 'Enter the application password again to change the site URL or username.');
      }
      const checked = await checkedCredentials(
        changes.url ?? current.url,
        changes.username ?? current.username,
        changes.applicationPassword ?? current.applicationPassword,
        c.env.FETCH_ALLOW_HOSTS,
      );
      changes.url = checked.url;
    }
    return c.json(await updateSite(c.var.db, c.env.ENCRYPTION_KEY, c.var.user.id, siteId, changes));
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
      c.env.ENCRYPTION_KEY,
      c.var.user.id,
      c.req.valid('param').siteId,
    );
    const [categories, tags] = await Promise.all([
      listWordPressCategories(credentials, c.env.FETCH_ALLOW_HOSTS),
      listPopularTags(credentials, c.env.FETCH_ALLOW_HOSTS),
    ]);
    return c.json({ categories, tags });
  })
  .post('/publish', requirePro, validate('json', publishSchema), async (c) => {
    const result = await publishGeneration({ db: c.var.db, env: c.env }, c.var.user.id, c.req.valid('json'));
    return c.json(result);
  });
