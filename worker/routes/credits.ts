// Credits (spec §7): the balance and plan, for the sidebar and the rewrite dialog.
import { Hono } from 'hono';
import type { Credits } from '../contracts/ai';
import type { AuthedEnv } from '../env';
import { requireUser } from '../middleware/session';

export const creditRoutes = new Hono<AuthedEnv>().use(requireUser).get('/', (c) => {
  // The session middleware read the person's row for this request, so the balance is current.
  const credits: Credits = { credits: c.var.user.credits, isPro: c.var.user.plan === 'pro' };
  return c.json(credits);
});
