// Session rows live in the signed-in person's people database (db/sessions.ts), not in the primary: the
// suite runs with PEOPLE_DATABASES "DB,PEOPLE_1", and everyone who signs up through the API lands in
// PEOPLE_1. Signing in, reading, logging out and changing the password all happen there, and the primary
// holds none of their sessions.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../schema';
import { markAccountDeleting } from '../db/account-deletion';
import { deleteExpired } from '../db/cleanup';
import { call, db, sessionCookieOf, signUpThroughApi } from '../test/helpers';
import { claimsOf } from '../test/session-tokens';

const people1 = () => db.people.at(1);
const rowsIn = (handle: typeof db, userId: number) =>
  handle.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));

async function signIn(email: string, password: string) {
  const login = await call('/api/auth/login', { json: { username: email, password } });
  expect(login.status).toBe(200);
  return sessionCookieOf(login) as string;
}

describe('a person in a second people database', () => {
  it('signs in, reads and logs out with their session row in their people database, none in the primary', async () => {
    expect(env.PEOPLE_DATABASES).toBe('DB,PEOPLE_1');
    const person = await signUpThroughApi();
    const [row] = await db.select({ peopleShard: users.peopleShard }).from(users).where(eq(users.id, person.userId));
    expect(row?.peopleShard).toBe(1);
    const sid = String(claimsOf(person.cookie).sid);
    expect(claimsOf(person.cookie)).toMatchObject({ peopleShard: 1, rowInPeople: true });

    expect((await call('/api/feed-items', { cookie: person.cookie })).status).toBe(200);
    expect((await call('/api/categories/with-feeds', { cookie: person.cookie })).status).toBe(200);
    expect(await people1().select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sid))).toEqual([
      { id: sid },
    ]);
    expect(await rowsIn(db, person.userId)).toEqual([]);

    const out = await call('/api/auth/logout', { method: 'POST', cookie: person.cookie });
    expect(out.status).toBe(200);
    expect(await people1().select().from(sessions).where(eq(sessions.id, sid))).toEqual([]);
    expect(await rowsIn(db, person.userId)).toEqual([]);
    expect((await call('/api/feed-items', { cookie: person.cookie })).status).toBe(401);
    expect((await call('/api/users/me', { cookie: person.cookie })).status).toBe(401);
  });

  it('ends their other sessions when they change their password, and keeps the one that changed it', async () => {
    const person = await signUpThroughApi();
    const phone = await signIn(person.email, person.password);
    const laptop = await signIn(person.email, person.password);
    for (const cookie of [person.cookie, phone, laptop])
      expect((await call('/api/users/me', { cookie })).status).toBe(200);

    const changed = await call('/api/users/me/password', {
      cookie: laptop,
      json: { currentPassword: person.password, newPassword: 'a-new-password-for-this-test' },
    });
    expect(changed.status).toBe(200);
    expect((await call('/api/users/me', { cookie: laptop })).status).toBe(200);
    for (const cookie of [person.cookie, phone]) expect((await call('/api/users/me', { cookie })).status).toBe(401);
    expect(await rowsIn(people1(), person.userId)).toEqual([{ id: String(claimsOf(laptop).sid) }]);
    expect(await rowsIn(db, person.userId)).toEqual([]);
  });

  it('is refused at once when their account is being deleted, though the deletion has not reached their sessions yet', async () => {
    const person = await signUpThroughApi();
    // Step 1 of a deletion (db/account-deletion.ts) marks the users row in the primary, and its copy
    // beside the session rows; the session rows in PEOPLE_1 go with the rest of the reading state in step 2.
    expect(await markAccountDeleting(db, person.userId)).not.toBeNull();
    expect(await rowsIn(people1(), person.userId)).not.toEqual([]);
    expect((await call('/api/users/me', { cookie: person.cookie })).status).toBe(401);
    expect((await call('/api/feed-items', { cookie: person.cookie })).status).toBe(401);
  });

  it('has their expired sessions deleted by the daily cleanup, in their people database', async () => {
    const person = await signUpThroughApi();
    const kept = String(claimsOf(person.cookie).sid);
    const expired = String(claimsOf(await signIn(person.email, person.password)).sid);
    await people1()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired));
    await deleteExpired(db);
    const left = (await rowsIn(people1(), person.userId)).map((row) => row.id);
    expect(left).toContain(kept);
    expect(left).not.toContain(expired);
  });
});
