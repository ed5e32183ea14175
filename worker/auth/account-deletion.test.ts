// Deleting an account whose rows span databases (the suite runs with DB and PEOPLE_1 as people databases
// and DB and FEEDS_1 as feed shards): what is left of the person afterwards, in every table of every
// database and in R2, is nothing, however the deletion went: straight through the API, or stopped after
// any step (as a Worker that died there would be) and finished by the daily cleanup. Someone else who
// follows and starred the same things keeps all of theirs.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds, items, users, wordpressSites } from '../../schema';
import type { FeedItem } from '../contracts/feeds';
import { findOrCreateCategory } from '../db/categories';
import type { Db } from '../db/client';
import { recordDeadJob } from '../db/dead-jobs';
import { subscribe, upsertFeed } from '../db/feeds';
import { peopleDatabaseNames } from '../db/people';
import { feedDatabaseNames } from '../db/shards';
import { setItemStarred } from '../db/stars';
import { createServices } from '../services';
import { deliver, generationWithImage } from '../test/ai';
import { advanceClock, DAY_MS, pinClock } from '../test/clock';
import { feedInShard, follow } from '../test/feeds';
import { greader } from '../test/greader';
import { call, db, signUp, uniqueEmail } from '../test/helpers';
import { personWithAppPassword } from '../test/reader-apps';
import { type DeletionStep, deleteAccount, TOMBSTONE_KEPT_MS } from './account-deletion';

const bindings = [...new Set([...feedDatabaseNames(env.FEED_DATABASES), ...peopleDatabaseNames(env.PEOPLE_DATABASES)])];

/**
 * Every row that names the person, as "BINDING.table" → count: rows of any table with a user_id column,
 * their users row, mail sent to their address, dead jobs that carry their id, in every database.
 */
async function rowsNaming(person: { userId: number; email: string }) {
  const found: Record<string, number> = {};
  for (const binding of bindings) {
    const d1 = (env as unknown as Record<string, D1Database>)[binding] as D1Database;
    const { results: tables } = await d1
      .prepare(
        `select m.name from sqlite_master m join pragma_table_info(m.name) c
         where m.type = 'table' and c.name = 'user_id' and m.name not like '\\_cf\\_%' escape '\\'`,
      )
      .all<{ name: string }>();
    const counts = [
      ...tables.map((table) => [table.name, `select count(*) as n from "${table.name}" where user_id = ?1`]),
      ['users', 'select count(*) as n from users where id = ?1'],
      // Mail to their address that names nobody else (a newcomer with the address has their own).
      ['emails to', 'select count(*) as n from emails where "to" = ?2 and (user_id is null or user_id = ?1)'],
      [
        'dead_jobs',
        `select count(*) as n from dead_jobs where case when json_valid(body) then json_extract(body, '$.userId') end = ?1`,
      ],
    ];
    for (const [table, query] of counts) {
      const statement = d1.prepare(query as string);
      // D1 wants exactly the parameters a statement names.
      const bound = query?.includes('?2') ? statement.bind(person.userId, person.email) : statement.bind(person.userId);
      const row = await bound.first<{ n: number }>();
      if (row && row.n > 0) found[`${binding}.${table}`] = (found[`${binding}.${table}`] ?? 0) + row.n;
    }
  }
  return found;
}

/** A person in the primary people database (who signed up before there were people shards). */
async function personInPrimary() {
  const person = await signUp(uniqueEmail('ada'));
  await db.update(users).set({ peopleShard: 0 }).where(eq(users.id, person.userId));
  return person;
}

const itemsOf = async (cookie: string, query: string) => {
  const response = await call(`/api/feed-items?${query}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as FeedItem[];
};

const starCountOf = async (handle: Db, itemId: number) => {
  const [row] = await handle.shards
    .of(itemId)
    .select({ starCount: items.starCount })
    .from(items)
    .where(eq(items.id, itemId));
  return row?.starCount;
};

/**
 * Ada, in the primary database, and Bo, in PEOPLE_1 (where everyone who signs up now goes), both follow
 * `shared` (feed shard 0) and star its newest item; Bo also follows a feed nobody else does (feed shard 1),
 * reads an item, has a category, an app password, a generated image in R2, a WordPress site, preferences,
 * mail and a dead job naming him.
 */
async function adaAndBo() {
  const ada = await personInPrimary();
  const bo = await personWithAppPassword('Reeder', 'Gone soon');
  expect((await db.select().from(users).where(eq(users.id, bo.userId)))[0]?.peopleShard).toBe(1);
  const sharedUrl = await feedInShard(0, 'shared', [1, 2, 3]);
  const shared = await follow(call, ada.cookie, sharedUrl);
  expect(await follow(call, bo.cookie, sharedUrl)).toBe(shared);
  const bosOwn = await follow(call, bo.cookie, await feedInShard(1, 'bo-only', [4, 5]));
  const [starred] = await itemsOf(bo.cookie, `feedId=${shared}&limit=1`);
  if (!starred) throw new Error('no item');
  for (const person of [ada, bo]) {
    const marked = await call(`/api/feed-items/${starred.id}`, {
      cookie: person.cookie,
      method: 'PATCH',
      json: { isStarred: true, isRead: true },
    });
    expect(marked.status).toBe(200);
  }
  expect(await starCountOf(db, starred.id)).toBe(2);
  expect((await call('/api/preferences', { cookie: bo.cookie })).status).toBe(200);

  const imageKey = await generationWithImage(bo.userId);
  await db.insert(wordpressSites).values({
    userId: bo.userId,
    name: 'Blog',
    url: 'https://blog.example.com',
    username: 'bo',
    appPassword: 'ciphertext',
    createdAt: new Date(),
  });
  await recordDeadJob(db, {
    messageId: `dead-${bo.userId}`,
    body: { type: 'send-digest', userId: bo.userId, period: '2026-11-24T09:00' },
    attempts: 5,
  });

  const bosRows = await rowsNaming(bo);
  // What there is to delete, in each database it lives in.
  for (const where of [
    'DB.users',
    'DB.sessions',
    'DB.app_passwords',
    'DB.ai_generations',
    'DB.wordpress_sites',
    'DB.preferences',
    'DB.credit_ledger',
    'DB.emails',
    'DB.emails to',
    'DB.dead_jobs',
    'PEOPLE_1.subscriptions',
    'PEOPLE_1.categories',
    'PEOPLE_1.stars',
    'PEOPLE_1.reading_lists',
  ])
    expect(bosRows, where).toHaveProperty([where]);
  return { ada, bo, shared, bosOwn, starred, imageKey, adasRows: await rowsNaming(ada) };
}

type People = Awaited<ReturnType<typeof adaAndBo>>;

/**
 * Nothing of Bo anywhere but his tombstone (his id, kept for the cleanup to sweep his people database
 * again until no late write can land: checked on its own below), his lone feed no longer fetched, and
 * Ada's reading as it was.
 */
async function expectBoGoneAndAdaIntact({ ada, bo, shared, bosOwn, starred, imageKey, adasRows }: People) {
  const { 'DB.deleted_accounts': _tombstone, ...left } = await rowsNaming(bo);
  expect(left).toEqual({});
  expect(await env.IMAGES.get(imageKey)).toBeNull();
  expect(await db.shards.of(bosOwn).select().from(feeds).where(eq(feeds.id, bosOwn))).toEqual([]);
  expect(await db.shards.of(shared).select().from(feeds).where(eq(feeds.id, shared))).toHaveLength(1);
  // Ada's star still counts, so retention keeps the item for her.
  expect(await starCountOf(db, starred.id)).toBe(1);
  expect(await rowsNaming(ada)).toEqual(adasRows);
  expect((await itemsOf(ada.cookie, 'filter=starred')).map((item) => item.id)).toEqual([starred.id]);
  expect((await itemsOf(ada.cookie, `feedId=${shared}`)).map((item) => item.isRead)).toEqual([true, false, false]);
}

/** Bo can no longer get in: not with his session, his password, nor his app password. */
async function expectBoLockedOut(bo: People['bo']) {
  expect((await call('/api/users/me', { cookie: bo.cookie })).status).toBe(401);
  const login = await call('/api/auth/login', { json: { username: bo.email, password: bo.password } });
  expect(login.status).toBe(401);
  const reader = await greader('/accounts/ClientLogin', { form: { Email: bo.email, Passwd: bo.appPassword } });
  expect(reader.status).toBe(401);
}

describe('deleting an account across databases', () => {
  it('leaves no row of a person in PEOPLE_1 in any database, nor their image, and they cannot sign in', async () => {
    const people = await adaAndBo();
    const { bo } = people;
    const response = await call('/api/users/me', { cookie: bo.cookie, method: 'DELETE', json: { confirm: bo.email } });
    expect(response.status).toBe(204);
    await expectBoLockedOut(bo);
    await expectBoGoneAndAdaIntact(people);
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });
  });

  const steps: DeletionStep[] = ['marked', 'reading-state-deleted', 'images-deleted'];
  it.each(steps)('finishes, in the daily cleanup, a deletion stopped once %s', async (step) => {
    const people = await adaAndBo();
    const { bo } = people;
    const services = createServices(env);
    const stopped = deleteAccount(services, bo.userId, {
      afterStep: (reached) => {
        if (reached === step) throw new Error(`The Worker stopped once ${reached}`);
      },
    });
    await expect(stopped).rejects.toThrow('The Worker stopped');
    // Half-deleted, but already out of reach; his address is free for someone new.
    await expectBoLockedOut(bo);
    expect((await rowsNaming(bo))['DB.users']).toBe(1);
    const again = await signUp(bo.email);
    expect(again.userId).not.toBe(bo.userId);

    const outcome = await deliver([{ type: 'cleanup' }]);
    expect(outcome.explicitAcks).toHaveLength(1);
    await expectBoGoneAndAdaIntact(people);
    // A deletion the cleanup finished leaves its tombstone too.
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });
    // The newcomer with his old address has nothing of his.
    expect(await itemsOf(again.cookie, '')).toEqual([]);
  });

  it('finishes a deletion whose first attempt failed in the second database when it is sent again', async () => {
    const people = await adaAndBo();
    const services = createServices(env);
    const failOnce = deleteAccount(services, people.bo.userId, {
      afterStep: (reached) => {
        if (reached === 'reading-state-deleted') throw new Error('D1_ERROR: Network connection lost');
      },
    });
    await expect(failOnce).rejects.toThrow('Network connection lost');
    expect(await deleteAccount(services, people.bo.userId)).toBe(true);
    await expectBoGoneAndAdaIntact(people);
    expect(await deleteAccount(services, people.bo.userId)).toBe(false);
  });

  it('leaves the accounts nobody is deleting alone in the cleanup', async () => {
    const { ada, bo, adasRows } = await adaAndBo();
    const bosRows = await rowsNaming(bo);
    const outcome = await deliver([{ type: 'cleanup' }]);
    expect(outcome.explicitAcks).toHaveLength(1);
    expect(await rowsNaming(bo)).toEqual(bosRows);
    expect(await rowsNaming(ada)).toEqual(adasRows);
    expect((await call('/api/users/me', { cookie: bo.cookie })).status).toBe(200);
  });
});

// Last in the file: it moves the clock a day on, and item ids follow the clock (db/shards.ts).
describe('a write in flight when the deletion began', () => {
  /**
   * What an OPML import chunk already running, or a request past its session check, writes in Bo's people
   * database: a category, a feed nobody else follows and `shared` again, and a star on Ada's starred item.
   */
  async function lateWrite(people: People, label: string) {
    const { bo, shared, starred } = people;
    const services = createServices(env);
    const bosDb = services.db.people.of({ peopleShard: 1 });
    const category = await findOrCreateCategory(bosDb, bo.userId, `Late ${label}`);
    const url = await feedInShard(1, `late-${label}`, [1]);
    const lone = await upsertFeed(services.db, { url, title: label, siteUrl: null, description: null });
    for (const feedId of [lone.id, shared])
      await subscribe(bosDb, bo.userId, 'free', { feedId, name: label, categoryId: category.id, includeInAi: true });
    await setItemStarred(bosDb, bo.userId, starred.id, true);
    expect(await starCountOf(db, starred.id)).toBe(2);
    const left = await rowsNaming(bo);
    for (const where of ['PEOPLE_1.subscriptions', 'PEOPLE_1.categories', 'PEOPLE_1.stars'])
      expect(left, where).toHaveProperty([where]);
    return lone.id;
  }

  const feedExists = async (feedId: number) =>
    (await db.shards.of(feedId).select().from(feeds).where(eq(feeds.id, feedId))).length === 1;

  it('is swept by the next cleanups, and the tombstone goes once no such write can still land', async () => {
    pinClock(Date.now());
    const people = await adaAndBo();
    const { bo } = people;
    const response = await call('/api/users/me', { cookie: bo.cookie, method: 'DELETE', json: { confirm: bo.email } });
    expect(response.status).toBe(204);

    advanceClock(60_000);
    const firstLone = await lateWrite(people, 'first');
    advanceClock(60_000);
    expect((await deliver([{ type: 'cleanup' }])).explicitAcks).toHaveLength(1);
    await expectBoGoneAndAdaIntact(people);
    expect(await feedExists(firstLone)).toBe(false);
    // Too young to drop: a write in flight may still land.
    expect(await rowsNaming(bo)).toEqual({ 'DB.deleted_accounts': 1 });

    // The slowest such write, near the end of a consumer's wall time; the next day's cleanup.
    advanceClock(12 * 60_000);
    const secondLone = await lateWrite(people, 'second');
    advanceClock(DAY_MS);
    expect(DAY_MS).toBeGreaterThan(TOMBSTONE_KEPT_MS);
    expect((await deliver([{ type: 'cleanup' }])).explicitAcks).toHaveLength(1);
    await expectBoGoneAndAdaIntact(people);
    expect(await feedExists(secondLone)).toBe(false);
    expect(await rowsNaming(bo)).toEqual({});
  });
});
