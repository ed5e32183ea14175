// The story index as a ring of day databases (issue 24 at workload B, db/story-ring.ts), through the
// production path: STORY_DATABASES names the ring (here the test's STORIES_0 … STORIES_4, vitest.config.ts),
// and following a feed refreshes it, grouping its items. Feeds in both feed shards (DB and FEEDS_1) find
// a story started in the other shard from the database of the day it started, for its 72 hours and not
// after; and a day's database is emptied the day before its turn comes round again.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { fingerprintItem, storyKeys } from '../stories/grouping';
import { advanceClock, DAY_MS, HOUR_MS, pinClock } from '../test/clock';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';
import { createDb } from './client';
import { clockItemId, feedDatabaseNames, shardForUrl } from './shards';
import { type StoryIndex, storyIndexIn } from './story-index';
import { DROP_TABLE, dayOf, slotOf, storyDatabaseNames, storyIndexRing } from './story-ring';

declare module 'vitest' {
  interface TaskMeta {
    /** Bytes a story takes in a day's database of the ring and in the primary database's table. */
    storyBytes?: { ring: number; primary: number };
  }
}

const RING = storyDatabaseNames('STORIES_0..STORIES_4') ?? [];
const ringEnv = { ...env, STORY_DATABASES: 'STORIES_0..STORIES_4' } as typeof env;
const ringDb = (day: number) =>
  (env as unknown as Record<string, D1Database>)[RING[slotOf(day, RING.length)] ?? ''] as D1Database;
const db = createDb(env);

const RECALL = [
  'Acme recalls 1.2 million cars over faulty brake sensors',
  'Acme Motors is recalling 1.2 million sedans worldwide because a faulty brake sensor can delay emergency braking, the carmaker said on Monday. Owners will be contacted by dealers from next month.',
] as const;
const RECALL_AGAIN = [
  'Brake sensor fault forces Acme to recall 1.2m sedans',
  'Carmaker Acme Motors said on Monday it would recall 1.2 million sedans around the world after finding a faulty brake sensor that can delay emergency braking. Dealers will contact owners next month.',
] as const;
const RECALL_LATE = [
  'Acme recalling 1.2 million sedans for brake sensor fault',
  'Acme Motors is recalling 1.2 million sedans worldwide after a faulty brake sensor was found to delay emergency braking, the carmaker said. Dealers will contact owners from next month.',
] as const;
const PLANT = [
  'Acme opens battery plant in Ohio',
  'Acme Motors opened a battery factory near Columbus that will employ 900 people and supply cells for its electric pickup from next spring, the state governor said at the ribbon cutting.',
] as const;

const emptied = (d1: D1Database) => d1.batch(DROP_TABLE.map((statement) => d1.prepare(statement)));

/** The story ids a ring database holds (none when its table is not made yet). */
async function storiesIn(d1: D1Database): Promise<number[]> {
  try {
    const { results } = await d1.prepare('select rowid as id from story_day order by rowid').all<{ id: number }>();
    return results.map((row) => row.id);
  } catch (error) {
    if (/no such table/.test(String(error))) return [];
    throw error;
  }
}

/**
 * A new person following a feed of feed shard `shard` that carries this item, published now, through the
 * API with the ring configured: the follow's first refresh groups it. The item's id and story id.
 */
async function followInShard(shard: number, [title, description]: readonly [string, string]) {
  const shards = feedDatabaseNames(env.FEED_DATABASES).length;
  let name = uniqueName('ring');
  while (shardForUrl(`${env.FAKE_UPSTREAM_URL}/scripted/${name}`, shards) !== shard) name = uniqueName('ring');
  const url = await scriptFeed(name, {
    body: rss(name, [{ guid: `${name}-0`, title, description, pubDate: new Date() }]),
  });
  const { cookie } = await signUp();
  const added = await call('/api/feeds', {
    cookie,
    env: ringEnv,
    json: { url, name, categoryId: null, includeInAi: true },
  });
  expect(added.status).toBe(201);
  const feedId = ((await added.json()) as { id: number }).id;
  const [item] = (
    await db.shards
      .of(feedId)
      .$client.prepare('select id, story_id from items where feed_id = ?1')
      .bind(feedId)
      .all<{ id: number; story_id: number | null }>()
  ).results;
  if (!item) throw new Error('the feed stored no item');
  return { id: item.id, storyId: item.story_id ?? item.id };
}

describe('the story index as a ring of day databases', () => {
  beforeAll(async () => {
    // The ring's databases are the test's own and keep what a file before wrote: start them empty.
    await Promise.all(RING.map((name) => emptied((env as unknown as Record<string, D1Database>)[name] as D1Database)));
  });

  it('finds a story from its day’s database for its 72 hours, from feeds in every shard, and not after', async () => {
    pinClock('2026-07-01T10:00:00Z');
    const day = dayOf(Date.now());
    const first = await followInShard(0, RECALL);
    expect(first.storyId).toBe(first.id);
    // The story is in its day's database, not in the primary database's table nor another day's.
    expect(await storiesIn(ringDb(day))).toEqual([first.id]);
    expect(await env.DB.prepare('select rowid from story_index').all()).toMatchObject({ results: [] });

    // Two days later, a rewrite in the other feed shard joins it: found in the database of the day it started.
    advanceClock(2 * DAY_MS + 2 * HOUR_MS);
    const joined = await followInShard(1, RECALL_AGAIN);
    expect(joined.storyId).toBe(first.id);
    expect(await storiesIn(ringDb(dayOf(Date.now())))).toEqual([]);

    // Past its 72 hours, the same story told again starts a story of its own, in that day's database.
    advanceClock(HOUR_MS * 23);
    expect(Date.now() - Date.parse('2026-07-01T10:00:00Z')).toBeGreaterThan(72 * HOUR_MS);
    const late = await followInShard(1, RECALL_LATE);
    expect(late.storyId).toBe(late.id);
    expect(await storiesIn(ringDb(dayOf(Date.now())))).toEqual([late.id]);
    expect(await storiesIn(ringDb(day))).toEqual([first.id]);
  });

  it('empties a day’s database the day before its turn comes round, and keeps the days still in use', async () => {
    pinClock('2026-07-10T08:00:00Z');
    const day = dayOf(Date.now());
    const old = await followInShard(0, PLANT);
    expect(await storiesIn(ringDb(day))).toEqual([old.id]);
    // Four days on, the first story of the day readies tomorrow's database, which is this day's again
    // (a ring of five): what it holds is past every window, and is gone; the days between keep theirs.
    advanceClock(4 * DAY_MS);
    const today = await followInShard(1, RECALL);
    expect(slotOf(dayOf(Date.now()) + 1, RING.length)).toBe(slotOf(day, RING.length));
    expect(await storiesIn(ringDb(day))).toEqual([]);
    expect(await storiesIn(ringDb(dayOf(Date.now())))).toEqual([today.id]);
    // Tomorrow's first story goes into the emptied database.
    advanceClock(DAY_MS);
    const tomorrow = await followInShard(0, RECALL_AGAIN);
    expect(tomorrow.storyId).toBe(today.id);
    const next = await followInShard(1, PLANT);
    expect(await storiesIn(ringDb(dayOf(Date.now())))).toEqual([next.id]);
  });

  it('keeps a story in at most 1,100 bytes of its day’s database, so a day of workload B (6.3 M) fits in 10 GB', async ({
    task,
  }) => {
    pinClock('2026-07-20T08:00:00Z');
    const now = Date.now();
    const d1 = ringDb(dayOf(now));
    await emptied(d1);
    const ring = storyIndexRing(
      RING.map((name) => (env as unknown as Record<string, D1Database>)[name] as D1Database),
      'bytes',
    );
    // Stories as feeds bring them: a headline and a lead of 40 words drawn from a vocabulary of 5,000.
    const word = (n: number) => `w${((n * 2654435761) >>> 0) % 5000}`;
    const stories = Array.from({ length: 2000 }, (_, n) => {
      const first = fingerprintItem({
        feedId: 1 + (n % 300),
        at: now,
        published: now,
        title: Array.from({ length: 8 }, (_, k) => word(n * 100 + k)).join(' '),
        text: Array.from({ length: 40 }, (_, k) => word(n * 100 + 10 + k)).join(' '),
      });
      return { storyId: clockItemId(0, now) + n * 4096, keys: storyKeys(first), first };
    });
    /** Bytes a story takes in `database` when `index` keeps them there. */
    const bytesPerStory = async (database: D1Database, index: StoryIndex) => {
      const sizeOf = async () => (await database.prepare('select 1').run()).meta.size_after;
      await index.add(stories.slice(0, 1), now);
      const before = await sizeOf();
      for (let start = 1; start < stories.length; start += 250) await index.add(stories.slice(start, start + 250), now);
      return ((await sizeOf()) - before) / (stories.length - 1);
    };
    const perStory = await bytesPerStory(d1, ring);
    // The primary database's table (migration 0027: contentless, the signature as text), for A's arithmetic.
    const inPrimary = await bytesPerStory(env.DB, storyIndexIn(env.DB));
    expect(inPrimary).toBeLessThanOrEqual(1300);
    // For `npm run bench -- stories` (bench/stories.mjs: the ring's arithmetic at workloads A and B).
    task.meta.storyBytes = { ring: perStory, primary: inPrimary };
    expect(await storiesIn(d1)).toHaveLength(stories.length);
    expect(perStory).toBeGreaterThan(0);
    expect(perStory).toBeLessThanOrEqual(1100);
  });

  it('refuses a ring too small to hold the window and the day being emptied, or one that names DB', () => {
    expect(() => storyDatabaseNames('STORIES_0..STORIES_3')).toThrow(/at least 5/);
    expect(() => storyDatabaseNames('DB,STORIES_1..STORIES_4')).toThrow(/primary database/);
    expect(storyDatabaseNames(' ')).toBeNull();
    expect(storyDatabaseNames('STORIES_0..STORIES_4')).toEqual(RING);
  });
});
