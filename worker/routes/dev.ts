// Development-only tools: the outbox behind /dev/mailbox. Anywhere else these answer 404.
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { emails } from '../../schema';
import { type AppEnv, isDevelopment } from '../env';
import { notFound } from '../lib/errors';

export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw notFound('Page');
    await next();
  })
  .get('/outbox', async (c) => {
    const rows = await c.var.db
      .select({
        id: emails.id,
        to: emails.to,
        subject: emails.subject,
        text: emails.text,
        html: emails.html,
        createdAt: emails.createdAt,
      })
      .from(emails)
      .where(eq(emails.transport, 'outbox'))
      .orderBy(desc(emails.id))
      .limit(200);
    return c.json(rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
  });
