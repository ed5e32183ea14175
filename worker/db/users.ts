// Accounts: every function here works on one person's row.
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../schema';
import type { CurrentUser } from '../contracts/auth';
import { PLANS } from '../lib/plans';
import type { Db, PeopleDb } from './client';
import { grantCredits } from './credits';
import { copyUsersRow } from './users-row-copy';

export type UserRow = typeof users.$inferSelect;

// A person whose account is being deleted (account-deletion.ts) is no longer there: nobody signs in as
// them, and work queued for them (mail, digests, imports) finds nobody to do it for.
export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletingAt)))
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: Db, userId: number) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletingAt)))
    .limit(1);
  return user ?? null;
}

/**
 * The database holding a person's reading state, for work that carries only their id (queue jobs):
 * `db.people.of` their users row's placement, read by primary key; with one people database, no read.
 * A person no longer there gets the primary database, where nothing of theirs is left either.
 */
export async function peopleDbOfUser(db: Db, userId: number): Promise<PeopleDb> {
  if (db.people.count === 1) return db.people.at(0);
  const [row] = await db.select({ peopleShard: users.peopleShard }).from(users).where(eq(users.id, userId)).limit(1);
  return db.people.of(row ?? { peopleShard: 0 });
}

/**
 * Creates the account, or returns null when the email is taken (also under a race). Its people shard,
 * where its reading state will live, is chosen now and never changes (people.ts).
 */
export async function createUser(db: Db, input: { name: string; email: string; verified?: boolean }, now = Date.now()) {
  const [user] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      emailVerifiedAt: input.verified ? new Date(now) : null,
      createdAt: new Date(now),
      creditsResetAt: nextMonth(now),
      peopleShard: db.people.forNewPerson(input.email),
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) return null;
  // Copies the row with its first credits (db/users-row-copy.ts).
  await grantCredits(db, user.id, PLANS.free.monthlyCredits, 'Free plan monthly credits', `signup:${user.id}`);
  return { ...user, credits: PLANS.free.monthlyCredits };
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string, now = Date.now()) {
  await db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: new Date(now) })
    .where(eq(users.id, userId));
  await copyUsersRow(db, userId, now);
}

export async function markEmailVerified(db: Db, userId: number, now = Date.now()) {
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: new Date(now) })
    .where(eq(users.id, userId))
    .returning();
  await copyUsersRow(db, userId, now);
  return user ?? null;
}

export function nextMonth(now: number) {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date;
}

export function toCurrentUser(user: UserRow, admins: ReadonlySet<number>): CurrentUser {
  return {
    id: user.id,
    username: user.email,
    email: user.email,
    name: user.name,
    plan: user.plan,
    credits: user.credits,
    isAdmin: admins.has(user.id),
    hasPassword: user.passwordHash !== null,
    groupStories: user.groupStories,
  };
}

/** Moves the account to a new, proven address; null when another account has it meanwhile. */
export async function changeUserEmail(db: Db, userId: number, email: string, now = Date.now()) {
  if (await findUserByEmail(db, email)) return null;
  try {
    const [user] = await db
      .update(users)
      .set({ email, emailVerifiedAt: new Date(now) })
      .where(eq(users.id, userId))
      .returning();
    await copyUsersRow(db, userId, now);
    return user ?? null;
  } catch (error) {
    // Two confirmations racing for one address: the unique index lets one win.
    if (String(error).includes('UNIQUE constraint failed')) return null;
    throw error;
  }
}
