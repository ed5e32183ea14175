// Admin tools (issue 5). Every call answers 403 to anyone but the admins of ADMIN_USER_IDS, on the
// server, and every call is logged (middleware/session.ts requireAdmin). A credit grant is also recorded
// in the ledger with the admin's id, so who gave what stays in the database, not only in the logs.
import { Hono } from 'hono';
import { addCreditsSchema, clearGenerationsSchema } from '../contracts/admin';
import { grantCredits } from '../db/credits';
import { deleteUserGenerations } from '../db/generations';
import { findUserByEmail, findUserById } from '../db/users';
import type { AuthedEnv } from '../env';
import { notFound } from '../lib/errors';
import { log } from '../lib/log';
import { validate } from '../lib/validate';
import { requireAdmin } from '../middleware/session';
import { extensionDownload } from './extension';

async function userByEmail(db: Parameters<typeof findUserByEmail>[0], email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('User');
  return user;
}

export const adminRoutes = new Hono<AuthedEnv>()
  .use(requireAdmin)
  .post('/clear-generations', validate('json', clearGenerationsSchema), async (c) => {
    const user = await userByEmail(c.var.db, c.req.valid('json').email);
    const { deleted, imageKeys } = await deleteUserGenerations(c.var.db, user.id);
    if (imageKeys.length > 0) await c.var.services.images.bucket.delete(imageKeys);
    log.info('admin.clear_generations', { adminId: c.var.user.id, userId: user.id, deleted });
    return c.json({ deleted, message: `Deleted ${deleted} generations of ${user.email}` });
  })
  .post('/credits', validate('json', addCreditsSchema), async (c) => {
    const { email, amount, reason } = c.req.valid('json');
    const user = await userByEmail(c.var.db, email);
    await grantCredits(c.var.db, user.id, amount, `Admin ${c.var.user.id}: ${reason}`, `admin:${crypto.randomUUID()}`);
    const updated = await findUserById(c.var.db, user.id);
    log.info('admin.add_credits', { adminId: c.var.user.id, userId: user.id, amount, reason });
    return c.json({ credits: updated?.credits ?? 0, message: `${email} now has ${updated?.credits ?? 0} credits` });
  })
  .get('/download-extension', (c) => extensionDownload(c.var.services.assets, c.req.url));
