// AI preferences, generations and the digest periods already delivered.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const preferences = sqliteTable(
  'preferences',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text().notNull().default('none'),
    contentTypes: text({ mode: 'json' }).$type<string[]>().notNull(),
    writingStyle: text().notNull().default('professional'),
    contentLength: text().notNull().default('medium'),
    language: text().notNull().default('English (US)'),
    aiModel: text().notNull().default('openai/gpt-4o-mini'),
    emailDelivery: text(),
    // When the owner of emailDelivery followed the confirmation link; until then mail goes to the
    // account's own address (issue 10 H1). Null while pending or when no address is set.
    emailDeliveryConfirmedAt: integer({ mode: 'timestamp_ms' }),
    emailFormat: text().notNull().default('html'),
    emailSubjectTemplate: text().notNull().default('Your Feedloom digest for {date}'),
    nextDeliveryAt: integer({ mode: 'timestamp_ms' }),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  // The 5-minute cron looks up whose digest is due.
  (t) => [index('preferences_next_delivery_idx').on(t.nextDeliveryAt)],
);

export const aiGenerations = sqliteTable(
  'ai_generations',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text(),
    contentType: text().notNull(),
    status: text({ enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    error: text(),
    imageKey: text(),
    origin: text({ enum: ['rewrite', 'feed_summary', 'category_summary', 'digest'] }).notNull(),
    model: text(),
    language: text(),
    // Everything the job needs to (re)build the generation, so a redelivered job is self-contained.
    request: text({ mode: 'json' }).$type<Record<string, unknown>>(),
    // Issue 25: each sentence with the items it cites and the support check's verdict, the cited items
    // (title, link) as they were when it was written, the share of supported sentences, and the lead.
    citations: text({ mode: 'json' }).$type<unknown[]>(),
    sources: text({ mode: 'json' }).$type<unknown[]>(),
    supportScore: real(),
    lead: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('ai_generations_user_created_idx').on(t.userId, t.createdAt)],
);

export const digestRuns = sqliteTable(
  'digest_runs',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The delivery slot, e.g. "2026-11-22T09:00" in the person's zone, or "manual:<uuid>".
    period: text().notNull(),
    manual: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period] }),
    index('digest_runs_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const generationSources = sqliteTable(
  'generation_sources',
  {
    generationId: integer()
      .notNull()
      .references(() => aiGenerations.id, { onDelete: 'cascade' }),
    itemId: integer().notNull(),
  },
  (t) => [uniqueIndex('generation_sources_unique').on(t.generationId, t.itemId)],
);
