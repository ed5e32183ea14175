// The development tools: the outbox (sent mail listed in development, 404 anywhere else) and the
// benchmark's hooks.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, sessions } from '../../schema';
import { unpackHex } from '../../schema/packed-text';
import { meteredD1, newMeter } from '../db/metered-d1';
import { peopleDbOfUser } from '../db/users';
import { personWithFeed } from '../test/ai';
import { call, db, signUp, uniqueEmail } from '../test/helpers';
import { meteredEnv } from '../test/metered-env';
import { counted, readerOfOneFeed } from '../test/round-trips';
import { claimsOf } from '../test/session-tokens';

/** Each query on `path` is refused with a 400 whose message names the field. */
async function expectRefused(path: string, cases: [query: string, message: string][]) {
  for (const [query, message] of cases) {
    const refused = await call(`${path}${query}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message, code: 'BAD_REQUEST' });
  }
}

describe('dev outbox', () => {
  it('lists sent emails newest first in development', async () => {
    const email = uniqueEmail();
    await call('/api/auth/register', { json: { name: 'Outbox Reader', email } });
    const outbox = (await (await call('/api/dev/outbox')).json()) as { to: string; subject: string; html: string }[];
    expect(outbox[0]).toMatchObject({ to: email, subject: 'Set your Feedloom password' });
    expect(outbox[0]?.html).toContain('/auth/password-setup?token=');
  });

  it('answers 404 outside development', async () => {
    const previous = env.ENVIRONMENT;
    env.ENVIRONMENT = 'production';
    try {
      expect((await call('/api/dev/outbox')).status).toBe(404);
    } finally {
      env.ENVIRONMENT = previous;
    }
  });
});

describe('dev bench hooks', () => {
  it('rebuild the reading list of a person whose rows a benchmark seeded with SQL, so the sidebar says what the rows say', async () => {
    const { cookie, userId } = await signUp();
    const categoryNames = async () =>
      ((await (await call('/api/categories/with-feeds', { cookie })).json()) as { name: string }[]).map(
        (group) => group.name,
      );
    const before = await categoryNames();
    // A seed writes the row beside the app: the copy the sidebar reads does not know it yet.
    const mine = await peopleDbOfUser(db, userId);
    await mine.insert(categories).values({ userId, name: 'Seeded', createdAt: new Date() });
    expect(await categoryNames()).toEqual(before);

    const rebuilt = await call('/api/dev/bench/reading-lists', { json: { userIds: [userId] } });
    expect(rebuilt.status).toBe(200);
    expect(await categoryNames()).toEqual(expect.arrayContaining([...before, 'Seeded']));
  });

  it('make one D1 call for the floor probe, with no session, beside health which makes none', async () => {
    const probe = meteredEnv();
    expect((await call('/api/dev/bench/d1-floor', { env: probe.env })).status).toBe(200);
    expect(probe.calls()).toEqual({ DB: 1 });
    const health = meteredEnv();
    expect((await call('/api/health', { env: health.env })).status).toBe(200);
    expect(health.calls()).toEqual({});
  });

  it('make the floor probe one call of several statements, or several calls, to split what a D1 call costs', async () => {
    const metered = (query: string) => {
      const meter = newMeter();
      const probed = { ...env, DB: meteredD1(env.DB, meter) } as Env;
      return call(`/api/dev/bench/d1-floor${query}`, { env: probed }).then((response) => {
        expect(response.status).toBe(200);
        return { calls: meter.calls, statements: meter.statements };
      });
    };
    expect(await metered('?statements=3')).toEqual({ calls: 1, statements: 3 });
    expect(await metered('?calls=2')).toEqual({ calls: 2, statements: 2 });
    await expectRefused('/api/dev/bench/d1-floor', [
      ['?statements=11', 'statements must be a whole number from 1 to 10'],
      ['?calls=abc', 'calls must be a whole number from 1 to 10'],
    ]);
  });

  it('read a page of items as the list reads them, bodies deflated as hex, in one D1 call and no session (the page floor)', async () => {
    const body = `<p>${'A long body that a feed repeats, so that it is stored deflated. '.repeat(12)}</p>`;
    const { items } = await personWithFeed([
      { guid: 'long', title: 'Long body', description: body },
      { guid: 'short', title: 'Short body', description: 'Short.' },
    ]);
    const ids = items.map((item) => item.id).sort((a, b) => a - b);
    const probe = meteredEnv();
    const response = await call(`/api/dev/bench/page-floor?from=${ids[0]}&to=${ids.at(-1)}`, { env: probe.env });
    // One call, to the feed shard that holds the items.
    expect(Object.values(probe.calls())).toEqual([1]);
    const rows = (await response.json()) as { id: number; title: string; content: string; content_packed: number }[];
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(ids);
    const long = rows.find((row) => row.title === 'Long body');
    expect(long?.content_packed).toBe(1);
    expect(unpackHex(long?.content ?? '')).toBe(body);
    expect(rows.find((row) => row.title === 'Short body')).toMatchObject({ content: 'Short.', content_packed: 0 });
  });

  it('refuse a page floor range that is not whole numbers, naming the field', async () => {
    await expectRefused('/api/dev/bench/page-floor', [
      ['?from=abc&to=2', 'from must be a whole number'],
      ['?from=1&to=2.5', 'to must be a whole number'],
    ]);
  });

  it("read the page floor signed in with the session's check in the same one D1 call, and refuse it once the session has ended", async () => {
    const { person, newest, second } = await readerOfOneFeed('page-floor', [1 / 60, 2 / 60, 3 / 60]);
    const [from, to] = [newest.id, second.id].sort((a, b) => a - b);
    const path = `/api/dev/bench/page-floor?from=${from}&to=${to}`;
    // The first request of a session in an isolate checks it first (read-ahead.ts); the next go ahead.
    await call(path, { cookie: person.cookie });
    const signedIn = await counted(person.cookie, path);
    expect(signedIn.calls).toEqual({ DB: 1 });
    expect(signedIn.roundTrips).toBe(1);
    expect((signedIn.body as { id: number }[]).map((row) => row.id).sort((a, b) => a - b)).toEqual([from, to]);

    // Ended elsewhere (another device signed it out): this isolate still goes ahead, and the check refuses.
    await db.delete(sessions).where(eq(sessions.id, claimsOf(person.cookie).sid as string));
    const ended = await call(path, { cookie: person.cookie });
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({ message: 'Not signed in', code: 'UNAUTHORIZED' });
  });
});
