// A read that goes ahead of its session's check (read-ahead.ts, db/read-gate.ts) shows what the check
// allows and nothing else: a 401 for a session that ended meanwhile, the fresh list for a row that changed,
// and no write for either.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../../schema';
import { createSession, SESSION_COOKIE } from '../auth/session';
import type { FeedItem } from '../contracts/feeds';
import { gatedD1, openGate } from '../db/read-gate';
import { md5Hex } from '../lib/crypto';
import { pinClock } from '../test/clock';
import { feedInShard, follow } from '../test/feeds';
import { fever } from '../test/fever';
import { contentsOf, greader, readerFor } from '../test/greader';
import { call, db } from '../test/helpers';
import { personIn } from '../test/people';
import { settleItemIds } from '../test/reader-apps';
import { counted } from '../test/round-trips';
import { claimsOf } from '../test/session-tokens';
import { KEPT_CHARACTERS, keptCharacterCount, remember, seenUnder } from './read-ahead';

/** 40 items a minute apart: a first window of time holds a whole page, so a page is one call. */
const HOURS = Array.from({ length: 40 }, (_, n) => (n + 1) / 60);

describe('a read that goes ahead of its session check', () => {
  it('answers 401 and shows nothing when the session ended after this isolate last saw it live', async () => {
    const person = await personIn(0, 'ended-ahead');
    await follow(call, person.cookie, await feedInShard(0, 'ended-ahead', HOURS));
    await call('/api/feed-items', { cookie: person.cookie });
    const ahead = await counted(person.cookie, '/api/feed-items');
    expect(ahead.roundTrips).toBe(1);

    // Signed out elsewhere: the row goes without a request on this session.
    await db.delete(sessions).where(eq(sessions.id, claimsOf(person.cookie).sid as string));
    const ended = await call('/api/feed-items', { cookie: person.cookie });
    expect(ended.status).toBe(401);
    const body = await ended.text();
    expect(body).not.toContain('ended-ahead');
    expect(JSON.parse(body)).toEqual({ message: 'Not signed in', code: 'UNAUTHORIZED' });
  });

  it('answers again on the fresh reading list when it changed through another session', async () => {
    const person = await personIn(0, 'changed-ahead');
    await follow(call, person.cookie, await feedInShard(0, 'first-feed', HOURS));
    await call('/api/feed-items', { cookie: person.cookie });
    expect((await counted(person.cookie, '/api/feed-items')).roundTrips).toBe(1);

    // The same person on another device follows a second feed.
    const other = await createSession(db, env.SESSION_SECRET, person.userId);
    await follow(call, `${SESSION_COOKIE}=${other.token}`, await feedInShard(0, 'second-feed', HOURS));

    const fresh = await counted(person.cookie, '/api/feed-items');
    const next = await counted(person.cookie, '/api/feed-items');
    const titles = (fresh.body as FeedItem[]).map((item) => item.title);
    expect(titles.some((title) => title.startsWith('second-feed'))).toBe(true);
    expect(titles.some((title) => title.startsWith('first-feed'))).toBe(true);
    // Went ahead, then answered again without: more calls than either alone.
    expect(fresh.calls.DB).toBeGreaterThan(next.calls.DB ?? 0);
    // And the next read goes ahead on the fresh row.
    expect(next.roundTrips).toBe(1);
    expect(next.body).toEqual(fresh.body);
  });
});

describe("a reader app's read that goes ahead of its token's check", () => {
  const readingList = 'user/-/state/com.google/reading-list';

  it('answers 401 with Google-Bad-Token and shows nothing once the app password is revoked', async () => {
    const person = await readerFor({ feeds: 1 });
    expect((await contentsOf(person.auth, readingList)).items.length).toBeGreaterThan(0);
    // Revoked on the account page: every token made from it ends, whatever this isolate saw.
    const revoked = await call(`/api/users/me/app-passwords/${person.appPasswordId}`, {
      cookie: person.cookie,
      method: 'DELETE',
    });
    expect(revoked.ok).toBe(true);
    const ended = await greader(`/reader/api/0/stream/contents/${encodeURIComponent(readingList)}?output=json`, {
      auth: person.auth,
    });
    expect(ended.status).toBe(401);
    expect(ended.headers.get('google-bad-token')).toBe('true');
    const body = await ended.text();
    expect(body).toBe('Unauthorized!');
  });

  it('answers again on the fresh reading list when a feed was followed on the web meanwhile', async () => {
    const person = await readerFor({ feeds: 1 });
    const before = await contentsOf(person.auth, readingList);
    expect(before.items.every((item) => item.title.includes('greader-0'))).toBe(true);
    await follow(call, person.cookie, await feedInShard(0, 'followed-later', HOURS));
    const after = await contentsOf(person.auth, readingList, '&n=100');
    const titles = after.items.map((item) => item.title);
    expect(titles.some((title) => title.startsWith('followed-later'))).toBe(true);
    expect(titles.some((title) => title.includes('greader-0'))).toBe(true);
  });
});

describe("a Fever call that goes ahead of its key's check", () => {
  type Items = { auth: number; items?: { title: string }[] };

  it('answers auth 0 with no items once the app password is revoked', async () => {
    // Pinned, so that settling ids (moving it on) ends with this test.
    pinClock(Date.now());
    const person = await readerFor({ feeds: 1 });
    const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
    await settleItemIds();
    expect((await fever<Items>(apiKey, 'items')).items?.length).toBeGreaterThan(0);
    await call(`/api/users/me/app-passwords/${person.appPasswordId}`, { cookie: person.cookie, method: 'DELETE' });
    const attempts = async () =>
      (await env.DB.prepare("select count from rate_limits where key = 'login:ip:local'").first<{ count: number }>())
        ?.count ?? 0;
    const before = await attempts();
    expect(await fever<Items>(apiKey, 'items')).toEqual({ api_version: 3, auth: 0 });
    // A key seen live is not counted while it is right, but is once its check finds it wrong.
    expect(await attempts()).toBe(before + 1);
  });

  it('answers again on the fresh reading list when a feed was followed on the web meanwhile', async () => {
    pinClock(Date.now());
    const person = await readerFor({ feeds: 1 });
    const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
    await settleItemIds();
    expect((await fever<Items>(apiKey, 'items')).items?.every((item) => item.title.includes('greader-0'))).toBe(true);
    await follow(call, person.cookie, await feedInShard(0, 'fever-later', HOURS));
    await settleItemIds();
    const titles = ((await fever<Items>(apiKey, 'items')).items ?? []).map((item) => item.title);
    expect(titles.some((title) => title.startsWith('fever-later'))).toBe(true);
  });
});

describe('the read gate', () => {
  // Tables of this file's own, dropped after it: the next file's setup empties the schema's tables only.
  afterAll(async () => {
    await env.DB.exec('drop table if exists gate_probe');
    await env.DB.exec('drop table if exists gate_refused');
  });
  it('sends reads at once and answers them after the verdict; holds writes until it', async () => {
    let open!: () => void;
    const gate = openGate(db);
    gate.verdict = new Promise<void>((resolve) => {
      open = resolve;
    });
    const gated = gatedD1(env.DB, gate, 'DB');
    await env.DB.exec('create table if not exists gate_probe (n integer)');
    let answered = false;
    const read = gated
      .prepare('select count(*) as n from gate_probe')
      .first<{ n: number }>()
      .then((row) => {
        answered = true;
        return row;
      });
    const write = gated.prepare('insert into gate_probe (n) values (1)').run();
    // Two calls that went out after the read have answered; the read waits for the verdict.
    await env.DB.prepare('select 1').first();
    await env.DB.prepare('select 1').first();
    expect(answered).toBe(false);
    // The write has not gone out: nothing is in the table yet.
    expect(await env.DB.prepare('select count(*) as n from gate_probe').first('n')).toBe(0);
    open();
    expect(await read).toEqual({ n: 0 });
    await write;
    expect(await env.DB.prepare('select count(*) as n from gate_probe').first('n')).toBe(1);
  });

  it('fails every held call with the verdict, and never writes', async () => {
    const gate = openGate(db);
    gate.verdict = Promise.reject(new Error('session ended'));
    gate.verdict.catch(() => undefined);
    const gated = gatedD1(env.DB, gate, 'DB');
    await env.DB.exec('create table if not exists gate_refused (n integer)');
    await expect(gated.prepare('select count(*) from gate_refused').first()).rejects.toThrow('session ended');
    await expect(gated.prepare('insert into gate_refused (n) values (1)').run()).rejects.toThrow('session ended');
    await expect(
      gated.batch([gated.prepare('insert into gate_refused (n) values (2)'), gated.prepare('select 1')]),
    ).rejects.toThrow('session ended');
    expect(await env.DB.prepare('select count(*) as n from gate_refused').first('n')).toBe(0);
  });
});

describe('what an isolate keeps to read ahead on', () => {
  it('stays within KEPT_CHARACTERS however many sessions pass, the latest seen kept', () => {
    const list = JSON.stringify({
      categories: [[1, 'Tech']],
      subscriptions: Array.from({ length: 50 }, (_, k) => [k + 1, `Simon Willison’s Weblog ${k}`, 1, 1, 0, 0, false]),
    });
    const user = (id: number) => ({ id, peopleShard: 0, readingList: list }) as Parameters<typeof remember>[1];
    const sessions = Math.ceil((2 * KEPT_CHARACTERS) / list.length);
    for (let n = 0; n < sessions; n++) {
      remember(`bound-${n}`, user(n + 1), n % 2 === 0 ? list : null);
      expect(keptCharacterCount()).toBeLessThanOrEqual(KEPT_CHARACTERS);
    }
    expect(keptCharacterCount()).toBeGreaterThan(KEPT_CHARACTERS / 2);
    expect(seenUnder(`bound-${sessions - 1}`)?.user.id).toBe(sessions);
    expect(seenUnder('bound-0')).toBeUndefined();
  });
});
