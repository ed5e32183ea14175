// Sign-in sessions: a row per sign-in, named by the token in the cookie (auth/session.ts signs it). The
// row is what makes logout and a password change revoke at once.
//
// Where the rows are (issue 30): in the person's people database (people.ts), which the signed token
// names, so the check every signed-in request makes is spread over the people databases instead of all
// landing on the primary (at workload B that alone was ~4,900 queries a second on one database, against
// D1's ~1,000). Their users row stays in the primary, and a copy of it beside the session row is read in
// the same statement (db/users-row-copy.ts). Someone in people shard 0 has both in the primary, read in
// one statement as before.
//
// Rows made before (their tokens lack the `rowInPeople` claim: auth/session.ts) stay in the primary,
// where they were, until they expire: a token lives at most SESSION_TTL_MS (30 days), so 30 days after
// the deploy none is left and the primary is read for none. Such a session, seen live, is copied into the
// person's people database and its token re-signed to name it: the person stays signed in across the
// deploy. The old row is kept until it expires (a request in flight with the old token still finds it),
// so ending a session ends it in both places.
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { readingLists, sessions, users, type usersRowCopies } from '../../schema';
import { builtOnce } from './built-once';
import type { Db, PeopleDb } from './client';
import { peopleDbOfUser, type UserRow } from './users';
import { copyIsFresh, rowOfCopy, usersRowCopyOf } from './users-row-copy';

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

/**
 * A session row in the primary with its person, while it has not expired: the rows of people shard 0
 * (whose people database is the primary), and those made before the rows moved.
 */
export async function findLiveSession(db: Db, sessionId: string, now: number) {
  const [row] = await liveSessionWithUser(db, { sessionId, now });
  return row ?? null;
}

/** The check every signed-in request makes, built once (built-once.ts); `now` in milliseconds. */
const liveSessionWithUser = builtOnce<{ session: SessionRow; user: UserRow }>((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1),
);

/** The session row of a person in their people database, built once (built-once.ts). */
const personsLiveSession = builtOnce<{ session: SessionRow }>((db) =>
  db
    .select({ session: sessions })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(sessions.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1),
);

/** A person's kept reading list, built once. */
const keptListOf = builtOnce<{ list: string | null }>((db) =>
  db
    .select({ list: readingLists.list })
    .from(readingLists)
    .where(eq(readingLists.userId, sql.placeholder('userId'))),
);

/**
 * The session `sessionId` of `person`, while it has not expired, with their users row, in one statement:
 * the session row and the copy of their users row beside it in their people database (db/users-row-copy.ts),
 * or both rows in the primary for someone in people shard 0. A copy missing or past its time limit is
 * replaced by the users row read in the primary, in a second round trip, and `copyDue` says the copy is to
 * be written again. `withKeptList`: their reading list's row too, in the same statement batch as the
 * session row (a list page or the sidebar of someone outside the primary: middleware/early-reads.ts).
 * `keptList` is undefined when not asked for.
 */
export async function findPersonsLiveSession(
  db: Db,
  person: PersonRef,
  sessionId: string,
  now: number,
  { withKeptList = false } = {},
): Promise<{ session: SessionRow; user: UserRow; keptList?: string | null; copyDue?: boolean } | null> {
  const people = db.people.at(person.peopleShard);
  if (people.binding === db.binding) {
    // Both rows in the primary: one statement. (Early reads never ask for the list there.)
    const row = await findLiveSession(db, sessionId, now);
    return row && row.user.id === person.id ? row : null;
  }
  // One batch, one D1 call: the session row, the users row's copy and, when asked, the reading list.
  // (Statements of their own, not a join: drizzle maps a batch's rows by column name, which the two
  // tables share.)
  const sessionRead = personsLiveSession(people, { sessionId, now, userId: person.id });
  const copyRead = usersRowCopyOf(people, { userId: person.id });
  const listRead = keptListOf(people, { userId: person.id });
  const [[found], [copy], kept] = (
    withKeptList
      ? await people.batch([sessionRead, copyRead, listRead] as never)
      : [...(await people.batch([sessionRead, copyRead] as never)), undefined]
  ) as [{ session: SessionRow }[], (typeof usersRowCopies.$inferSelect)[], { list: string | null }[] | undefined];
  if (!found) return null;
  const keptList = kept ? { keptList: kept[0]?.list ?? null } : {};
  if (copy && copyIsFresh(copy.copiedAt, now)) return { session: found.session, user: rowOfCopy(copy), ...keptList };
  const [user] = await db.select().from(users).where(eq(users.id, person.id)).limit(1);
  if (!user) return null;
  return { session: found.session, user, ...keptList, copyDue: true };
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
