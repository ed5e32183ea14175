// The session token names its person and their people database, so that a list page or the sidebar
// reads the person's reading list at the same time as the session row (middleware/early-reads.ts).
// What must not change with it: tokens signed before the claims, or before session rows moved into the
// people databases (db/sessions.ts), still work and are handed the new claims; a forged or expired token
// is refused before any database is asked; a session row that is gone (logout, password change, expiry)
// refuses the request and shows nothing; and a token whose claims name someone else than its session
// row's person shows nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../schema';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { feedInShard, follow } from '../test/feeds';
import { call, db } from '../test/helpers';
import { meteredEnv } from '../test/metered-env';
import { personIn } from '../test/people';
import { claimsOf, sessionFromBefore, signedCookie } from '../test/session-tokens';

const HOURS = Array.from({ length: 5 }, (_, n) => n + 1);
const NOT_SIGNED_IN = { message: 'Not signed in', code: 'UNAUTHORIZED' };

/** The request with every D1 call counted and timed (worker/test/metered-env.ts). */
async function metered(cookie: string, path: string) {
  const env = meteredEnv();
  const response = await call(path, { cookie, env: env.env });
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    calls: env.calls(),
    roundTrips: env.roundTrips(),
    /** Whether anything waited for the primary: the session row of an older token, or the users row. */
    readPrimary: env.calls().DB !== undefined,
  };
}

/** Someone in people shard `shard` following one feed of their own, named `label`. */
async function reader(shard: number, label: string) {
  const person = await personIn(shard, label);
  await follow(call, person.cookie, await feedInShard(1, label, HOURS));
  return person;
}

const titlesOf = (body: unknown) => (body as FeedItem[]).map((item) => item.title.split(' ')[0]);
const sidebarFeedsOf = (body: unknown) =>
  (body as CategoryWithFeeds[]).flatMap((group) => group.feeds.map((feed) => feed.id));

describe('the session token', () => {
  it('names the person and the people database holding their reading state, which the list reads beside the session', async () => {
    const person = await reader(1, 'claimed');
    expect(claimsOf(person.cookie)).toMatchObject({ sub: String(person.userId), peopleShard: 1, rowInPeople: true });
    const page = await metered(person.cookie, '/api/feed-items');
    expect(page.status).toBe(200);
    expect(titlesOf(page.body)).toEqual(HOURS.map(() => 'claimed'));
    // The session row, the users row's copy and the reading list in one call (PEOPLE_1); the feed's
    // window (FEEDS_1); the marks of the rows shown (PEOPLE_1): three round trips, four with the list
    // read after the session, and nothing in the primary.
    expect(page.calls).toEqual({ FEEDS_1: 1, PEOPLE_1: 2 });
    expect(page.roundTrips).toBe(3);
  });

  it('signed before the claims still signs in, and reads the reading list after the session as before', async () => {
    const person = await reader(1, 'legacy');
    const older = await sessionFromBefore(person);
    expect(claimsOf(older.cookie)).not.toHaveProperty('peopleShard');

    const now = await metered(person.cookie, '/api/feed-items');
    const before = await metered(older.cookie, '/api/feed-items');
    expect(before.status).toBe(200);
    expect(before.body).toEqual(now.body);
    expect(before.readPrimary).toBe(true);
    // The session row in the primary, then copied into PEOPLE_1 (db/sessions.ts), then the reading list.
    expect(before.roundTrips).toBe(now.roundTrips + 2);

    const sidebar = await metered(older.cookie, '/api/categories/with-feeds');
    expect(sidebar.status).toBe(200);
    expect(sidebarFeedsOf(sidebar.body)).toHaveLength(1);
    expect((await call('/api/users/me', { cookie: older.cookie })).status).toBe(200);
  });

  for (const claims of ['only its id and person', 'its people shard too'] as const)
    it(`signed before its row moved into the people database (${claims}) is handed the same session there, so the next list reads beside it`, async () => {
      const person = await reader(1, 'handed');
      const older = await sessionFromBefore(person, claims === 'its people shard too' ? 1 : undefined);

      const answer = await call('/api/feed-items', { cookie: older.cookie });
      expect(answer.status).toBe(200);
      const handed = answer.headers.get('set-cookie')?.split(';')[0] ?? '';
      // The same session, person and expiry, with the people shard and the row there.
      expect(claimsOf(handed)).toMatchObject({
        sid: older.sid,
        sub: String(person.userId),
        exp: older.exp,
        peopleShard: 1,
        rowInPeople: true,
      });
      expect(answer.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      expect(await person.db.select().from(sessions).where(eq(sessions.id, older.sid))).toHaveLength(1);
      const next = await metered(handed, '/api/feed-items');
      expect(next.status).toBe(200);
      // Its check no longer reads a session row in the primary, nor (with the users row's copy beside
      // the session row) anything there; the reading list comes in the same call.
      expect(next.calls).toEqual({ FEEDS_1: 1, PEOPLE_1: 2 });
      expect(next.roundTrips).toBe(3);
      // A token that has the claims is left as it is.
      expect((await call('/api/feed-items', { cookie: handed })).headers.get('set-cookie')).toBeNull();
      // The older token, still in flight somewhere, still works until its session ends.
      expect((await call('/api/users/me', { cookie: older.cookie })).status).toBe(200);
    });

  it('signed before its row moved gets nothing new once its session has ended, in both places', async () => {
    const person = await reader(1, 'ended');
    const older = await sessionFromBefore(person, 1);
    const handed = (await call('/api/users/me', { cookie: older.cookie })).headers.get('set-cookie')?.split(';')[0];
    expect((await call('/api/auth/logout', { cookie: handed, method: 'POST' })).status).toBeLessThan(300);
    const answer = await call('/api/feed-items', { cookie: older.cookie });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.id, older.sid))).toEqual([]);
    expect(await person.db.select().from(sessions).where(eq(sessions.id, older.sid))).toEqual([]);
  });
});

describe('a token that is not a live session', () => {
  it('forged or expired, answers 401 as before, without asking any database', async () => {
    const person = await reader(1, 'refused');
    const claims = claimsOf(person.cookie);
    const forged = await signedCookie(claims, 'not-the-session-secret-0123456789');
    const expired = await signedCookie({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 });
    // The claims rewritten under the signature the app made for the original ones.
    const [header, , signature] = person.cookie.slice(person.cookie.indexOf('=') + 1).split('.');
    const rewritten = btoa(JSON.stringify({ ...claims, sub: '1' })).replace(/=+$/, '');
    const tampered = `feedloom_session=${header}.${rewritten.replace(/\+/g, '-').replace(/\//g, '_')}.${signature}`;
    for (const cookie of [forged, expired, tampered]) {
      for (const path of ['/api/feed-items', '/api/categories/with-feeds', '/api/feed-items?filter=starred']) {
        const refused = await metered(cookie, path);
        expect(refused, path).toMatchObject({ status: 401, body: NOT_SIGNED_IN, calls: {} });
      }
    }
  });

  it('whose session row is gone or expired answers 401 and nothing of the reading list read beside it', async () => {
    const loggedOut = await reader(1, 'logged-out');
    expect((await call('/api/auth/logout', { method: 'POST', cookie: loggedOut.cookie })).status).toBe(200);
    const lapsed = await reader(1, 'lapsed');
    const { sid } = claimsOf(lapsed.cookie);
    // The row is in the person's people database (db/sessions.ts).
    await lapsed.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, String(sid)));
    for (const cookie of [loggedOut.cookie, lapsed.cookie]) {
      for (const path of ['/api/feed-items', '/api/categories/with-feeds', '/api/feed-items?filter=starred']) {
        const refused = await metered(cookie, path);
        // The reading list may have been read beside the session row; the answer says nothing of it.
        expect(refused, path).toMatchObject({ status: 401, body: NOT_SIGNED_IN });
      }
    }
  });
});

describe("a token whose claims name someone else than its session's person", () => {
  for (const shard of [1, 0]) {
    it(`is refused, showing neither person's list (they in people shard ${shard})`, async () => {
      const other = await reader(1, 'other');
      const person = await reader(shard, 'own');
      // Signed with the app's secret, as only a bug or a leaked secret could: the row still decides, and
      // it is looked for as the other person's, in their people database, where it is not.
      const crossed = await signedCookie({ ...claimsOf(person.cookie), sub: String(other.userId), peopleShard: 1 });
      for (const path of ['/api/feed-items', '/api/categories/with-feeds']) {
        const refused = await metered(crossed, path);
        expect(refused, path).toMatchObject({ status: 401, body: NOT_SIGNED_IN });
      }
      expect((await metered(person.cookie, '/api/feed-items')).status).toBe(200);
      expect((await metered(other.cookie, '/api/feed-items')).status).toBe(200);
    });
  }
});
