// A copy of each person's users row in their people database (issue 30), so that the session check every
// signed-in request makes reads the session row and the users row there, in one statement, and nothing in
// the primary (db/sessions.ts). At workload B the users rows read by those checks were ~4,900 queries a
// second on the primary, against D1's ~1,000.
//
// The users row stays the truth; the copy is written from it here, and only here:
// - after every write of the row (copyUsersRows: sign-up, password, email, name, time zone, grouping,
//   plan, credits, a page's span, account deletion), from the row read back from the primary;
// - by the session check itself when the copy is missing or older than USERS_ROW_COPY_TTL_MS (then the
//   check reads the row in the primary, as before, and writes the copy after the response).
// So a write whose copy was missed (a crash between the two, a write path that forgot) is served stale
// for at most USERS_ROW_COPY_TTL_MS. Two copies racing (two changes at once) cannot put an older row over
// a newer one: `users.version` counts the row's changes (a trigger: migration 0038), and a copy replaces
// another only with a higher version.
//
// People shard 0's people database is the primary itself: there the users row is its own copy, and
// nothing is written.
import { eq, inArray, sql } from 'drizzle-orm';
import { users, usersRowCopies } from '../../schema';
import { builtOnce } from './built-once';
import type { Db, PeopleDb } from './client';
import type { UserRow } from './users';

/**
 * How long a copy is trusted after it was written. Bounds how long a missed write can serve a stale row,
 * and what the copies cost the primary: each person's session check reads their users row there at most
 * once in this time (bench/limits.mjs: the primary's users rows a second at B).
 */
export const USERS_ROW_COPY_TTL_MS = 3_600_000;

/** The person's people database when it is not the primary (where a copy is kept), else null. */
function copyHome(db: Db, row: Pick<UserRow, 'peopleShard'>): PeopleDb | null {
  if (row.peopleShard >= db.people.count) return null;
  const people = db.people.at(row.peopleShard);
  return people.binding === db.binding ? null : people;
}

/** The upsert of `row` as its copy there: it replaces a copy only of the same or an older version. */
const upsertCopy = (home: PeopleDb, row: UserRow, now: number) => {
  const { id: _id, ...columns } = row;
  const copiedAt = new Date(now);
  return home
    .insert(usersRowCopies)
    .values({ ...row, copiedAt })
    .onConflictDoUpdate({
      target: usersRowCopies.id,
      set: { ...columns, copiedAt },
      setWhere: sql`${usersRowCopies.version} <= ${row.version}`,
    });
};

/**
 * Writes `row`, as just read in the primary, as the copy in the person's people database (nothing for
 * someone in people shard 0), unless the copy there is of a newer version of it (a later change, copied first).
 */
export async function storeUsersRowCopy(db: Db, row: UserRow, now = Date.now()) {
  const home = copyHome(db, row);
  if (home) await upsertCopy(home, row, now);
}

/** Who a users row is, as far as copying it goes: their id, and their people shard when the caller knows it. */
export type CopiedPerson = number | { id: number; peopleShard: number };

/**
 * The ONE way a write of users rows reaches their copies: called after every write of the row, with the
 * people written (it reads the rows back from the primary, so the write's statement does not matter).
 * One read in the primary, then one batch in each people database that holds some of them; nothing for
 * people in people shard 0 (nothing read when the caller says so), or who are no longer there.
 */
export async function copyUsersRows(db: Db, people: readonly CopiedPerson[], now = Date.now()) {
  const primary = db.shards.primary();
  if (primary.people.count === 1) return;
  const userIds = people.flatMap((person) =>
    typeof person === 'number' ? [person] : copyHome(primary, person) ? [person.id] : [],
  );
  if (userIds.length === 0) return;
  const rows = await primary
    .select()
    .from(users)
    .where(inArray(users.id, sql`(select value from json_each(${JSON.stringify(userIds)}))`));
  const byHome = new Map<PeopleDb, UserRow[]>();
  for (const row of rows) {
    const home = copyHome(primary, row);
    if (home) byHome.set(home, [...(byHome.get(home) ?? []), row]);
  }
  await Promise.all(
    [...byHome].map(([home, homeRows]) => {
      const [first, ...rest] = homeRows.map((row) => upsertCopy(home, row, now));
      return first && home.batch([first, ...rest]);
    }),
  );
}

/** copyUsersRows for one person, after a write of their users row. */
export const copyUsersRow = (db: Db, person: CopiedPerson, now = Date.now()) => copyUsersRows(db, [person], now);

/** Whether a copy written at `copiedAt` may still be used at `now`. */
export const copyIsFresh = (copiedAt: Date, now: number) => now - copiedAt.getTime() < USERS_ROW_COPY_TTL_MS;

/** The users row a copy holds (without when it was copied). */
export function rowOfCopy(copy: typeof usersRowCopies.$inferSelect): UserRow {
  const { copiedAt: _copiedAt, ...row } = copy;
  return row;
}

/**
 * The copy of a person's users row (`userId`), read beside their session or app password on every
 * signed-in request: built once (built-once.ts).
 */
export const usersRowCopyOf = builtOnce<typeof usersRowCopies.$inferSelect>((db) =>
  db
    .select()
    .from(usersRowCopies)
    .where(eq(usersRowCopies.id, sql.placeholder('userId')))
    .limit(1),
);
