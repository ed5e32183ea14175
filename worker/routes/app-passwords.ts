// App passwords for reader apps (issue 15): created with the password shown once, listed without
// secrets, revoked at once. Creating one needs more than the session (auth/app-password-proof.ts,
// issue 28). Mounted under /api/users/me/app-passwords.
import { Hono } from 'hono';
import * as z from 'zod';
import { proveAppPasswordRequest } from '../auth/app-password-proof';
import { createAppPasswordSchema } from '../contracts/account';
import { idSchema } from '../contracts/ids';
import { createAppPassword, listAppPasswords, MAX_APP_PASSWORDS, revokeAppPassword } from '../db/app-passwords';
import type { AuthedEnv } from '../env';
import { ApiError, notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

const appPasswordParam = z.object({ appPasswordId: idSchema('Invalid app password ID') });

export const appPasswordRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await listAppPasswords(c.var.db, c.var.user)))
  .post('/', validate('json', createAppPasswordSchema), async (c) => {
    const { name, currentPassword, token } = c.req.valid('json');
    const ip = c.req.header('cf-connecting-ip') ?? 'local';
    const proof = await proveAppPasswordRequest(c.env, c.var.config, c.var.db, c.var.user, {
      currentPassword,
      token,
      ip,
    });
    if (proof === 'link-sent') {
      const message = `We sent a link to ${c.var.user.email}. Follow it to create the app password.`;
      return c.json({ email: c.var.user.email, message }, 202);
    }
    const created = await createAppPassword(c.var.db, c.var.user, c.var.user.email, name);
    if (!created) {
      throw new ApiError('CONFLICT', `You can have at most ${MAX_APP_PASSWORDS} app passwords. Revoke one first.`);
    }
    return c.json(created, 201);
  })
  .delete('/:appPasswordId', validate('param', appPasswordParam), async (c) => {
    const { appPasswordId } = c.req.valid('param');
    if (!(await revokeAppPassword(c.var.db, c.var.user, appPasswordId))) throw notFound('App password');
    return c.body(null, 204);
  });
