// Feeds are shared: one row per normalised URL, fetched once however many people follow it.
// What a person sets on a feed (name, category, include in AI) lives on their subscription.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const categories = sqliteTable(
  'categories',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('categories_user_name_unique').on(t.userId, t.name)],
);

export const feeds = sqliteTable(
  'feeds',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    url: text().notNull(),
    siteUrl: text(),
    title: text(),
    description: text(),
    faviconUrl: text(),
    language: text(),
    etag: text(),
    lastModified: text(),
    ttlMinutes: integer(),
    lastFetchedAt: integer({ mode: 'timestamp_ms' }),
    nextFetchAt: integer({ mode: 'timestamp_ms' }).notNull(),
    errorCount: integer().notNull().default(0),
    // Items stored for this feed, kept by refreshFeed: unread = itemCount − the person's reads of it.
    itemCount: integer().notNull().default(0),
    lastError: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('feeds_url_unique').on(t.url), index('feeds_next_fetch_idx').on(t.nextFetchAt)],
);

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedId: integer()
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    includeInAi: integer({ mode: 'boolean' }).notNull().default(true),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_feed_unique').on(t.userId, t.feedId),
    index('subscriptions_feed_idx').on(t.feedId),
    index('subscriptions_category_idx').on(t.categoryId),
  ],
);

export const items = sqliteTable(
  'items',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    feedId: integer()
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    guidHash: text().notNull(),
    title: text().notNull(),
    description: text(),
    content: text(),
    link: text(),
    thumbnail: text(),
    author: text(),
    // The feed's date, or the time we first saw the item when the feed gives none.
    pubDate: integer({ mode: 'timestamp_ms' }).notNull(),
    articleContent: text(),
    articleFetchedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('items_feed_guid_unique').on(t.feedId, t.guidHash),
    index('items_feed_pub_idx').on(t.feedId, t.pubDate, t.id),
  ],
);

export const itemReads = sqliteTable(
  'item_reads',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    // The item's feed, copied here so a feed's read count is one index range (the sidebar's unread counts).
    feedId: integer().notNull(),
    readAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    index('item_reads_item_idx').on(t.itemId),
    index('item_reads_user_feed_idx').on(t.userId, t.feedId),
  ],
);

// OPML imports run as a queue job; the person polls this row for the outcome.
export const opmlImports = sqliteTable(
  'opml_imports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    entries: text({ mode: 'json' }).$type<{ url: string; title: string; category: string | null }[]>().notNull(),
    added: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    errors: text({ mode: 'json' }).$type<{ url: string; message: string }[]>().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('opml_imports_user_idx').on(t.userId)],
);
