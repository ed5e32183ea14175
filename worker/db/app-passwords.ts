// App passwords: what reader apps (Google Reader and Fever APIs) sign in with, so they never see the
// account password (magic-link accounts have none). Each is a random secret shown once; only hashes are
// stored, and revoking one deletes its row, so a client using it is refused on its next call. Their
// hashes are copied into the person's people database, where each reader-app call checks them, and every
// write goes through writeAppPasswords, which keeps both places right (db/app-password-copies.ts).
import { count, desc, eq } from 'drizzle-orm';
import { appPasswords } from '../../schema';
import { md5Hex, randomBase32, sha256Hex } from '../lib/crypto';
import {
  type AppPasswordOwner,
  appPasswordInPrimary,
  checkAppPassword,
  copiesHome,
  feverKeyOwner,
  lastUsedInCopies,
  needsCopy,
  noteAppPasswordUse,
  writeAppPasswords,
} from './app-password-copies';
import type { Db } from './client';
import { peopleDbOfUser } from './users';

export const MAX_APP_PASSWORDS = 20;

export type AppPasswordSummary = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

const summaryColumns = {
  id: appPasswords.id,
  name: appPasswords.name,
  createdAt: appPasswords.createdAt,
  lastUsedAt: appPasswords.lastUsedAt,
};

function toSummary(row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): AppPasswordSummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The Fever API's api_key for this email and password: md5("email:password"), as its clients compute it. */
export const feverApiKey = (email: string, password: string) => md5Hex(`${email}:${password}`);

/** Who owns app passwords: their id and people shard, or only their id (their users row is read for the shard). */
export type AppPasswordPerson = AppPasswordOwner | number;

async function ownerOf(db: Db, person: AppPasswordPerson): Promise<AppPasswordOwner> {
  if (typeof person !== 'number') return person;
  return { id: person, peopleShard: (await peopleDbOfUser(db, person)).peopleShard };
}

/** Creates an app password; null when the person already has the most allowed. */
export async function createAppPassword(
  db: Db,
  person: AppPasswordPerson,
  email: string,
  name: string,
  now = Date.now(),
) {
  const owner = await ownerOf(db, person);
  const [existing] = await db.select({ n: count() }).from(appPasswords).where(eq(appPasswords.userId, owner.id));
  if ((existing?.n ?? 0) >= MAX_APP_PASSWORDS) return null;
  // 160 random bits in lower-case base32: easy to paste, and nothing an app might mangle.
  const password = randomBase32(32);
  const [row] = await writeAppPasswords(db, owner, {
    kind: 'create',
    values: {
      userId: owner.id,
      name,
      secretHash: await sha256Hex(password),
      feverKeyHash: await sha256Hex(await feverApiKey(email, password)),
      createdAt: new Date(now),
    },
  });
  if (!row) throw new Error('app password insert returned nothing');
  return { ...toSummary(row), password };
}

/**
 * The person's app passwords for the account page, newest first; "last used" as their copies noted it
 * (db/app-password-copies.ts), or the primary's row for those used before there were copies.
 */
export async function listAppPasswords(db: Db, person: AppPasswordPerson) {
  const owner = await ownerOf(db, person);
  const [rows, noted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(appPasswords)
      .where(eq(appPasswords.userId, owner.id))
      .orderBy(desc(appPasswords.createdAt), desc(appPasswords.id)),
    lastUsedInCopies(db, owner),
  ]);
  return rows.map((row) => {
    const copied = noted.get(row.id);
    const lastUsedAt = copied && (!row.lastUsedAt || copied > row.lastUsedAt) ? copied : row.lastUsedAt;
    return toSummary({ ...row, lastUsedAt });
  });
}

/** Revokes one of the person's app passwords; false when it is not theirs or already gone. */
export async function revokeAppPassword(db: Db, person: AppPasswordPerson, appPasswordId: number) {
  const removed = await writeAppPasswords(db, await ownerOf(db, person), { kind: 'revoke', appPasswordId });
  return removed.length > 0;
}

/**
 * Revokes every app password of the person (a password reset, or a change that does not keep them);
 * each reader app signed in with one is refused on its next call. Returns how many there were.
 */
export async function revokeAllAppPasswords(db: Db, person: AppPasswordPerson) {
  return (await writeAppPasswords(db, await ownerOf(db, person), { kind: 'revoke-all' })).length;
}

/**
 * A Fever key is md5("email:password"), so a new sign-in address makes every key the old address
 * computed stale: it must stop working at once, not keep working (issue 28). Only the app password's
 * hash is stored, so the key for the new address cannot be computed here: each one is replaced by a
 * random value no client can send, and Fever apps need a new app password. Google Reader apps, which
 * send the email and the app password, keep working with the new address.
 */
export async function rotateFeverKeys(db: Db, person: AppPasswordPerson) {
  return (await writeAppPasswords(db, await ownerOf(db, person), { kind: 'retire-fever-keys' })).length;
}

/**
 * The person an email and app password belong to (Google Reader ClientLogin), or null. Read in the
 * primary (a sign-in, not a poll); an app password made before the copies is copied now, so the Auth
 * token minted from it is checked in the person's people database (greader/auth.ts).
 */
export async function findUserByAppPassword(db: Db, email: string, password: string, now = Date.now()) {
  const found = await appPasswordInPrimary(db, eq(appPasswords.secretHash, await sha256Hex(password)));
  if (!found || found.user.email !== email || found.user.deletingAt !== null) return null;
  const owner = { id: found.user.id, peopleShard: found.user.peopleShard };
  if (copiesHome(db, owner)) {
    // Revoked meanwhile: nothing was copied (writeAppPasswords), and this sign-in is refused.
    const copied = await writeAppPasswords(db, owner, { kind: 'copy', appPasswordId: found.appPasswordId });
    if (copied.length === 0) return null;
  }
  await noteAppPasswordUse(db, { ...found, copyDue: false, home: copiesHome(db, owner) }, now);
  return found;
}

/**
 * The app password a Fever api_key (either case) belongs to, with its person, or null: its person from
 * this isolate's memory or the directory, then the app password in their people database with their
 * users row's copy, in one batch (db/app-password-copies.ts). A key made before the directory is found in
 * the primary, as before (`copyNow`: the caller copies it after its answer).
 */
export async function findUserByFeverKey(db: Db, apiKey: string) {
  const keyHash = await sha256Hex(apiKey.toLowerCase());
  const owner = await feverKeyOwner(db, keyHash);
  if (!owner) return null;
  if ('found' in owner) return { ...owner.found, copyNow: needsCopy(db, owner.found.user) };
  const found = await checkAppPassword(db, owner.owner, { feverKeyHash: keyHash });
  return found && { ...found, copyNow: false };
}

/**
 * The app password an Auth token minted before tokens named the people shard was made for, with its
 * owner, from the primary (as before the copies); null once it is revoked. Such tokens expire within
 * AUTH_TOKEN_LIFETIME_MS of the deploy (greader/auth.ts).
 */
export async function findAppPasswordById(db: Db, appPasswordId: number) {
  return appPasswordInPrimary(db, eq(appPasswords.id, appPasswordId));
}
