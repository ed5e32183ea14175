// A read mark that goes out with its session's check (issue 30: read-ahead.ts, db/read-gate.ts `guard`):
// one round trip where it was two (a far reader waited for a near check, then a far write), and still
// nothing written for a session that has ended: the mark's batch carries the live session row's check in
// SQL, so D1 rolls it back, and the answer is a 401.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../schema';
import { createSession, SESSION_COOKIE } from '../auth/session';
import type { FeedItem } from '../contracts/feeds';
import { gatedD1, openGate } from '../db/read-gate';
import { feedInShard, follow } from '../test/feeds';
import { call, db } from '../test/helpers';
import { meteredEnv } from '../test/metered-env';
import { personIn } from '../test/people';
import { counted } from '../test/round-trips';
import { claimsOf } from '../test/session-tokens';

/** 40 items a minute apart: a first window of time holds a whole page, so a page is one call. */
const HOURS = Array.from({ length: 40 }, (_, n) => (n + 1) / 60);

async function readerWithPage(shard: number, label: string) {
  const person = await personIn(shard, label);
  await follow(call, person.cookie, await feedInShard(shard, label, HOURS));
  const page = (await (await call('/api/feed-items', { cookie: person.cookie })).json()) as FeedItem[];
  return { person, page };
}

async function isRead(cookie: string, itemId: number) {
  const item = (await (await call(`/api/feed-items/${itemId}`, { cookie })).json()) as FeedItem;
  return item.isRead;
}

describe('a read mark that goes out with its session check', () => {
  for (const shard of [0, 1])
    it(`is written in the check's round trip, for someone in people shard ${shard}`, async () => {
      const { person, page } = await readerWithPage(shard, `mark-ahead-${shard}`);
      const [first, second] = page;
      if (!first || !second) throw new Error('no items');
      const marked = await counted(person.cookie, `/api/feed-items/${first.id}`, {
        method: 'PATCH',
        json: { isRead: true },
      });
      expect(marked.body).toEqual({ id: first.id, isRead: true });
      // Shard 0: the check and the mark's batch at once (two before). PEOPLE_1: the check and the item's
      // feed and position in its shard at once, then the mark's batch (three before).
      expect(marked.roundTrips).toBe(shard === 0 ? 1 : 2);
      // The next mark goes ahead too (a mark leaves what the session's reads go ahead on as it was).
      const again = await counted(person.cookie, `/api/feed-items/${second.id}`, {
        method: 'PATCH',
        json: { isRead: true, isStarred: true },
      });
      expect(again.body).toEqual({ id: second.id, isRead: true, isStarred: true });
      expect(await isRead(person.cookie, first.id)).toBe(true);
      expect(await isRead(person.cookie, second.id)).toBe(true);
    });

  it('changes nothing after signing out, and answers 401', async () => {
    const { person, page } = await readerWithPage(0, 'signed-out');
    const item = page[0];
    if (!item) throw new Error('no items');
    const device = await createSession(db, env.SESSION_SECRET, person.userId);
    expect((await call('/api/auth/logout', { cookie: person.cookie, method: 'POST' })).status).toBeLessThan(300);
    const refused = await call(`/api/feed-items/${item.id}`, {
      cookie: person.cookie,
      method: 'PATCH',
      json: { isRead: true },
    });
    expect(refused.status).toBe(401);
    expect(await isRead(`${SESSION_COOKIE}=${device.token}`, item.id)).toBe(false);
  });

  for (const shard of [0, 1])
    it(`changes nothing for a session ended elsewhere, which this isolate had seen live (people shard ${shard})`, async () => {
      const { person, page } = await readerWithPage(shard, `ended-elsewhere-${shard}`);
      const item = page[0];
      if (!item) throw new Error('no items');
      // Signed out on another device, which this isolate did not see: the mark goes ahead of its check.
      await person.db.delete(sessions).where(eq(sessions.id, claimsOf(person.cookie).sid as string));
      const metered = meteredEnv();
      const refused = await call(`/api/feed-items/${item.id}`, {
        cookie: person.cookie,
        method: 'PATCH',
        json: { isRead: true, isStarred: true },
        env: metered.env,
      });
      expect(refused.status).toBe(401);
      // In shard 0 the mark's batch went out with the check, and its guard rolled it back; in PEOPLE_1 it
      // waits for the item's feed and position, which the ended session's verdict refuses first.
      expect(metered.calls()).toEqual(shard === 0 ? { DB: 2 } : { PEOPLE_1: 1, FEEDS_1: 1 });
      const device = `${SESSION_COOKIE}=${(await createSession(db, env.SESSION_SECRET, person.userId)).token}`;
      expect(await isRead(device, item.id)).toBe(false);
      const starred = (await (await call('/api/feed-items?filter=starred', { cookie: device })).json()) as FeedItem[];
      expect(starred).toEqual([]);
    });
});

describe("the read gate's guard", () => {
  it('sends a batch of writes to the session row database at once, and rolls it back unless the row is live', async () => {
    const person = await personIn(0, 'guarded');
    const sessionId = claimsOf(person.cookie).sid as string;
    await env.DB.exec('create table if not exists guard_probe (n integer)');
    const count = async (n: number) =>
      env.DB.prepare('select count(*) as n from guard_probe where n = ?').bind(n).first('n');

    for (const [n, guardedSession] of [
      [1, sessionId],
      [2, 'no-such-session'],
    ] as const) {
      let open!: (ok: boolean) => void;
      const gate = openGate(db);
      gate.verdict = new Promise<void>((resolve, reject) => {
        open = (ok) => (ok ? resolve() : reject(new Error('the session has ended')));
      });
      gate.verdict.catch(() => undefined);
      gate.guard = { binding: 'DB', sessionId: guardedSession, userId: person.userId, now: Date.now() };
      const gated = gatedD1(env.DB, gate, 'DB');
      const batch = gated.batch([gated.prepare('insert into guard_probe (n) values (?)').bind(n)]);
      batch.catch(() => undefined);
      // Out before the verdict: a live session's write is there already; an ended one's never is.
      await env.DB.prepare('select 1').first();
      await env.DB.prepare('select 1').first();
      expect(await count(n)).toBe(n === 1 ? 1 : 0);
      // Another database's writes wait for the verdict, as before.
      const elsewhere = gatedD1(env.DB, gate, 'FEEDS_1');
      const held = elsewhere.batch([elsewhere.prepare('insert into guard_probe (n) values (?)').bind(n + 10)]);
      held.catch(() => undefined);
      await env.DB.prepare('select 1').first();
      expect(await count(n + 10)).toBe(0);
      open(n === 1);
      if (n === 1) {
        expect(await batch).toHaveLength(1);
        await held;
        expect(await count(n + 10)).toBe(1);
      } else {
        await expect(batch).rejects.toThrow('the session has ended');
        await expect(held).rejects.toThrow('the session has ended');
        expect(await count(n + 10)).toBe(0);
      }
    }
    expect(await count(2)).toBe(0);
    await env.DB.exec('drop table guard_probe');
  });
});
