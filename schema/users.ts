// Accounts, sign-in sessions and one-time email tokens.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The `reading_list` JSON (worker/db/reading-list.ts): categories as [id, name], subscriptions as
 * [feed id, name, category id, include in AI (0/1), read watermark, always fetch the full article (0/1;
 * absent from a copy stored before it existed)].
 */
export type ReadingList = {
  categories: [number, string][];
  /**
   * [feed, name, category, include in AI, read watermark, full article, may have positions]: the last is 0
   * when the subscription has no item read on its own above the watermark (worker/db/read-above.ts), so a
   * page reads no subscription row for that feed; missing (lists built before it) means it may.
   */
  subscriptions: [number, string, number | null, number, number, number?, number?][];
};

/**
 * The columns of a users row, shared by `users` and its copy in the person's people database
 * (`users_row_copies`), so the two cannot drift apart.
 */
const usersRowColumns = () => ({
  email: text().notNull(),
  name: text().notNull(),
  passwordHash: text(),
  emailVerifiedAt: integer({ mode: 'timestamp_ms' }),
  plan: text({ enum: ['free', 'pro'] })
    .notNull()
    .default('free'),
  credits: integer().notNull().default(0),
  creditsResetAt: integer({ mode: 'timestamp_ms' }),
  stripeCustomerId: text(),
  stripeSubscriptionId: text(),
  timezone: text().notNull().default('UTC'),
  // "Group the same story from different feeds" (issue 24): My Feed, categories and search show one row
  // per story. On the users row, which every request's session reads already: a list pays nothing for it.
  groupStories: integer({ mode: 'boolean' }).notNull().default(true),
  // How far back the person's last first page of My Feed (all, unread) had to look for a page of items,
  // from its newest row, and that row's date (the anchor): the first window of the next one reaches from
  // now to the anchor less the span (db/items/windows.ts), read with the session at no extra cost. The
  // time between now and the newest item (a quiet night) is no part of the span, which scales with the
  // rows a page wants. A span kept before the anchor was (null) counts from now.
  pageSpanMs: integer(),
  pageAnchorMs: integer(),
  unreadPageSpanMs: integer(),
  unreadPageAnchorMs: integer(),
  // These two are for My Feed's grouped first page. The same for the first page of each category, all and
  // unread (keys `<id>`, `<id>:unread`), as [span, anchor] (a bare span: kept before the anchor was): a
  // category holds a share of the feeds, so it needs a wider window than My Feed, and its own span tells
  // how wide. Pages of every item keep theirs apart (`flat`, `flat:unread`, `<id>:flat`…), and oldest
  // first pages a date (`oldest`, `<id>:oldest`…; windows.ts).
  categoryPageSpans: text({ mode: 'json' }).$type<Record<string, number | [number, number]>>(),
  // The people database holding the person's reading state (PEOPLE_DATABASES, worker/db/people.ts): fixed at
  // sign-up; 0, the primary database, for everyone who signed up before there were people shards.
  peopleShard: integer().notNull().default(0),
  // A copy of the person's categories and subscriptions as the pages and the sidebar need them, so they
  // read none of those rows (worker/db/reading-list.ts); rewritten from them in every batch that changes
  // them. Kept here only for people in the primary people database and while it is small
  // (ON_USERS_ROW_MAX_BYTES), else null (in `reading_lists`); null too until first needed. Text, not
  // drizzle's JSON mode: the session reads this row on every request, and only a request that uses
  // the list parses it.
  readingList: text(),
  // Set when the person asked to delete their account: from then on nobody can sign in as them, and
  // the deletion, which spans databases, is finished by whoever gets there first (the request itself,
  // or the daily cleanup after an interruption: worker/auth/account-deletion.ts). Null for a live account.
  deletingAt: integer({ mode: 'timestamp_ms' }),
  createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  // Counts the row's changes: a trigger (migration 0038) adds one on every update, whichever statement
  // makes it, so a copy of the row (`users_row_copies`) can tell an older read of it from a newer one.
  // Only for people outside people shard 0 (whose row has no copy): the trigger's write is a row billed.
  version: integer().notNull().default(0),
});

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ...usersRowColumns(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_credits_reset_idx').on(t.creditsResetAt),
    // The few accounts whose deletion is under way, for the cleanup to finish: an entry only for them.
    index('users_deleting_idx').on(t.deletingAt).where(sql`${t.deletingAt} is not null`),
  ],
);

/**
 * A deleted account's tombstone (worker/auth/account-deletion.ts): written in the same batch as the users
 * row's delete, so the daily cleanup can sweep the person's people database once more for a write that was
 * already in flight when the deletion began and landed after its sweep (nothing else names those rows any
 * more), until no such write can still land; and, while Stripe has not confirmed it deleted, the person's
 * Stripe customer id, for the cleanup to delete it there (the tombstone stays as long as it names one).
 * Nothing else: no email, no name.
 */
export const deletedAccounts = sqliteTable('deleted_accounts', {
  userId: integer().primaryKey(),
  peopleShard: integer().notNull(),
  deletedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  stripeCustomerId: text(),
});

// Sign-in sessions, in the person's people database (worker/db/sessions.ts), which may not be the primary
// holding `users`: no foreign key to users (ending a session, a password change and account deletion
// delete the rows themselves). Every database has the table; the primary's holds the rows of people in
// people shard 0 and, until they expire, those made before sessions moved (migration 0033).
export const sessions = sqliteTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A copy of a person's users row in their people database (worker/db/users-row-copy.ts), read in the same
 * statement as their session row, so the check every signed-in request makes reads nothing in the primary
 * (at workload B the users rows alone were ~4,900 queries a second there, against D1's ~1,000). Written
 * after every write of the users row, and trusted for at most USERS_ROW_COPY_TTL_MS after `copied_at`.
 * None for people in people shard 0, whose people database is the primary: there the users row is read.
 */
export const usersRowCopies = sqliteTable('users_row_copies', {
  id: integer().primaryKey(),
  ...usersRowColumns(),
  copiedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

export const authTokenPurposes = [
  'verify',
  'magic_link',
  'password_setup',
  'password_reset',
  // Confirms that the owner of a digest delivery address wants Feedloom's mail (issue 10 H1).
  'delivery_confirm',
  // Confirms a new sign-in address: the token's email is the new one (issue 14).
  'email_change',
  // An account without a password approves, from its current address, a change to the new address
  // in the token's email; only then does the new address get its own link (issue 28).
  'email_change_approve',
  // An account without a password proves, from its mailbox, that it wants a new app password (issue 28).
  'app_password',
] as const;
export type AuthTokenPurpose = (typeof authTokenPurposes)[number];

export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    purpose: text({ enum: authTokenPurposes }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    usedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

// Fixed-window attempt counters (login, magic link, forgot password, register).
export const rateLimits = sqliteTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: integer().notNull(),
  count: integer().notNull(),
});

// Passwords for reader apps (Google Reader and Fever APIs): random secrets shown once, stored only as
// SHA-256 (they carry 160 bits, so a slow hash adds nothing). `feverKeyHash` is the SHA-256 of the
// Fever API's md5("email:password"), kept so a Fever client can be recognised by its api_key alone.
export const appPasswords = sqliteTable(
  'app_passwords',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    secretHash: text().notNull(),
    feverKeyHash: text().notNull(),
    lastUsedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('app_passwords_user_idx').on(t.userId),
    uniqueIndex('app_passwords_secret_unique').on(t.secretHash),
    uniqueIndex('app_passwords_fever_key_unique').on(t.feverKeyHash),
  ],
);

/**
 * What a reader app's check reads in the person's people database (worker/db/app-password-copies.ts):
 * each app password's hashes, kept beside the copy of their users row and read in the same batch, so a
 * Google Reader or Fever call reads nothing in the primary (issue 30). Written only by the one function
 * that writes app passwords (writeAppPasswords), in the same change as `app_passwords`; none for people in
 * people shard 0, whose people database is the primary: there the `app_passwords` row is its own copy.
 * `last_used_at` is noted here (the account page's "last used" reads it), not in the primary.
 */
export const appPasswordCopies = sqliteTable(
  'app_password_copies',
  {
    id: integer().primaryKey(),
    userId: integer().notNull(),
    secretHash: text().notNull(),
    feverKeyHash: text().notNull(),
    lastUsedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    index('app_password_copies_user_idx').on(t.userId),
    uniqueIndex('app_password_copies_fever_key_unique').on(t.feverKeyHash),
  ],
);

/**
 * Where a Fever key's person is (worker/db/app-password-copies.ts): a Fever api_key names nobody, so its
 * hash leads to the person and their people shard, which never change for that key (a retired key gets
 * a new hash), so an isolate may keep what it read. The row lives in the people database the key's hash
 * picks (not the primary, when there are others), and is only a pointer: the check that the app password
 * still exists is made in the person's people database.
 */
export const feverKeyDirectory = sqliteTable(
  'fever_key_directory',
  {
    keyHash: text().primaryKey(),
    userId: integer().notNull(),
    peopleShard: integer().notNull(),
  },
  (t) => [index('fever_key_directory_user_idx').on(t.userId)],
);
