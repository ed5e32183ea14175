// Reader apps' credentials are checked in the person's people database, not the primary (issue 30): a
// Google Reader or Fever app polls all day, and each call read its app password joined to the users row
// in the primary (db/app-password-copies.ts). Counted per binding in the suite's configuration
// (PEOPLE_DATABASES "DB,PEOPLE_1", FEED_DATABASES "DB,FEEDS_1"): someone in PEOPLE_1 whose feeds are in
// FEEDS_1 makes no call on DB at all once signed in.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPasswordCopies, appPasswords, feverKeyDirectory } from '../../schema';
import { directoryHome } from '../db/app-password-copies';
import { rotateFeverKeys } from '../db/app-passwords';
import { md5Hex, sha256Hex } from '../lib/crypto';
import { pinClockForFile } from '../test/clock';
import { feedInShard, follow } from '../test/feeds';
import { greader } from '../test/greader';
import { call, db } from '../test/helpers';
import { HOUR, meteredReaderAppCall, personWithAppPassword, settleItemIds } from '../test/reader-apps';

pinClockForFile(Date.now() - HOUR);

const MINUTES = Array.from({ length: 10 }, (_, n) => (n + 1) / 60);
const READING_LIST = encodeURIComponent('user/-/state/com.google/reading-list');
const STREAM = `/api/greader/reader/api/0/stream/contents/${READING_LIST}?n=5&output=json`;

/** A reader app's call, counted per database, including what it does after the answer. */
async function countedApp(path: string, init: { auth?: string; form?: Record<string, string> } = {}) {
  const { response, metered } = await meteredReaderAppCall(path, init);
  return { response, calls: metered.calls() };
}

/** Someone in PEOPLE_1 following a feed in FEEDS_1, with an app password, its Fever key and a Google Reader token. */
async function appReader(label: string) {
  const person = await personWithAppPassword(label, 'News', 1);
  await follow(call, person.cookie, await feedInShard(1, label, MINUTES));
  await settleItemIds();
  const login = await greader('/accounts/ClientLogin', { form: { Email: person.email, Passwd: person.appPassword } });
  expect(login.status).toBe(200);
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  return { ...person, auth, apiKey: await md5Hex(`${person.email}:${person.appPassword}`) };
}

/** An Auth token as ClientLogin minted them before they named the person: "<id>/<expiry>/<HMAC>". */
async function tokenMintedBefore(appPasswordId: number, appPassword: string) {
  const expiresAt = Math.floor(Date.now() / 1000) + 86_400;
  const secretHash = await sha256Hex(appPassword);
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.SESSION_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign(
      'HMAC',
      key,
      new TextEncoder().encode(`greader:${appPasswordId}:${expiresAt}:${secretHash}`),
    ),
  );
  return `${appPasswordId}/${expiresAt}/${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const feverItems = (apiKey: string) => countedApp('/api/fever/?api&items', { form: { api_key: apiKey } });

describe('reader apps of someone in PEOPLE_1', () => {
  it('read nothing in the primary: a Google Reader stream and Fever items, first call and every one after', async () => {
    const reader = await appReader('off-primary');
    for (const round of [1, 2, 3]) {
      const stream = await countedApp(STREAM, { auth: reader.auth });
      expect(stream.response.status, `stream ${round}`).toBe(200);
      expect(((await stream.response.json()) as { items: unknown[] }).items, `stream ${round}`).toHaveLength(5);
      // Before: DB 1 a call (the app password joined to the users row), besides the reads in PEOPLE_1.
      expect(stream.calls.DB, `stream ${round}`).toBeUndefined();
      expect(stream.calls.PEOPLE_1, `stream ${round}`).toBeGreaterThan(0);

      const fever = await feverItems(reader.apiKey);
      expect(await fever.response.json(), `fever ${round}`).toMatchObject({ auth: 1, items: expect.any(Array) });
      // Before: the key's owner and the attempt's count (and its forgiving) in DB on every call.
      expect(fever.calls.DB, `fever ${round}`).toBeUndefined();
    }
  });

  it('refuses the very next call once the app password is revoked, whether the call reads ahead or not', async () => {
    const reader = await appReader('revoked');
    // Seen live twice: the next call reads ahead of its check (middleware/read-ahead.ts).
    for (let n = 0; n < 2; n++) {
      expect((await countedApp(STREAM, { auth: reader.auth })).response.status).toBe(200);
      expect(await (await feverItems(reader.apiKey)).response.json()).toMatchObject({ auth: 1 });
    }
    const revoked = await call(`/api/users/me/app-passwords/${reader.appPasswordId}`, {
      cookie: reader.cookie,
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);
    const stream = await countedApp(STREAM, { auth: reader.auth });
    expect(stream.response.status).toBe(401);
    expect(stream.response.headers.get('google-bad-token')).toBe('true');
    expect(await (await feverItems(reader.apiKey)).response.json()).toEqual({ api_version: 3, auth: 0 });
    // Nothing of it is left where the checks look: its copy and its Fever key's directory row.
    const keyHash = await sha256Hex(reader.apiKey);
    expect(
      await db.people.at(1).select().from(appPasswordCopies).where(eq(appPasswordCopies.userId, reader.userId)),
    ).toEqual([]);
    const home = directoryHome(db, keyHash);
    expect(home && (await home.select().from(feverKeyDirectory).where(eq(feverKeyDirectory.keyHash, keyHash)))).toEqual(
      [],
    );
  });

  it('refuses a token whose person or people shard was changed', async () => {
    const reader = await appReader('tampered');
    const [id, userId, shard, ...rest] = reader.auth.split('/');
    for (const forged of [
      [id, userId, '0', ...rest],
      [id, String(Number(userId) + 1), shard, ...rest],
      [String(Number(id) + 1), userId, shard, ...rest],
    ])
      expect((await countedApp(STREAM, { auth: forged.join('/') })).response.status).toBe(401);
    expect((await countedApp(STREAM, { auth: reader.auth })).response.status).toBe(200);
  });

  it('refuses, once its token was used, a forged signature, a stretched expiry and the token revoked', async () => {
    // The isolate remembers a token it checked (greader/auth.ts): only that very token, with the same app password.
    const reader = await appReader('checked-once');
    for (let round = 0; round < 2; round++)
      expect((await countedApp(STREAM, { auth: reader.auth })).response.status).toBe(200);
    const [id, userId, shard, expiry, mac = ''] = reader.auth.split('/');
    const otherMac = `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`;
    for (const forged of [
      [id, userId, shard, expiry, otherMac],
      [id, userId, shard, String(Number(expiry) + 86_400), mac],
    ])
      expect((await countedApp(STREAM, { auth: forged.join('/') })).response.status).toBe(401);
    await call(`/api/users/me/app-passwords/${reader.appPasswordId}`, { cookie: reader.cookie, method: 'DELETE' });
    expect((await countedApp(STREAM, { auth: reader.auth })).response.status).toBe(401);
  });

  it('keeps a token minted before tokens named the person working, checked in the primary, until revoked', async () => {
    const reader = await appReader('old-token');
    const old = await tokenMintedBefore(reader.appPasswordId, reader.appPassword);
    const stream = await countedApp(STREAM, { auth: old });
    expect(stream.response.status).toBe(200);
    expect(stream.calls.DB).toBeGreaterThan(0);
    await call(`/api/users/me/app-passwords/${reader.appPasswordId}`, { cookie: reader.cookie, method: 'DELETE' });
    expect((await countedApp(STREAM, { auth: old })).response.status).toBe(401);
  });

  it('copies an app password made before the copies on its first call, then reads nothing in the primary', async () => {
    const reader = await appReader('made-before');
    // An app password as the primary held them before: no copy, no directory row.
    const password = 'madebeforecopiesmadebeforecopies';
    const [row] = await db
      .insert(appPasswords)
      .values({
        userId: reader.userId,
        name: 'Old Fever app',
        secretHash: await sha256Hex(password),
        feverKeyHash: await sha256Hex(await md5Hex(`${reader.email}:${password}`)),
        createdAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('no row');
    const apiKey = await md5Hex(`${reader.email}:${password}`);
    const first = await feverItems(apiKey);
    expect(await first.response.json()).toMatchObject({ auth: 1 });
    expect(first.calls.DB).toBeGreaterThan(0);
    const [copy] = await db.people
      .at(1)
      .select()
      .from(appPasswordCopies)
      .where(and(eq(appPasswordCopies.id, row.id), eq(appPasswordCopies.userId, reader.userId)));
    expect(copy).toMatchObject({ secretHash: row.secretHash, feverKeyHash: row.feverKeyHash });
    const next = await feverItems(apiKey);
    expect(await next.response.json()).toMatchObject({ auth: 1 });
    expect(next.calls.DB).toBeUndefined();
    // Its Google Reader sign-in mints a token checked off the primary too.
    const login = await greader('/accounts/ClientLogin', { form: { Email: reader.email, Passwd: password } });
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
    expect(auth.split('/')).toHaveLength(5);
    expect((await countedApp(STREAM, { auth })).calls.DB).toBeUndefined();
  });

  it('retires the Fever key at once (as a change of email does), and the account page still says when an app was last used', async () => {
    const reader = await appReader('last-used');
    expect(await (await feverItems(reader.apiKey)).response.json()).toMatchObject({ auth: 1 });
    const listed = (await (await call('/api/users/me/app-passwords', { cookie: reader.cookie })).json()) as {
      lastUsedAt: string | null;
    }[];
    expect(listed[0]?.lastUsedAt).not.toBeNull();
    expect(await rotateFeverKeys(db, reader.userId)).toBe(1);
    expect(await (await feverItems(reader.apiKey)).response.json()).toEqual({ api_version: 3, auth: 0 });
    // Google Reader sends the email and the app password: it keeps working.
    expect((await countedApp(STREAM, { auth: reader.auth })).response.status).toBe(200);
  });
});
