// The copy of a person's users row beside their session row (users-row-copy.ts): every change of the row
// shows on the person's next request, though the session check no longer reads the primary, and a
// write that missed the copy is served stale for at most USERS_ROW_COPY_TTL_MS.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, usersRowCopies } from '../../schema';
import { advanceClock, pinClock } from '../test/clock';
import { call, db } from '../test/helpers';
import { meteredEnv } from '../test/metered-env';
import { personIn } from '../test/people';
import { debitCredits, grantCredits } from './credits';
import { setProPlan } from './payments';
import { changeUserEmail } from './users';
import { copyUsersRow, storeUsersRowCopy, USERS_ROW_COPY_TTL_MS } from './users-row-copy';

type Me = { name: string; email: string; plan: string; groupStories: boolean };

async function me(cookie: string) {
  const response = await call('/api/users/me', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Me;
}

async function credits(cookie: string) {
  return (await (await call('/api/credits', { cookie })).json()) as { credits: number; isPro: boolean };
}

const copyOf = async (person: Awaited<ReturnType<typeof personIn>>) => {
  const [copy] = await person.db.select().from(usersRowCopies).where(eq(usersRowCopies.id, person.userId));
  return copy;
};

describe("the users row's copy in the person's people database", () => {
  it('shows every change of the users row on the next request, reading nothing in the primary to check the session', async () => {
    const person = await personIn(1, 'copied');
    await me(person.cookie);

    // A change through the API: name and story grouping.
    const patched = await call('/api/users/me', {
      cookie: person.cookie,
      method: 'PATCH',
      json: { name: 'Grace Hopper', groupStories: false },
    });
    expect(patched.status).toBe(200);
    expect(await me(person.cookie)).toMatchObject({ name: 'Grace Hopper', groupStories: false });

    // Changes made elsewhere: money (an AI charge, a grant), the plan (Stripe's webhook), the address.
    expect(await debitCredits(db, person.userId, 2, 'test charge', `copy-test:${person.userId}`)).toBe(true);
    expect(await credits(person.cookie)).toEqual({ credits: 3, isPro: false });
    await setProPlan(db, person.userId);
    await grantCredits(db, person.userId, 10, 'test grant', `copy-grant:${person.userId}`);
    expect(await credits(person.cookie)).toEqual({ credits: 13, isPro: true });
    const address = `moved.${person.userId}@example.com`;
    expect(await changeUserEmail(db, person.userId, address)).not.toBeNull();
    expect(await me(person.cookie)).toMatchObject({ email: address, plan: 'pro' });

    // The copy is the row, and the check read the session row and the copy in one call, none in the primary.
    const [row] = await db.select().from(users).where(eq(users.id, person.userId));
    expect(await copyOf(person)).toMatchObject({ ...row });
    const metered = meteredEnv();
    const checked = await call('/api/users/me', { cookie: person.cookie, env: metered.env });
    expect(checked.status).toBe(200);
    expect(metered.calls()).toEqual({ PEOPLE_1: 1 });
  });

  it('serves a write that missed the copy for at most USERS_ROW_COPY_TTL_MS, then the row again', async () => {
    pinClock(Date.now());
    const person = await personIn(1, 'missed');
    expect(await me(person.cookie)).toMatchObject({ name: 'Test Person' });
    // A write of the users row that never reached the copy (a crash between the two).
    await db.update(users).set({ name: 'Missed Write' }).where(eq(users.id, person.userId));
    expect(await me(person.cookie)).toMatchObject({ name: 'Test Person' });
    advanceClock(USERS_ROW_COPY_TTL_MS - 60_000);
    expect(await me(person.cookie)).toMatchObject({ name: 'Test Person' });

    // Past the limit the check reads the row in the primary, and writes the copy again after the answer.
    advanceClock(60_001);
    const metered = meteredEnv();
    const response = await call('/api/users/me', { cookie: person.cookie, env: metered.env });
    expect(((await response.json()) as Me).name).toBe('Missed Write');
    // The session row and the copy; the users row; the copy and the session's last-seen time (an hour on).
    expect(metered.calls()).toEqual({ PEOPLE_1: 3, DB: 1 });
    expect(await copyOf(person)).toMatchObject({ name: 'Missed Write', copiedAt: new Date(Date.now()) });
    const after = meteredEnv();
    expect(((await (await call('/api/users/me', { cookie: person.cookie, env: after.env })).json()) as Me).name).toBe(
      'Missed Write',
    );
    expect(after.calls()).toEqual({ PEOPLE_1: 1 });
  });

  it('never puts an older read of the row over a newer one: two changes copied in the wrong order', async () => {
    const person = await personIn(1, 'raced');
    const [older] = await db.select().from(users).where(eq(users.id, person.userId));
    if (!older) throw new Error('no users row');
    await db.update(users).set({ timezone: 'Europe/Paris' }).where(eq(users.id, person.userId));
    // The trigger counts the change whatever statement made it.
    const [newer] = await db.select().from(users).where(eq(users.id, person.userId));
    expect(newer?.version).toBe(older.version + 1);
    await copyUsersRow(db, person.userId);
    // The first change's copy, late: it is older than the one there and changes nothing.
    await storeUsersRowCopy(db, older);
    expect(await copyOf(person)).toMatchObject({ timezone: 'Europe/Paris', version: older.version + 1 });
  });

  it('keeps no copy for someone in people shard 0: there the users row is read with the session row', async () => {
    const person = await personIn(0, 'primary');
    await copyUsersRow(db, person.userId);
    const metered = meteredEnv();
    expect((await call('/api/users/me', { cookie: person.cookie, env: metered.env })).status).toBe(200);
    expect(metered.calls()).toEqual({ DB: 1 });
    expect(await db.select().from(usersRowCopies).where(eq(usersRowCopies.id, person.userId))).toEqual([]);
  });
});
