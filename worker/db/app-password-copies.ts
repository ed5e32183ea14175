// Reader apps' credential checks off the primary (issue 30). Google Reader and Fever clients poll all day,
// and each call checked its app password joined to the users row in the primary: at workload B, with a
// third of the people syncing an app every 30 minutes, ~1,100 queries a second there, against D1's ~1,000
// (bench/limits.mjs). Web sessions had moved (db/sessions.ts, db/users-row-copy.ts); this moves the apps.
//
// Where things are:
// - `app_passwords` in the primary stays the truth for the account page (names, when made).
// - Each app password's hashes are copied into the person's people database (`app_password_copies`),
//   beside the copy of their users row: the check reads both in one batch there, in the same D1 call
//   as the page's own reads (db/coalesced-d1.ts). For people in people shard 0 the primary is their
//   people database, and the `app_passwords` row is its own copy.
// - A Google Reader Auth token names the app password, its person and their people shard, signed
//   (greader/auth.ts), so the check knows where to go. Tokens minted before name only the app password:
//   they are checked in the primary, as before, until they expire (30 days).
// - A Fever api_key names nobody: the directory (`fever_key_directory`) maps its hash to the person and
//   their people shard, in the people database the hash picks (never the primary while there are
//   others). The mapping never changes for a hash (a retired key gets a new one), so each isolate keeps
//   what it read (bounded). Only the copy says whether the app password still works.
// - A key or app password made before the copies (none in the directory) is looked up in the primary, as
//   before, and copied then (`copyAppPassword`).
//
// Every write goes through writeAppPasswords, which keeps the two places right. What it takes away it
// takes from the copies first (the check reads them), then from the primary; what it adds, the other way
// round. So an interrupted revocation leaves the app password refused (or, if the primary's delete did
// not run, listed and working as the failed request said), never revoked on the account page and still
// working.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { appPasswordCopies, appPasswords, feverKeyDirectory, users, type usersRowCopies } from '../../schema';
import { BoundedMap } from '../lib/bounded-map';
import { builtOnce } from './built-once';
import type { Db, PeopleDb } from './client';
import { hashToShard } from './shards';
import type { UserRow } from './users';
import { copyIsFresh, rowOfCopy, storeUsersRowCopy, usersRowCopyOf } from './users-row-copy';

/** Who an app password belongs to, as far as finding its copy goes. */
export type AppPasswordOwner = { id: number; peopleShard: number };

/** What a reader app's check found: the app password, and its person's users row as their check read it. */
export type CheckedAppPassword = {
  user: UserRow;
  appPasswordId: number;
  secretHash: string;
  lastUsedAt: Date | null;
  /** The users row had to be read in the primary (its copy missing or past its time): copy it after. */
  copyDue: boolean;
  /** Where its "last used" is noted: the copy's people database, or null for the primary's row. */
  home: PeopleDb | null;
};

const primaryOf = (db: Db) => db.shards.primary();

/** The person's people database when it is not the primary (where copies are kept), else null. */
export function copiesHome(db: Db, person: { peopleShard: number }): PeopleDb | null {
  if (person.peopleShard >= db.people.count) return null;
  const home = db.people.at(person.peopleShard);
  return home.binding === primaryOf(db).binding ? null : home;
}

/**
 * The database holding a Fever key's directory row: one of the people databases after the primary, by
 * the hash (FNV-1a, as people are placed); null with no people databases, where the primary's
 * `app_passwords` answers for itself.
 */
export function directoryHome(db: Db, keyHash: string): Db | null {
  const count = db.people.count;
  if (count === 1) return null;
  const home = db.people.at(1 + hashToShard(keyHash, count - 1));
  return home.binding === primaryOf(db).binding ? null : home;
}

/**
 * Fever keys' people as this isolate read them from the directory: the mapping never changes, so a
 * call whose key is here goes straight to the person's people database. Bounded: the oldest go first.
 * An entry is about 110 bytes (bench/cache-bytes-workerd.mjs): 2,000 are this cache's 0.22 MB of an isolate's
 * budget (lib/isolate-cache-budget.ts); a key past them reads the directory again.
 */
export const MOST_KNOWN_KEYS = 2_000;
const knownKeys = new BoundedMap<string, AppPasswordOwner>(MOST_KNOWN_KEYS);

const knowKey = (keyHash: string, owner: AppPasswordOwner) => knownKeys.set(keyHash, owner);

/** What a check reads of an app password in the primary: the password and its owner's users row. */
const withOwnerColumns = {
  user: users,
  appPasswordId: appPasswords.id,
  secretHash: appPasswords.secretHash,
  feverKeyHash: appPasswords.feverKeyHash,
  lastUsedAt: appPasswords.lastUsedAt,
};

/** An app password with its owner in the primary, found by `where`: one statement. */
export async function appPasswordInPrimary(db: Db, where: SQL | undefined) {
  const [row] = await primaryOf(db)
    .select(withOwnerColumns)
    .from(appPasswords)
    .innerJoin(users, eq(users.id, appPasswords.userId))
    .where(where)
    .limit(1);
  return row ?? null;
}

type PrimaryFound = NonNullable<Awaited<ReturnType<typeof appPasswordInPrimary>>>;

/**
 * The statements of the check every reader-app call makes, built once (built-once.ts): an app password
 * with its owner in the primary, by id or by its Fever key's hash (people shard 0), and its copy in a
 * people database, the same two ways.
 */
const primaryCheck = (matching: SQL) =>
  builtOnce<PrimaryFound>((db) =>
    db
      .select(withOwnerColumns)
      .from(appPasswords)
      .innerJoin(users, eq(users.id, appPasswords.userId))
      .where(and(eq(appPasswords.userId, sql.placeholder('userId')), matching))
      .limit(1),
  );
const primaryCheckById = primaryCheck(eq(appPasswords.id, sql.placeholder('appPasswordId')));
const primaryCheckByFeverKey = primaryCheck(eq(appPasswords.feverKeyHash, sql.placeholder('feverKeyHash')));

const copyCheck = (matching: SQL) =>
  builtOnce<typeof appPasswordCopies.$inferSelect>((db) =>
    db
      .select()
      .from(appPasswordCopies)
      .where(and(eq(appPasswordCopies.userId, sql.placeholder('userId')), matching))
      .limit(1),
  );
const copyById = copyCheck(eq(appPasswordCopies.id, sql.placeholder('appPasswordId')));
const copyByFeverKey = copyCheck(eq(appPasswordCopies.feverKeyHash, sql.placeholder('feverKeyHash')));

const fromPrimary = (found: PrimaryFound): CheckedAppPassword => ({
  user: found.user,
  appPasswordId: found.appPasswordId,
  secretHash: found.secretHash,
  lastUsedAt: found.lastUsedAt,
  copyDue: false,
  home: null,
});

/**
 * The check every reader-app call makes, in the person's people database: their app password (by id, or
 * by its Fever key's hash) and the copy of their users row, in one batch, nothing in the primary while the
 * copy is fresh (else the users row there, as the session check does: db/sessions.ts). For someone in
 * people shard 0, the app password with their users row in the primary, one statement. Null when the app
 * password is gone (revoked, its Fever key retired) or the person is being deleted.
 */
export async function checkAppPassword(
  db: Db,
  owner: AppPasswordOwner,
  match: { appPasswordId: number } | { feverKeyHash: string },
  now = Date.now(),
): Promise<CheckedAppPassword | null> {
  const home = copiesHome(db, owner);
  if (!home) {
    if (owner.peopleShard >= db.people.count) return null;
    const [found] =
      'appPasswordId' in match
        ? await primaryCheckById(primaryOf(db), { userId: owner.id, appPasswordId: match.appPasswordId })
        : await primaryCheckByFeverKey(primaryOf(db), { userId: owner.id, feverKeyHash: match.feverKeyHash });
    return found && found.user.deletingAt === null ? fromPrimary(found) : null;
  }
  const copyRead =
    'appPasswordId' in match
      ? copyById(home, { userId: owner.id, appPasswordId: match.appPasswordId })
      : copyByFeverKey(home, { userId: owner.id, feverKeyHash: match.feverKeyHash });
  const rowRead = usersRowCopyOf(home, { userId: owner.id });
  const [[copy], [row]] = (await home.batch([copyRead, rowRead] as never)) as [
    (typeof appPasswordCopies.$inferSelect)[],
    (typeof usersRowCopies.$inferSelect)[],
  ];
  if (!copy) return null;
  const found = { appPasswordId: copy.id, secretHash: copy.secretHash, lastUsedAt: copy.lastUsedAt, home };
  let user: UserRow | undefined = row && copyIsFresh(row.copiedAt, now) ? rowOfCopy(row) : undefined;
  const copyDue = user === undefined;
  if (!user) [user] = await primaryOf(db).select().from(users).where(eq(users.id, owner.id)).limit(1);
  if (!user || user.deletingAt !== null) return null;
  return { ...found, user, copyDue };
}

/**
 * The owner of a Fever key's hash, from this isolate's memory or the directory; or, for a key made before
 * there was a directory (or with no people databases), the app password found in the primary with its
 * owner, which is then the check itself (`found`). Null when nobody has this key.
 */
export async function feverKeyOwner(
  db: Db,
  keyHash: string,
): Promise<{ owner: AppPasswordOwner } | { found: CheckedAppPassword; feverKeyHash: string } | null> {
  const known = knownKeys.get(keyHash);
  if (known) return { owner: known };
  const home = directoryHome(db, keyHash);
  if (home) {
    const [row] = await home.select().from(feverKeyDirectory).where(eq(feverKeyDirectory.keyHash, keyHash)).limit(1);
    if (row) {
      const owner = { id: row.userId, peopleShard: row.peopleShard };
      knowKey(keyHash, owner);
      return { owner };
    }
  }
  const found = await appPasswordInPrimary(db, eq(appPasswords.feverKeyHash, keyHash));
  if (!found || found.user.deletingAt !== null) return null;
  return { found: fromPrimary(found), feverKeyHash: keyHash };
}

/** Whether the primary found it (a key made before the directory, or no people databases): copy it then. */
export const needsCopy = (db: Db, owner: AppPasswordOwner) => copiesHome(db, owner) !== null || db.people.count > 1;

// "Last used" is noted at most this often: reader apps sync every few minutes, a write each time tells nothing.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Notes that a reader app used this app password (the account page's "last used"), when the check found
 * it last noted over TOUCH_INTERVAL_MS ago: in the copy, in the person's people database, or in the
 * primary's row for someone in people shard 0 or a check made there (an old Auth token). The statement's
 * guard keeps several apps' calls at once from writing more than once. After the response.
 */
export async function noteAppPasswordUse(db: Db, found: CheckedAppPassword, now = Date.now()) {
  const due = (at: Date | null) => at === null || now - at.getTime() >= TOUCH_INTERVAL_MS;
  const writes: Promise<unknown>[] = [];
  if (found.copyDue) writes.push(storeUsersRowCopy(primaryOf(db), found.user, now));
  if (due(found.lastUsedAt)) {
    const stale = new Date(now - TOUCH_INTERVAL_MS);
    const home = found.home ?? copiesHome(db, found.user);
    writes.push(
      home
        ? home
            .update(appPasswordCopies)
            .set({ lastUsedAt: new Date(now) })
            .where(
              and(
                eq(appPasswordCopies.id, found.appPasswordId),
                sql`(${appPasswordCopies.lastUsedAt} is null or ${appPasswordCopies.lastUsedAt} < ${stale.getTime()})`,
              ),
            )
        : primaryOf(db)
            .update(appPasswords)
            .set({ lastUsedAt: new Date(now) })
            .where(
              and(
                eq(appPasswords.id, found.appPasswordId),
                sql`(${appPasswords.lastUsedAt} is null or ${appPasswords.lastUsedAt} < ${stale.getTime()})`,
              ),
            ),
    );
  }
  await Promise.all(writes);
}

/** When each of the person's app passwords was last used, as noted in their copies (empty in people shard 0). */
export async function lastUsedInCopies(db: Db, owner: AppPasswordOwner): Promise<Map<number, Date>> {
  const home = copiesHome(db, owner);
  if (!home) return new Map();
  const rows = await home
    .select({ id: appPasswordCopies.id, lastUsedAt: appPasswordCopies.lastUsedAt })
    .from(appPasswordCopies)
    .where(eq(appPasswordCopies.userId, owner.id));
  return new Map(rows.flatMap((row) => (row.lastUsedAt ? [[row.id, row.lastUsedAt] as const] : [])));
}

type CopiedRow = { id: number; userId: number; secretHash: string; feverKeyHash: string };

/** Adds rows of the primary's `app_passwords` to the copies and the directory (kept "last used" where there). */
async function addCopies(db: Db, owner: AppPasswordOwner, rows: readonly CopiedRow[]) {
  const home = copiesHome(db, owner);
  if (home) {
    const [first, ...rest] = rows.map((row) =>
      home
        .insert(appPasswordCopies)
        .values(row)
        .onConflictDoUpdate({
          target: appPasswordCopies.id,
          set: { secretHash: row.secretHash, feverKeyHash: row.feverKeyHash },
        }),
    );
    if (first) await home.batch([first, ...rest]);
  }
  await eachDirectoryHome(
    db,
    rows.map((row) => row.feverKeyHash),
    (home, keyHashes) =>
      home
        .insert(feverKeyDirectory)
        .values(keyHashes.map((keyHash) => ({ keyHash, userId: owner.id, peopleShard: owner.peopleShard })))
        .onConflictDoNothing(),
  );
  for (const row of rows) if (directoryHome(db, row.feverKeyHash)) knowKey(row.feverKeyHash, owner);
}

/** `write` in each directory home of these keys, with its keys: one call each, all at once. */
async function eachDirectoryHome(
  db: Db,
  keyHashes: readonly string[],
  write: (home: Db, keyHashes: string[]) => Promise<unknown>,
) {
  const byHome = new Map<Db, string[]>();
  for (const keyHash of keyHashes) {
    const home = directoryHome(db, keyHash);
    if (home) byHome.set(home, [...(byHome.get(home) ?? []), keyHash]);
  }
  await Promise.all([...byHome].map(([home, hashes]) => write(home, hashes)));
}

/** Takes Fever keys' hashes out of the directory (and this isolate's memory). */
async function forgetFeverKeys(db: Db, keyHashes: readonly string[]) {
  for (const keyHash of keyHashes) knownKeys.delete(keyHash);
  await eachDirectoryHome(db, keyHashes, (home, hashes) =>
    home.delete(feverKeyDirectory).where(inArray(feverKeyDirectory.keyHash, hashes)),
  );
}

/** A write of app passwords: each keeps the primary, the copies and the directory right. */
export type AppPasswordWrite =
  | { kind: 'create'; values: typeof appPasswords.$inferInsert }
  | { kind: 'revoke'; appPasswordId: number }
  | { kind: 'revoke-all' }
  | { kind: 'retire-fever-keys' }
  /** A row made before the copies, found by a check in the primary: copied now. */
  | { kind: 'copy'; appPasswordId: number };

// SQLite's randomblob: 256 random bits per row, in one statement however many app passwords there are.
const retiredHash = sql`'retired:' || lower(hex(randomblob(32)))`;

/**
 * THE one way app passwords are written (create, revoke, revoke all, retire Fever keys, copy one made
 * before the copies; account deletion revokes all): the primary's rows, their copies in the person's
 * people database and their Fever keys in the directory, in the order that never leaves a revoked app
 * password working (this file's header). Returns the primary's rows the write touched.
 */
export async function writeAppPasswords(db: Db, owner: AppPasswordOwner, write: AppPasswordWrite) {
  const primary = primaryOf(db);
  const home = copiesHome(db, owner);
  const mine =
    write.kind === 'revoke' || write.kind === 'copy'
      ? and(eq(appPasswords.userId, owner.id), eq(appPasswords.id, write.appPasswordId))
      : eq(appPasswords.userId, owner.id);
  if (write.kind === 'create') {
    const [row] = await primary.insert(appPasswords).values(write.values).returning();
    if (!row) throw new Error('app password insert returned nothing');
    await addCopies(db, owner, [row]);
    return [row];
  }
  if (write.kind === 'copy') {
    const rows = await primary.select().from(appPasswords).where(mine);
    await addCopies(db, owner, rows);
    // Revoked while it was being copied (deleted between the read and the copy): taken away again, and
    // nothing was copied.
    const [still] = await primary.select({ id: appPasswords.id }).from(appPasswords).where(mine);
    if (rows.length === 0 || still) return rows;
    await writeAppPasswords(db, owner, { kind: 'revoke', appPasswordId: write.appPasswordId });
    return [];
  }
  // What goes: from the copies first, which the checks read, then the keys from the directory (the same
  // hashes as the primary's rows), then the primary's rows.
  const keysBefore = await primary.select({ keyHash: appPasswords.feverKeyHash }).from(appPasswords).where(mine);
  if (home) {
    const inCopies =
      write.kind === 'revoke'
        ? and(eq(appPasswordCopies.userId, owner.id), eq(appPasswordCopies.id, write.appPasswordId))
        : eq(appPasswordCopies.userId, owner.id);
    if (write.kind === 'retire-fever-keys')
      await home.update(appPasswordCopies).set({ feverKeyHash: retiredHash }).where(inCopies);
    else await home.delete(appPasswordCopies).where(inCopies);
  }
  await forgetFeverKeys(
    db,
    keysBefore.map((row) => row.keyHash),
  );
  if (write.kind === 'retire-fever-keys')
    return primary.update(appPasswords).set({ feverKeyHash: retiredHash }).where(mine).returning();
  return primary.delete(appPasswords).where(mine).returning();
}
