// Sessions: a row per sign-in in `sessions`, named by a jose-signed token in an HttpOnly cookie. The
// signature stops forged ids cheaply; the row makes logout and a password change revoke at once. The row
// is in the person's people database, which the token names (db/sessions.ts); tokens signed before that
// name a row in the primary, read there until they expire.
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import {
  findLiveSession,
  findPersonsLiveSession,
  insertSession,
  type PersonRef,
  personToSignIn,
  touchSession,
} from '../db/sessions';
import type { UserRow } from '../db/users';
import { storeUsersRowCopy } from '../db/users-row-copy';
import { BoundedMap } from '../lib/bounded-map';
import { randomToken } from '../lib/crypto';

export const SESSION_COOKIE = 'feedloom_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Refresh last_seen_at at most this often: a write on every request would cost more than it tells.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type SessionUser = UserRow;

/**
 * What a token whose signature verified says: the session row it names and, in tokens signed since the
 * people shard joined them (24 Nov 2026), whose session it is and which people database holds their
 * reading state (their users row's `people_shard`, fixed at sign-up). `person` is null in older tokens.
 * The signature makes the claims the server's own words, but not a live session: only the row says that,
 * so nothing may be answered or acted on from them before the row has been checked (middleware/
 * early-reads.ts starts a read with them, and uses it only for the person the row names).
 */
export type SessionClaims = {
  sessionId: string;
  person: { userId: number; peopleShard: number } | null;
  /**
   * Whether the row is in the person's people database (tokens signed since 28 Nov 2026: `rowInPeople`),
   * rather than the primary (older tokens, read there until they expire: db/sessions.ts).
   */
  rowInPeople: boolean;
};

// Every signed-in request verifies its token; importing the HMAC key costs several times the verification,
// so each isolate imports it once per secret (a CryptoKey is plain data, safe to share between requests).
const keys = new Map<string, CryptoKey>();
async function keyOf(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

type TokenContents = { sessionId: string; userId: number; peopleShard: number; expiresAt: Date; now: number };

/**
 * The token naming a session row, its person and their people shard, which holds the row: valid until the
 * row expires.
 */
async function signSessionToken(secret: string, { sessionId, userId, peopleShard, expiresAt, now }: TokenContents) {
  return new SignJWT({ sid: sessionId, peopleShard, rowInPeople: true })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await keyOf(secret));
}

/**
 * A new session for `person` (their id and people shard, or only their id: then their users row is read
 * for the shard first), its row in their people database.
 */
export async function createSession(db: Db, secret: string, person: PersonRef | number, now = Date.now()) {
  const found = typeof person === 'number' ? await personToSignIn(db, person) : person;
  if (!found) throw new Error(`No account ${person} to sign in`);
  const id = randomToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await insertSession(db.people.at(found.peopleShard), { id, userId: found.id, expiresAt, now });
  const token = await signSessionToken(secret, {
    sessionId: id,
    userId: found.id,
    peopleShard: found.peopleShard,
    expiresAt,
    now,
  });
  return { id, token, expiresAt };
}

/**
 * The same session's token naming its person, their people shard and its row there, for a live session
 * whose token was signed before it did: it expires with the row, as the old one did, so nothing but the
 * claims changes.
 */
export async function tokenWithClaims(
  secret: string,
  session: { sessionId: string; user: SessionUser; expiresAt: Date },
  now = Date.now(),
) {
  const { sessionId, user, expiresAt } = session;
  return signSessionToken(secret, { sessionId, userId: user.id, peopleShard: user.peopleShard, expiresAt, now });
}

const isShard = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Tokens whose signature this isolate has verified, with their claims and expiry (seconds), under the
 * secret they verified with: a person's every request sends the same token, and checking its HMAC again
 * was a few percent of a list request's CPU. Only the signature is remembered; the expiry is checked
 * each time as jose checks it, and the session row is checked by every request as before. Bounded: the
 * oldest go first. An entry is about 410 bytes (bench/cache-bytes-workerd.mjs): 1,000 are 0.41 MB, this cache's share
 * of an isolate's budget (lib/isolate-cache-budget.ts), and more sessions than that in one isolate verify again.
 */
export const VERIFIED_TOKENS = 1_000;
const verified = {
  secret: '',
  tokens: new BoundedMap<string, { claims: SessionClaims; exp: number | undefined }>(VERIFIED_TOKENS),
};

/** How many verified tokens this isolate keeps now: for the test of its bound. */
export const verifiedTokenCount = () => verified.tokens.size;

/** The token's claims when its signature and expiry verify, else null (forged, tampered, expired). */
export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims | null> {
  if (verified.secret !== secret) verified.tokens.clear();
  verified.secret = secret;
  const known = verified.tokens.get(token);
  if (known) return known.exp === undefined || known.exp > Math.floor(Date.now() / 1000) ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: ['HS256'] });
    if (typeof payload.sid !== 'string') return null;
    const userId = Number(payload.sub);
    const person =
      Number.isSafeInteger(userId) && userId > 0 && isShard(payload.peopleShard)
        ? { userId, peopleShard: payload.peopleShard }
        : null;
    const claims = { sessionId: payload.sid, person, rowInPeople: person !== null && payload.rowInPeople === true };
    verified.tokens.set(token, { claims, exp: payload.exp });
    return claims;
  } catch {
    return null;
  }
}

/** A live session: its person (their users row, live: not being deleted) and, when asked for, their kept list. */
export type CheckedSession = {
  sessionId: string;
  user: SessionUser;
  expiresAt: Date;
  /**
   * What the check writes after it, when due: the row's last-seen time (older than TOUCH_INTERVAL_MS),
   * the users row's copy beside the session row (missing or past its time limit: db/users-row-copy.ts).
   */
  touch: Promise<void> | null;
  /** The reading list's row read with the session's (`withKeptList`), else undefined. */
  keptList?: string | null;
  /**
   * A session whose row was in the primary (its token signed before rows moved): now copied into the
   * person's people database, which its token must be re-signed to name (tokenWithClaims).
   */
  moved: boolean;
};

/**
 * The session row's check, on every request: its person while it is live (not logged out, revoked or
 * expired, nor its account being deleted). Where the token says the row is, with the person's users row
 * in the same round trip; `withKeptList`: their reading list's row in the same statement batch as the
 * session's (early-reads.ts). A row of the primary (an older token) is copied into the person's people
 * database before the answer, so the token re-signed to name it finds it.
 */
export async function checkSession(
  db: Db,
  claims: SessionClaims,
  now = Date.now(),
  { withKeptList = false } = {},
): Promise<CheckedSession | null> {
  const { sessionId, person } = claims;
  if (claims.rowInPeople && person) {
    const found = await findPersonsLiveSession(
      db,
      { id: person.userId, peopleShard: person.peopleShard },
      sessionId,
      now,
      {
        withKeptList,
      },
    );
    // The row was found where the signed token says, as that person's: a users row that names another
    // people shard (only a test moves one) changes nothing here; early-reads.ts uses a list read beside
    // the check only when the two agree.
    if (!found || found.user.deletingAt !== null) return null;
    const people = db.people.at(person.peopleShard);
    // After the response: the session's last-seen time now and then, and the users row's copy beside the
    // session row when the check had to read the row in the primary (db/users-row-copy.ts).
    const writes = [
      touchDue(found.session.lastSeenAt, now) ? touchSession(people, sessionId, now) : null,
      found.copyDue ? storeUsersRowCopy(db, found.user, now) : null,
    ].filter((write) => write !== null);
    return {
      sessionId,
      user: found.user,
      expiresAt: found.session.expiresAt,
      touch: writes.length > 0 ? Promise.all(writes).then(() => undefined) : null,
      ...(found.keptList !== undefined ? { keptList: found.keptList } : {}),
      moved: false,
    };
  }
  const row = await findLiveSession(db, sessionId, now);
  if (!row || row.user.deletingAt !== null) return null;
  const people = db.people.of(row.user);
  if (people.binding !== db.binding)
    await insertSession(people, {
      id: sessionId,
      userId: row.user.id,
      expiresAt: row.session.expiresAt,
      createdAt: row.session.createdAt,
      now,
    });
  return { sessionId, user: row.user, expiresAt: row.session.expiresAt, touch: null, moved: true };
}

const touchDue = (lastSeenAt: Date, now: number) => now - lastSeenAt.getTime() > TOUCH_INTERVAL_MS;

/** The token verified, then its row checked: the signed-in person, or null. */
export async function readSession(db: Db, secret: string, token: string, now = Date.now()) {
  const claims = await verifySessionToken(secret, token);
  return claims ? checkSession(db, claims, now) : null;
}
