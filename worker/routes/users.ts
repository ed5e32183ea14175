import { Hono } from 'hono';
import { toCurrentUser } from '../db/users';
import { type AppEnv, adminUserIds } from '../env';
import { requireUser } from '../middleware/session';

export const userRoutes = new Hono<AppEnv>().get('/me', requireUser, (c) =>
  c.json(toCurrentUser(c.var.user, adminUserIds(c.env))),
);
