// Accounts, sign-in sessions and one-time email tokens.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
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
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_credits_reset_idx').on(t.creditsResetAt)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const authTokenPurposes = ['verify', 'magic_link', 'password_setup', 'password_reset'] as const;
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
