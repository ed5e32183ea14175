// One-time email tokens (verify, magic link, password setup and reset): 32 random bytes, stored only
// as SHA-256, single use and short-lived. Consuming is one conditional UPDATE … RETURNING, so two
// parallel uses of one link give exactly one winner.
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { type AuthTokenPurpose, authTokens } from '../../schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import type { Db } from './client';

const MINUTE = 60 * 1000;
export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  verify: 24 * 60 * MINUTE,
  password_setup: 24 * 60 * MINUTE,
  magic_link: 15 * MINUTE,
  password_reset: 60 * MINUTE,
  delivery_confirm: 24 * 60 * MINUTE,
  email_change: 24 * 60 * MINUTE,
  email_change_approve: 60 * MINUTE,
  // A fresh proof that the mailbox's owner is at the keyboard, like a sign-in link.
  app_password: 15 * MINUTE,
};

export async function issueToken(db: Db, purpose: AuthTokenPurpose, userId: number, email: string, now = Date.now()) {
  const token = randomToken();
  await db.insert(authTokens).values({
    purpose,
    userId,
    email,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(now + TOKEN_LIFETIME_MS[purpose]),
    createdAt: new Date(now),
  });
  return token;
}

/** What `randomToken` makes: 32 bytes in base64url. Anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The row of this token, if it is for one of these purposes, unused and not expired at `now`. */
const usable = async (token: string, purposes: readonly AuthTokenPurpose[], now: number) =>
  and(
    eq(authTokens.tokenHash, await sha256Hex(token)),
    inArray(authTokens.purpose, [...purposes]),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date(now)),
  );

/** Whose usable token this is, without using it; null when unknown, used, expired or of another purpose. */
export async function tokenHolder(db: Db, token: string, purposes: readonly AuthTokenPurpose[], now = Date.now()) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(await usable(token, purposes, now))
    .limit(1);
  return row?.userId ?? null;
}

/** Marks the token used and returns whom it was for, or null when unknown, used, expired or of another purpose. */
export async function consumeToken(db: Db, token: string, purposes: readonly AuthTokenPurpose[], now = Date.now()) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date(now) })
    .where(await usable(token, purposes, now))
    .returning({ userId: authTokens.userId, purpose: authTokens.purpose, email: authTokens.email });
  return row ?? null;
}

/**
 * Spends every link still open for this person: after a password reset, a sign-in or reset link mailed
 * earlier (perhaps to someone who had the mailbox then) must not work any more (issue 10 L11).
 */
export async function revokeOpenTokens(db: Db, userId: number, now = Date.now()) {
  await db
    .update(authTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}
