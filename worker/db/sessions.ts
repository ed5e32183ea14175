// Sign-in sessions: a row per sign-in, named by the token in the cookie (auth/session.ts signs it). The
// row is what makes logout and a password change revoke at once.
import { and, eq, gt, ne } from 'drizzle-orm';
import { sessions, users } from '../../schema';
import type { Db } from './client';

/**
 * Stores a new session; returns the person's people shard (their users row's, read in the same round
 * trip), which the token names beside the session (auth/session.ts), or null when there is no such row.
 */
export async function insertSession(db: Db, session: { id: string; userId: number; expiresAt: Date; now: number }) {
  const now = new Date(session.now);
  const [, [person]] = await db.batch([
    db.insert(sessions).values({
      id: session.id,
      userId: session.userId,
      expiresAt: session.expiresAt,
      createdAt: now,
      lastSeenAt: now,
    }),
    db.select({ peopleShard: users.peopleShard }).from(users).where(eq(users.id, session.userId)),
  ]);
  return person?.peopleShard ?? null;
}

/** The session and its person, while it has not expired. */
export async function findLiveSession(db: Db, sessionId: string, now: number) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Db, sessionId: string, now: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a person, except `keepSessionId` when given. */
export async function deleteUserSessions(db: Db, userId: number, keepSessionId?: string | null) {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}
