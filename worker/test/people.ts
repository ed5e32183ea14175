// Where a test person's reading state is (worker/db/people.ts): tests that write a person's users row and
// reading state straight into DB leave them in people shard 0, the primary database (the row's default);
// a person who signed up through the API is wherever placement put them (db/users.ts peopleDbOfUser).
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users, usersRowCopies } from '../../schema';
import { createSession, SESSION_COOKIE } from '../auth/session';
import type { Db, PeopleDb } from '../db/client';
import { peopleDatabaseNames, peopleShardForNewPerson } from '../db/people';
import { peopleDbOfUser } from '../db/users';
import { db, signUp, uniqueEmail } from './helpers';

/**
 * Moves someone who signed up into people shard 0 (which only a test does), with the copy of their users
 * row that sign-up left in their people database (db/users-row-copy.ts): in shard 0 the row is its own copy.
 */
export async function moveToPrimary(userId: number) {
  const [row] = await db.select({ peopleShard: users.peopleShard }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ peopleShard: 0 }).where(eq(users.id, userId));
  if (row && row.peopleShard !== 0)
    await db.people.at(row.peopleShard).delete(usersRowCopies).where(eq(usersRowCopies.id, userId));
}

/** The people database of someone whose rows a test wrote straight into DB: people shard 0. */
export const primaryPeopleDb = (handle: Db): PeopleDb => handle.people.at(0);

/**
 * Someone in people shard `shard`: a new person signs up into shard 1 or later (placement by address);
 * the primary, shard 0, holds the people who signed up before there were people shards, whose users row
 * says 0 (the column's default, migration 0014), as this one's is made to before they read anything.
 */
export async function personIn(shard: number, label: string) {
  const shards = peopleDatabaseNames(env.PEOPLE_DATABASES).length;
  let email = uniqueEmail(label);
  while (shard > 0 && peopleShardForNewPerson(email, shards) !== shard) email = uniqueEmail(label);
  const person = await signUp(email);
  let cookie = person.cookie;
  if (shard === 0) {
    await moveToPrimary(person.userId);
    // A new session: a session token names the people shard its person had when it was signed
    // (auth/session.ts), and a person's shard never changes outside tests.
    const session = await createSession(db, env.SESSION_SECRET, person.userId);
    cookie = `${SESSION_COOKIE}=${session.token}`;
  }
  const [row] = await db.select({ peopleShard: users.peopleShard }).from(users).where(eq(users.id, person.userId));
  expect(row?.peopleShard).toBe(shard);
  return { ...person, cookie, db: await peopleDbOfUser(db, person.userId) };
}
