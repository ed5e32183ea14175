// seedPerson writes a signed-up, signed-in person in two D1 calls instead of the eight that the app's own
// functions make (createUser, setPasswordHash, createSession): the rows must stay the ones those
// functions write, or every test that seeds people would test a person the app never makes.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { creditLedger, sessions, users, usersRowCopies } from '../../schema';
import { hashPassword, parseHash } from '../auth/password';
import { createSession, SESSION_COOKIE } from '../auth/session';
import { createUser, setPasswordHash } from '../db/users';
import { pinClock } from './clock';
import { call, db, SEEDED_HASH_ITERATIONS, seedPerson, TEST_PASSWORD, uniqueEmail } from './helpers';

/** Every row the app keeps of a person, without what differs from one person to the next. */
async function rowsOf(userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no users row ${userId}`);
  const people = db.people.at(user.peopleShard);
  const [copy] = await people.select().from(usersRowCopies).where(eq(usersRowCopies.id, userId));
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const sessionRows = await people.select().from(sessions).where(eq(sessions.userId, userId));
  // The version counts the row's updates (migration 0038's trigger): the app's path updates it twice.
  const anyone = ({ id: _id, email: _email, passwordHash: _hash, version: _version, ...rest }: typeof user) => rest;
  return {
    user: anyone(user),
    copy: copy && { ...anyone(copy), sameAsUser: { ...copy, copiedAt: undefined, version: user.version } },
    ledger: ledger.map(({ id: _id, userId: _userId, idempotencyKey, ...rest }) => ({
      ...rest,
      idempotencyKey: idempotencyKey.replace(String(userId), 'ID'),
    })),
    sessions: sessionRows.map(({ id: _id, userId: _userId, ...rest }) => rest),
    hashIterations: user.passwordHash && parseHash(user.passwordHash)?.iterations,
    user_: user,
  };
}

it('writes the rows that sign-up, setting the password and signing in write', async () => {
  pinClock('2026-11-28T10:00:00Z');
  const viaApp = await createUser(db, { name: 'Test Person', email: uniqueEmail('app'), verified: true });
  if (!viaApp) throw new Error('no account');
  await setPasswordHash(db, viaApp.id, await hashPassword(TEST_PASSWORD, env.PASSWORD_PEPPER, SEEDED_HASH_ITERATIONS));
  await createSession(db, env.SESSION_SECRET, viaApp);

  const seeded = await seedPerson(uniqueEmail('seeded'));

  const app = await rowsOf(viaApp.id);
  const seed = await rowsOf(seeded.userId);
  // Both placed in PEOPLE_1 (placement by address: every new person, with two people databases).
  expect(seed.user_.peopleShard).toBe(1);
  expect(app.user_.peopleShard).toBe(1);
  const { user_: _a, copy: appCopy, ...appRest } = app;
  const { user_: seededUser, copy: seedCopy, ...seedRest } = seed;
  expect(seedRest).toEqual(appRest);
  expect(seedCopy?.sameAsUser).toEqual({ ...seededUser, copiedAt: undefined });
  expect(seedCopy && { ...seedCopy, sameAsUser: undefined }).toEqual(appCopy && { ...appCopy, sameAsUser: undefined });
  expect(seedRest.hashIterations).toBe(SEEDED_HASH_ITERATIONS);
});

it('seeds someone who is signed in and can sign in again with their password', async () => {
  const person = await seedPerson();
  const me = await call('/api/users/me', { cookie: person.cookie });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ id: person.userId, email: person.email, hasPassword: true });
  expect(person.cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
  const login = await call('/api/auth/login', { json: { username: person.email, password: person.password } });
  expect(login.status).toBe(200);
  const wrong = await call('/api/auth/login', { json: { username: person.email, password: 'not the password' } });
  expect(wrong.status).toBe(401);
  await expect(seedPerson(person.email)).rejects.toThrow(`${person.email} already has an account`);
});
