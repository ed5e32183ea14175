// Sign-in sessions: a row per sign-in, named by the token in the cookie (auth/session.ts signs it). The
// row is what makes logout and a password change revoke at once.
//
// Where the rows are (issue 30): in the person's people database (people.ts), which the signed token
// names, so the check every signed-in request makes is spread over the people databases instead of all
// landing on the primary (at workload B that alone was ~4,900 queries a second on one database, against
// D1's ~1,000). Their users row stays in the primary and is read beside the session row, in the same
// round trip. Someone in people shard 0 has both in the primary, read in one statement as before.
//
// Rows made before (their tokens lack the `rowInPeople` claim: auth/session.ts) stay in the primary,
// where they were, until they expire: a token lives at most SESSION_TTL_MS (30 days), so 30 days after
// the deploy none is left and the primary is read for none. Such a session, seen live, is copied into the
// person's people database and its token re-signed to name it: the person stays signed in across the
// deploy. The old row is kept until it expires (a request in flight with the old token still finds it),
// so ending a session ends it in both places.
import { and, eq, gt, ne } from 'drizzle-orm';
import { readingLists, sessions, users } from '../../schema';
import type { Db, PeopleDb } from './client';
import { peopleDbOfUser } from './users';

export type SessionRow = typeof sessions.$inferSelect;
export type PersonRef = { id: number; peopleShard: number };

/** Stores a new session in the person's people database. */
export async function insertSession(
  people: PeopleDb,
  session: { id: string; userId: number; expiresAt: Date; now: number; createdAt?: Date },
) {
  const now = new Date(session.now);
  await people
    .insert(sessions)
    .values({
      id: session.id,
      userId: session.userId,
      expiresAt: session.expiresAt,
      createdAt: session.createdAt ?? now,
      lastSeenAt: now,
    })
    .onConflictDoNothing();
}

/** Who a sign-in that knows only the person's id signs in: their id and people shard, or null (no such live account). */
export async function personToSignIn(db: Db, userId: number): Promise<PersonRef | null> {
  const [row] = await db
    .select({ id: users.id, peopleShard: users.peopleShard, deletingAt: users.deletingAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row && row.deletingAt === null ? { id: row.id, peopleShard: row.peopleShard } : null;
}

const live = (sessionId: string, now: number) => and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date(now)));

/**
 * A session row in the primary with its person, while it has not expired: the rows of people shard 0
 * (whose people database is the primary), and those made before the rows moved.
 */
export async function findLiveSession(db: Db, sessionId: string, now: number) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(live(sessionId, now))
    .limit(1);
  return row ?? null;
}

/**
 * The session `sessionId` of `person`, while it has not expired, with their users row, in one round trip:
 * the session row in their people database and the users row in the primary at once (one statement when
 * both are the primary). `withKeptList`: their reading list's row too, in the same statement as the
 * session row (a list page or the sidebar of someone outside the primary: middleware/early-reads.ts).
 * `keptList` is undefined when not asked for.
 */
export async function findPersonsLiveSession(
  db: Db,
  person: PersonRef,
  sessionId: string,
  now: number,
  { withKeptList = false } = {},
): Promise<{ session: SessionRow; user: typeof users.$inferSelect; keptList?: string | null } | null> {
  const people = db.people.at(person.peopleShard);
  if (people.binding === db.binding) {
    // Both rows in the primary: one statement. (Early reads never ask for the list there.)
    const row = await findLiveSession(db, sessionId, now);
    return row && row.user.id === person.id ? row : null;
  }
  const sessionRead = people
    .select({ session: sessions })
    .from(sessions)
    .where(and(live(sessionId, now), eq(sessions.userId, person.id)))
    .limit(1);
  const userRead = db.select().from(users).where(eq(users.id, person.id)).limit(1);
  const [[found, kept], [user]] = await Promise.all([
    withKeptList
      ? people.batch([
          sessionRead,
          people.select({ list: readingLists.list }).from(readingLists).where(eq(readingLists.userId, person.id)),
        ])
      : sessionRead.then((rows) => [rows, undefined] as const),
    userRead,
  ]);
  const [row] = found;
  if (!row || !user) return null;
  return { session: row.session, user, ...(kept ? { keptList: kept[0]?.list ?? null } : {}) };
}

export async function touchSession(db: Db, sessionId: string, now: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.id, sessionId));
}

/** The databases a person's sessions may be in: their people database, and the primary for rows made before. */
const homesOf = (db: Db, person: PersonRef): Db[] => {
  const people = db.people.at(person.peopleShard);
  return people.binding === db.binding ? [db] : [people, db];
};

/** Ends one session, wherever its row is. */
export async function deleteSession(db: Db, person: PersonRef, sessionId: string) {
  await Promise.all(homesOf(db, person).map((home) => home.delete(sessions).where(eq(sessions.id, sessionId))));
}

/**
 * Ends every session of a person, except `keepSessionId` when given, wherever their rows are. Given only
 * their id, their users row is read for their people shard first.
 */
export async function deleteUserSessions(db: Db, person: PersonRef | number, keepSessionId?: string | null) {
  const userId = typeof person === 'number' ? person : person.id;
  const peopleShard = typeof person === 'number' ? (await peopleDbOfUser(db, userId)).peopleShard : person.peopleShard;
  await Promise.all(
    homesOf(db, { id: userId, peopleShard }).map((home) =>
      home
        .delete(sessions)
        .where(
          keepSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
            : eq(sessions.userId, userId),
        ),
    ),
  );
}
