// Credits move only through the ledger; users.credits is its running sum.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    reason: text().notNull(),
    idempotencyKey: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('credit_ledger_key_unique').on(t.idempotencyKey), index('credit_ledger_user_idx').on(t.userId)],
);

// Stripe events and queue jobs already applied, so a redelivery changes nothing.
export const processedEvents = sqliteTable('processed_events', {
  id: text().primaryKey(),
  kind: text().notNull(),
  processedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});
