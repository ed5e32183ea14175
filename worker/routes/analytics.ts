// Page views (spec §2): written to Workers Analytics Engine when the ANALYTICS dataset is bound,
// otherwise dropped. Never fails the page: bad input is ignored, not refused.
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const analyticsRoutes = new Hono<AppEnv>().post('/pageview', async (c) => {
  const body = await c.req.json<{ path?: unknown }>().catch(() => ({}) as { path?: unknown });
  const path = typeof body.path === 'string' ? body.path.slice(0, 200) : null;
  const { analytics } = c.var.services;
  if (path && analytics) {
    analytics.writeDataPoint({ blobs: [path, c.var.user ? 'user' : 'visitor'], indexes: [path] });
  }
  return c.body(null, 204);
});
