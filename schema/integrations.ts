// Connected WordPress sites and the emails we sent.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
    // What the mail was about, e.g. "generation:12" or "digest:2026-11-22T09:00" (issue 10 H1: every
    // send says who, to whom, what and when).
    about: text(),
    // One key per message: a redelivered job finds its mail already sent and does not send it again.
    idempotencyKey: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('emails_created_idx').on(t.createdAt),
    index('emails_user_kind_created_idx').on(t.userId, t.kind, t.createdAt),
    uniqueIndex('emails_idempotency_key_unique').on(t.idempotencyKey),
  ],
);

// What the dead-letter queue received after every retry failed.
export const deadJobs = sqliteTable('dead_jobs', {
  id: integer().primaryKey({ autoIncrement: true }),
  messageId: text().notNull(),
  body: text().notNull(),
  attempts: integer().notNull(),
  createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
});
