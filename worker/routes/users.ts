import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { users } from '../../schema';
import { nextDeliveryAt } from '../ai/digest';
import { getPreferences, savePreferences } from '../db/preferences';
import { toCurrentUser } from '../db/users';
import { type AuthedEnv, adminUserIds } from '../env';
import { isValidTimeZone } from '../lib/time';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

const updateMeSchema = z.object({
  timezone: z.string().max(64).refine(isValidTimeZone, 'Unknown time zone'),
});

export const userRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/me', (c) => c.json(toCurrentUser(c.var.user, adminUserIds(c.env))))
  // The browser reports its time zone: date filters and digest deliveries follow the person's clock.
  .patch('/me', validate('json', updateMeSchema), async (c) => {
    const { timezone } = c.req.valid('json');
    const [user] = await c.var.db.update(users).set({ timezone }).where(eq(users.id, c.var.user.id)).returning();
    if (timezone !== c.var.user.timezone) {
      // A scheduled digest keeps its local hour (spec §9: 9:00, 18:00) in the new zone.
      const preferences = await getPreferences(c.var.db, c.var.user.id);
      const next = nextDeliveryAt(preferences.frequency, Date.now(), timezone);
      await savePreferences(c.var.db, c.var.user.id, {}, next === null ? null : new Date(next));
    }
    return c.json(toCurrentUser(user ?? c.var.user, adminUserIds(c.env)));
  });
