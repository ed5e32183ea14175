// Connected WordPress sites and the emails we sent.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const wordpressSites = sqliteTable(
  'wordpress_sites',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    url: text().notNull(),
    username: text().notNull(),
    // AES-GCM ciphertext (base64 iv + data), its additional data binds it to this row's id and owner.
    appPassword: text().notNull(),
    isDefault: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('wordpress_sites_user_idx').on(t.userId)],
);

export const emails = sqliteTable(
  'emails',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    to: text().notNull(),
    subject: text().notNull(),
    kind: text().notNull(),
    status: text({ enum: ['sent', 'failed'] }).notNull(),
    transport: text().notNull(),
    // Bodies are kept only by the development outbox transport.
    text: text(),
    html: text(),
    error: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('emails_created_idx').on(t.createdAt)],
);

// What the dead-letter queue received after every retry failed.
export const deadJobs = sqliteTable('dead_jobs', {
  id: integer().primaryKey({ autoIncrement: true }),
  messageId: text().notNull(),
  body: text().notNull(),
  attempts: integer().notNull(),
  createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
});
