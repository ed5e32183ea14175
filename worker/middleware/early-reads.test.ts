// The session token names its person and their people database, so that a list page or the sidebar
// reads the person's reading list at the same time as the session row (middleware/early-reads.ts).
// What must not change with it: tokens signed before the claims still work; a forged or expired token
// is refused before any database is asked; a session row that is gone (logout, password change, expiry)
// refuses the request and shows nothing; and a token whose claims name someone else shows only the
// list of the person its session row names.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../schema';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { feedInShard, follow } from '../test/feeds';
import { call, db } from '../test/helpers';
import { firstCallsOverlap, meteredEnv } from '../test/metered-env';
import { personIn } from '../test/people';
import { claimsOf, signedCookie } from '../test/session-tokens';

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
    readAlongsideSession: firstCallsOverlap(env.timeline(), 'DB', 'PEOPLE_1'),
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
    expect(claimsOf(person.cookie)).toMatchObject({ sub: String(person.userId), peopleShard: 1 });
    const page = await metered(person.cookie, '/api/feed-items');
    expect(page.status).toBe(200);
    expect(titlesOf(page.body)).toEqual(HOURS.map(() => 'claimed'));
    expect(page.readAlongsideSession).toBe(true);
  });

  it('signed before the claims still signs in, and reads the reading list after the session as before', async () => {
    const person = await reader(1, 'legacy');
    const { peopleShard: _, ...older } = claimsOf(person.cookie);
    const legacy = await signedCookie(older);
    expect(claimsOf(legacy)).not.toHaveProperty('peopleShard');

    const now = await metered(person.cookie, '/api/feed-items');
    const before = await metered(legacy, '/api/feed-items');
    expect(before.status).toBe(200);
    expect(before.body).toEqual(now.body);
    expect(before.readAlongsideSession).toBe(false);
    expect(before.roundTrips).toBe(now.roundTrips + 1);

    const sidebar = await metered(legacy, '/api/categories/with-feeds');
    expect(sidebar.status).toBe(200);
    expect(sidebar.roundTrips).toBe(3);
    expect(sidebarFeedsOf(sidebar.body)).toHaveLength(1);
    expect((await call('/api/users/me', { cookie: legacy })).status).toBe(200);
  });

  it('signed before the claims is handed the same session with them, so the next list reads beside the session', async () => {
    const person = await reader(1, 'handed');
    const { peopleShard: _, ...older } = claimsOf(person.cookie);
    const legacy = await signedCookie(older);

    const answer = await call('/api/feed-items', { cookie: legacy });
    expect(answer.status).toBe(200);
    const handed = answer.headers.get('set-cookie')?.split(';')[0] ?? '';
    // The same session, person and expiry, with the people shard.
    expect(claimsOf(handed)).toMatchObject({ sid: older.sid, sub: older.sub, exp: older.exp, peopleShard: 1 });
    expect(answer.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const next = await metered(handed, '/api/feed-items');
    expect(next.status).toBe(200);
    expect(next.readAlongsideSession).toBe(true);
    // A token that has the claims is left as it is.
    expect((await call('/api/feed-items', { cookie: handed })).headers.get('set-cookie')).toBeNull();
  });

  it('signed before the claims gets nothing new once its session has ended', async () => {
    const person = await reader(1, 'ended');
    const { peopleShard: _, ...older } = claimsOf(person.cookie);
    const legacy = await signedCookie(older);
    expect((await call('/api/auth/logout', { cookie: person.cookie, method: 'POST' })).status).toBeLessThan(300);
    const answer = await call('/api/feed-items', { cookie: legacy });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('set-cookie')).toBeNull();
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
    await db
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
    it(`shows only the list of the person its session row names (they in people shard ${shard})`, async () => {
      const other = await reader(1, 'other');
      const person = await reader(shard, 'own');
      // Signed with the app's secret, as only a bug or a leaked secret could: the row still decides.
      const crossed = await signedCookie({ ...claimsOf(person.cookie), sub: String(other.userId), peopleShard: 1 });
      const page = await metered(crossed, '/api/feed-items');
      expect(page.status).toBe(200);
      expect(titlesOf(page.body)).toEqual(HOURS.map(() => 'own'));
      // The other person's list was read beside the session, and dropped: theirs is not this session.
      expect(page.readAlongsideSession).toBe(true);

      const own = await metered(person.cookie, '/api/categories/with-feeds');
      const sidebar = await metered(crossed, '/api/categories/with-feeds');
      expect(sidebar.status).toBe(200);
      expect(sidebarFeedsOf(sidebar.body)).toEqual(sidebarFeedsOf(own.body));
      expect(sidebarFeedsOf(sidebar.body)).toHaveLength(1);
    });
  }
});
