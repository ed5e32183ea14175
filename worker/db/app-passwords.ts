// App passwords: what reader apps (Google Reader and Fever APIs) sign in with, so they never see the
// account password (magic-link accounts have none). Each is a random secret shown once; only hashes are
// stored, and revoking one deletes its row, so a client using it is refused on its next call.
import { and, count, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { appPasswords, users } from '../../schema';
import { md5Hex, randomBase32, sha256Hex } from '../lib/crypto';
import type { Db } from './client';

export const MAX_APP_PASSWORDS = 20;
// Record "last used" at most this often: reader apps sync every few minutes, a write each time tells nothing.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type AppPasswordSummary = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

const summaryColumns = {
  id: appPasswords.id,
  name: appPasswords.name,
  createdAt: appPasswords.createdAt,
  lastUsedAt: appPasswords.lastUsedAt,
};

function toSummary(row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): AppPasswordSummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The Fever API's api_key for this email and password: md5("email:password"), as its clients compute it. */
export const feverApiKey = (email: string, password: string) => md5Hex(`${email}:${password}`);

/** Creates an app password; null when the person already has the most allowed. */
export async function createAppPassword(db: Db, userId: number, email: string, name: string, now = Date.now()) {
  const [existing] = await db.select({ n: count() }).from(appPasswords).where(eq(appPasswords.userId, userId));
  if ((existing?.n ?? 0) >= MAX_APP_PASSWORDS) return null;
  // 160 random bits in lower-case base32: easy to paste, and nothing an app might mangle.
  const password = randomBase32(32);
  const [row] = await db
    .insert(appPasswords)
    .values({
      userId,
      name,
      secretHash: await sha256Hex(password),
      feverKeyHash: await sha256Hex(await feverApiKey(email, password)),
      createdAt: new Date(now),
    })
    .returning(summaryColumns);
  if (!row) throw new Error('app password insert returned nothing');
  return { ...toSummary(row), password };
}

export async function listAppPasswords(db: Db, userId: number) {
  const rows = await db
    .select(summaryColumns)
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .orderBy(desc(appPasswords.createdAt), desc(appPasswords.id));
  return rows.map(toSummary);
}

/** Revokes one of the person's app passwords; false when it is not theirs or already gone. */
export async function revokeAppPassword(db: Db, userId: number, appPasswordId: number) {
  const removed = await db
    .delete(appPasswords)
    .where(and(eq(appPasswords.userId, userId), eq(appPasswords.id, appPasswordId)))
    .returning({ id: appPasswords.id });
  return removed.length > 0;
}

/**
 * Revokes every app password of the person (a password reset, or a change that does not keep them);
 * each reader app signed in with one is refused on its next call. Returns how many there were.
 */
export async function revokeAllAppPasswords(db: Db, userId: number) {
  const removed = await db
    .delete(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .returning({ id: appPasswords.id });
  return removed.length;
}

/**
 * A Fever key is md5("email:password"), so a new sign-in address makes every key the old address
 * computed stale: it must stop working at once, not keep working (issue 28). Only the app password's
 * hash is stored, so the key for the new address cannot be computed here: each one is replaced by a
 * random value no client can send, and Fever apps need a new app password. Google Reader apps, which
 * send the email and the app password, keep working with the new address.
 */
export async function rotateFeverKeys(db: Db, userId: number) {
  // SQLite's randomblob: 256 random bits per row, in one statement however many app passwords there are.
  const rotated = await db
    .update(appPasswords)
    .set({ feverKeyHash: sql`'retired:' || lower(hex(randomblob(32)))` })
    .where(eq(appPasswords.userId, userId))
    .returning({ id: appPasswords.id });
  return rotated.length;
}

/** An app password with its owner, found by one of its hashes or its id: one statement. */
async function appPasswordWithOwner(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({ user: users, appPasswordId: appPasswords.id, secretHash: appPasswords.secretHash })
    .from(appPasswords)
    .innerJoin(users, eq(users.id, appPasswords.userId))
    .where(where)
    .limit(1);
  return row ?? null;
}

/**
 * When this isolate last noted each app password's use: a reader app's every call noted it, and the
 * statement's guard made that a write of no row, still a D1 call (and a query billed) on each sync.
 * Bounded: emptied when it holds more than this many, at the cost of one more statement each.
 */
const notedHere = new Map<number, number>();
const MOST_NOTED = 10_000;

/**
 * Notes that a reader app used this app password (the account page's "last used"), at most once per
 * TOUCH_INTERVAL_MS: in the statement, across isolates, and in `notedHere`, which skips the call.
 */
export async function touchAppPassword(db: Db, appPasswordId: number, now = Date.now()) {
  const noted = notedHere.get(appPasswordId);
  if (noted !== undefined && noted <= now && now - noted < TOUCH_INTERVAL_MS) return;
  await db
    .update(appPasswords)
    .set({ lastUsedAt: new Date(now) })
    .where(
      and(
        eq(appPasswords.id, appPasswordId),
        or(isNull(appPasswords.lastUsedAt), lt(appPasswords.lastUsedAt, new Date(now - TOUCH_INTERVAL_MS))),
      ),
    );
  if (notedHere.size >= MOST_NOTED) notedHere.clear();
  notedHere.set(appPasswordId, now);
}

/** The person an email and app password belong to (Google Reader ClientLogin), or null; the use noted. */
export async function findUserByAppPassword(db: Db, email: string, password: string, now = Date.now()) {
  const found = await appPasswordWithOwner(db, eq(appPasswords.secretHash, await sha256Hex(password)));
  if (!found || found.user.email !== email) return null;
  await touchAppPassword(db, found.appPasswordId, now);
  return found;
}

/** The person a Fever api_key belongs to, or null (touchAppPassword notes the use). */
export async function findUserByFeverKey(db: Db, apiKey: string) {
  return appPasswordWithOwner(db, eq(appPasswords.feverKeyHash, await sha256Hex(apiKey.toLowerCase())));
}

/**
 * The app password a reader session was minted for, with its owner; null once it is revoked (its row
 * deleted), which ends every session made from it (touchAppPassword notes the use).
 */
export async function findAppPasswordById(db: Db, appPasswordId: number) {
  return appPasswordWithOwner(db, eq(appPasswords.id, appPasswordId));
}
