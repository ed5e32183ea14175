// A select built once (built-once.ts) gives, run after run with other values, the rows drizzle gives for
// the same select built the usual way: the same columns, mapped to the same types (dates, joined rows).
import { and, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../schema';
import { db } from '../test/helpers';
import { builtOnce } from './built-once';
import { insertSession } from './sessions';
import { createUser } from './users';

const NOW = Date.parse('2026-11-28T08:00:00Z');
const HOUR = 3_600_000;

const liveWithUser = builtOnce<{ session: typeof sessions.$inferSelect; user: typeof users.$inferSelect }>((handle) =>
  handle
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1),
);

const theUsualWay = (id: string, now: number) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))))
    .limit(1);

async function personWithSession(label: string, expiresInHours: number) {
  const user = await createUser(db, { name: `Built ${label}`, email: `built.${label}.${Date.now()}@example.com` }, NOW);
  if (!user) throw new Error('no user');
  const id = `built-once-${label}-${Date.now()}`;
  await insertSession(db.people.at(0), {
    id,
    userId: user.id,
    expiresAt: new Date(NOW + expiresInHours * HOUR),
    now: NOW,
  });
  return { id, userId: user.id };
}

describe('a select built once', () => {
  it('gives the rows the usual build gives, run after run with other values', async () => {
    const first = await personWithSession('first', 2);
    const second = await personWithSession('second', 5);
    for (const [person, now] of [
      [first, NOW],
      [second, NOW],
      [first, NOW + HOUR],
      [second, NOW + 4 * HOUR],
    ] as const) {
      const rows = await liveWithUser(db, { id: person.id, now });
      expect(rows).toEqual(await theUsualWay(person.id, now));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.user.id).toBe(person.userId);
      expect(rows[0]?.session.expiresAt).toBeInstanceOf(Date);
    }
    // Past its expiry, and an unknown id: nothing, as the usual build.
    expect(await liveWithUser(db, { id: first.id, now: NOW + 3 * HOUR })).toEqual([]);
    expect(await liveWithUser(db, { id: 'no-such-session', now: NOW })).toEqual([]);
  });

  it('runs in a batch beside other statements', async () => {
    // One table: a batch's rows are mapped by column name, which a join's tables share (db/sessions.ts).
    const sessionOf = builtOnce<typeof sessions.$inferSelect>((handle) =>
      handle
        .select()
        .from(sessions)
        .where(eq(sessions.id, sql.placeholder('id'))),
    );
    const first = await personWithSession('batch-first', 2);
    const second = await personWithSession('batch-second', 2);
    for (const person of [first, second]) {
      const [rows, ids] = (await db.batch([
        sessionOf(db, { id: person.id }),
        db.select({ id: users.id }).from(users).where(eq(users.id, person.userId)),
      ] as never)) as [unknown[], { id: number }[]];
      expect(rows).toEqual(await db.select().from(sessions).where(eq(sessions.id, person.id)));
      expect(rows).toHaveLength(1);
      expect(ids).toEqual([{ id: person.userId }]);
    }
  });
});
