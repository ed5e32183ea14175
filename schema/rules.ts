// Rules, mute words and saved searches (issue 26). A rule and a saved search belong to a person and live
// in their people database (worker/db/people.ts), beside their subscriptions, so that a refresh asks each
// people database once for the rules of the people following a feed. What a `hide` action decided lives
// with the items, in the feed's shard (hidden_items): every statement that reads items there leaves them
// out by primary key, with nothing handed across databases (docs/rules.md says why, with figures).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const rules = sqliteTable(
  'rules',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // No foreign key: the person's reading state lives in their people database, the users row in the
    // primary one; account deletion deletes these rows itself.
    userId: integer().notNull(),
    // 'rule' for the person's rules; 'mute' for their mute words (one row: a hide rule of scope all whose
    // match is any one of the words, shown in preferences as muteWords).
    kind: text({ enum: ['rule', 'mute'] })
      .notNull()
      .default('rule'),
    name: text().notNull(),
    scopeType: text({ enum: ['all', 'category', 'feed'] }).notNull(),
    scopeId: integer(),
    // The search syntax (worker/search/parse-query.ts); for mute words, a JSON list of words and phrases.
    match: text().notNull(),
    // markRead, star, hide, notify (worker/contracts/rules.ts RULE_ACTIONS).
    actions: text({ mode: 'json' }).$type<string[]>().notNull(),
    enabled: integer({ mode: 'boolean' }).notNull().default(true),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    lastMatchedAt: integer({ mode: 'timestamp_ms' }),
    matchCount: integer().notNull().default(0),
  },
  // A refresh reads the enabled rules of the feed's followers: the person's rows are one range.
  (t) => [index('rules_user_idx').on(t.userId).where(sql`${t.enabled} = 1`)],
);

export const savedSearches = sqliteTable(
  'saved_searches',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer().notNull(),
    name: text().notNull(),
    query: text().notNull(),
    scopeType: text({ enum: ['all', 'category', 'feed'] }).notNull(),
    scopeId: integer(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);

/**
 * Items a person's rule hid, in the feed's shard beside the items (WITHOUT ROWID: the key is the table).
 * Read by primary key from every item statement there: a row costs a read only where one exists.
 */
export const hiddenItems = sqliteTable(
  'hidden_items',
  {
    userId: integer().notNull(),
    feedId: integer().notNull(),
    seq: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feedId, t.seq] })],
);

/** What a `notify` rule matched, until the person's next digest says it ("Matched your rule X"). */
export const ruleNotices = sqliteTable(
  'rule_notices',
  {
    userId: integer().notNull(),
    ruleId: integer().notNull(),
    itemId: integer().notNull(),
    ruleName: text().notNull(),
    itemTitle: text().notNull(),
    itemLink: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ruleId, t.itemId] })],
);
