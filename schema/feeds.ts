// Feeds are shared: one row per normalised URL, fetched once however many people follow it.
// What a person sets on a feed (name, category, include in AI) lives on their subscription.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { packedText } from './packed-text';
import { users } from './users';

export const categories = sqliteTable(
  'categories',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // No foreign key: the person's reading state lives in their people database, the users row in the
    // primary one (worker/db/people.ts); account deletion deletes these rows itself.
    userId: integer().notNull(),
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
    // The wait between checks that the last refresh chose (schedule.ts), null before the first: a lease
    // sets the next check from it in the same statement, so an unchanged refresh need not move
    // next_fetch_at, which is in the pick index (worker/db/refresh-leases.ts).
    checkIntervalMs: integer(),
    // Until when a pick or "Refresh Feeds" holds the feed queued; cleared by its refresh. Not indexed.
    leasedUntil: integer({ mode: 'timestamp_ms' }),
    errorCount: integer().notNull().default(0),
    // Every item gets the next sequence number of its feed when first stored (lastSeq); retention deletes
    // a prefix of that sequence (trimmedSeq), so the feed holds exactly the items trimmedSeq < seq ≤ lastSeq
    // and a person's unread count is arithmetic on two rows (worker/db/read-state.ts).
    lastSeq: integer().notNull().default(0),
    trimmedSeq: integer().notNull().default(0),
    // The newest of its items that joined a story at ingest (issue 24), 0 for none: only such an item
    // can be a later source of a story, so the sidebar's story counts look for a feed's unread items of
    // stories only when this is above the person's watermark (worker/db/story-members.ts).
    storySeq: integer().notNull().default(sql`0`),
    // SHA-256 of the last body parsed: an unchanged 200 is recognised without touching items.
    contentHash: text(),
    lastError: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    // Which of the cron's pick slices the feed falls in (worker/db/refresh-leases.ts).
    pickSlot: integer().generatedAlwaysAs(sql`id % 64`, { mode: 'virtual' }),
  },
  (t) => [uniqueIndex('feeds_url_unique').on(t.url), index('feeds_pick_idx').on(t.pickSlot, t.nextFetchAt)],
);

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    // No foreign key: the person's reading state lives in their people database, the users row in the
    // primary one (worker/db/people.ts); account deletion deletes these rows itself.
    userId: integer().notNull(),
    // No foreign key: the feed may live in another database (a feed shard, worker/db/shards.ts).
    feedId: integer().notNull(),
    name: text().notNull(),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    includeInAi: integer({ mode: 'boolean' }).notNull().default(true),
    // "Always fetch the full article" (issue 27 §4): the person's lists and reader apps get the item's
    // extracted article (items.article_content, shared by everyone who asks) instead of the feed's teaser.
    fullArticle: integer({ mode: 'boolean' }).notNull().default(false),
    // Read watermark: every item of the feed with seq ≤ readSeq is read, unless a read mark says otherwise.
    readSeq: integer().notNull().default(0),
    // Kept-unread marks at or below readSeq (rows of read_marks), among items the feed still holds.
    readAdjust: integer().notNull().default(0),
    // Items above readSeq read on their own, as their positions: ",12,15," (null when none; issue 30). A
    // read mark writes this row and nothing else, and retention deletes nothing for it: positions the feed
    // no longer holds (at or below its trimmed_seq) are not counted and go the next time a mark writes the
    // row (read-above.ts). Counted with readAdjust by unreadCount.
    readAbove: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    // WITHOUT ROWID (migration 0009): a person's subscriptions are one range of the table itself, read once.
    primaryKey({ columns: [t.userId, t.feedId] }),
    index('subscriptions_feed_idx').on(t.feedId),
    index('subscriptions_category_idx').on(t.categoryId),
  ],
);

/** An enclosure as stored with its item: duration in seconds where the feed gives one. */
export type StoredEnclosure = { url: string; type: string | null; length: number | null; duration: number | null };

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
    // Deflated when long (packed-text.ts): the largest part of an item.
    content: packedText(),
    link: text(),
    thumbnail: text(),
    author: text(),
    // The item's enclosures (a podcast's audio, a video) as JSON [{url, type, length, duration}], null when
    // it has none: beside the item, so a page reads them with it and hasEnclosure is a test on the row.
    enclosures: text({ mode: 'json' }).$type<StoredEnclosure[]>(),
    // Position in the feed's arrival order (1, 2, 3 …): read watermarks and retention work on it.
    seq: integer().notNull().default(0),
    // The feed's date, or the time we first saw the item when the feed gives none.
    pubDate: integer({ mode: 'timestamp_ms' }).notNull(),
    articleContent: packedText(),
    articleFetchedAt: integer({ mode: 'timestamp_ms' }),
    // How many people starred the item: retention keeps it while this is above 0. Kept beside the item
    // because the stars themselves live with the people, in another database once feeds are sharded.
    starCount: integer().notNull().default(0),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    // The story the item belongs to (issue 24, worker/stories/): its first item's id, set once a second
    // item joined it; null for an item alone (its own story). Written at ingest, read by every list.
    storyId: integer(),
    // On a story's first item only: every item of the story, [[feed, id, arrival], ...] in the order they
    // joined, its own first (issue 24, db/story-members.ts): a list's page reads a row per story for its
    // sources, whatever the feeds of the person or of the story. Written with the first item's story_id at
    // the first join and appended at each join after; null on stories that started before it was kept.
    storySources: text(),
  },
  (t) => [
    // No index of (feed, guid): a refresh finds its entries among the feed's items (item-store.ts knownItems),
    // where an index cost a row written for every new item and ~90 bytes kept for each (issue 30).
    // A story's items in this shard, for marking them read together and for a list's cards of stories
    // (their feeds and arrival, so the index alone answers): only items in a story are indexed.
    index('items_story_idx').on(t.storyId, t.feedId, t.createdAt).where(sql`story_id is not null`),
    // A feed's items in a story, by position: the unread ones of a person's feeds that belong to stories,
    // which My Feed's and a category's unread counts need to count stories, without reading the others.
    index('items_feed_story_idx').on(t.feedId, t.seq, t.storyId).where(sql`story_id is not null`),
    index('items_feed_pub_idx').on(t.feedId, t.pubDate, t.id),
    uniqueIndex('items_feed_seq_unique').on(t.feedId, t.seq),
  ],
);

/**
 * Kept-unread marks: items at or below a subscription's read watermark that the person keeps unread
 * (`isRead` false). Items read on their own above the watermark are no longer rows here but positions on
 * the subscription row (`subscriptions.readAbove`, migration 0036: a read mark is one row written and no
 * delete); `isRead` stays so that a feed shard's statements can be handed both kinds as one table of
 * values (person-scope.ts). Marking all read moves the watermark and deletes the marks under it.
 */
export const readMarks = sqliteTable(
  'read_marks',
  {
    // No foreign key: the person's reading state lives in their people database, the users row in the
    // primary one (worker/db/people.ts); account deletion deletes these rows itself.
    userId: integer().notNull(),
    feedId: integer().notNull(),
    seq: integer().notNull(),
    isRead: integer({ mode: 'boolean' }).notNull(),
    markedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    // WITHOUT ROWID (migration 0009): the primary key is the table, so a mark costs one row written.
    primaryKey({ columns: [t.userId, t.feedId, t.seq] }),
    // A person's kept-unread marks, few, as one range: an unread page over feeds in other shards hands
    // them to each shard (worker/db/scoped-read.ts) without reading the person's many read marks.
    index('read_marks_kept_unread_idx').on(t.userId).where(sql`${t.isRead} = 0`),
  ],
);

// A person's reading list (worker/db/reading-list.ts) where their people database is not the primary one:
// the copy lives beside the rows it copies, and people shard 0 keeps it on the users row instead.
export const readingLists = sqliteTable('reading_lists', {
  userId: integer().primaryKey(),
  list: text().notNull(),
});

// Items a person saved (issue 14, and the Google Reader / Fever "starred" state, issue 15). A starred
// item is never removed by retention while someone has it starred.
export const stars = sqliteTable(
  'stars',
  {
    // No foreign key: the person's reading state lives in their people database, the users row in the
    // primary one (worker/db/people.ts); account deletion deletes these rows itself.
    userId: integer().notNull(),
    // No foreign key: the item lives in its feed's shard (worker/db/shards.ts).
    itemId: integer().notNull(),
    feedId: integer().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    // A rule of the person's hid the item (issue 26; hidden_items, in the item's shard). Said here too, so
    // that the starred count and the starred ids, which read only these rows, leave it out as every list does.
    hidden: integer({ mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('stars_item_idx').on(t.itemId)],
);

/**
 * Who keeps an item starred, beside the item in its feed's shard (issue 30): written in the same batch as
 * the item's `starCount`, so that a star or unstar sent again after a request stopped between its two
 * databases (the person's star, the item's count) moves the count once, never twice nor not at all
 * (db/stars.ts). Stars made before migration 0037 have none; their unstar takes the count down by the star
 * row it deletes. WITHOUT ROWID (migration 0037): the key is the table, a keeper one row written.
 */
export const starKeepers = sqliteTable(
  'star_keepers',
  {
    // No foreign keys: the person lives in their people database; the row goes with their star.
    itemId: integer().notNull(),
    userId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
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
    // The outlines still to do; emptied once the import is done (issue 10 M4: no payload kept for ever).
    entries: text({ mode: 'json' }).$type<{ url: string; title: string; category: string | null }[]>().notNull(),
    total: integer().notNull().default(0),
    added: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    errors: text({ mode: 'json' }).$type<{ url: string; message: string }[]>().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('opml_imports_user_idx').on(t.userId),
    // One import at a time per person (issue 10 M4): a second one waits for the first to finish.
    uniqueIndex('opml_imports_one_pending').on(t.userId).where(sql`status = 'pending'`),
  ],
);
