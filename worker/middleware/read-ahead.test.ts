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
import { feedInShard, follow } from '../test/feeds';
import { call, db } from '../test/helpers';
import { personIn } from '../test/people';
import { counted } from '../test/round-trips';
import { claimsOf } from '../test/session-tokens';

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
    const gated = gatedD1(env.DB, gate);
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
    const gated = gatedD1(env.DB, gate);
    await env.DB.exec('create table if not exists gate_refused (n integer)');
    await expect(gated.prepare('select count(*) from gate_refused').first()).rejects.toThrow('session ended');
    await expect(gated.prepare('insert into gate_refused (n) values (1)').run()).rejects.toThrow('session ended');
    await expect(
      gated.batch([gated.prepare('insert into gate_refused (n) values (2)'), gated.prepare('select 1')]),
    ).rejects.toThrow('session ended');
    expect(await env.DB.prepare('select count(*) as n from gate_refused').first('n')).toBe(0);
  });
});
