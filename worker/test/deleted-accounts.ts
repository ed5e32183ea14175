// What the account deletion tests start from and check: Ada and Bo, who follow and star the same things,
// with Bo's rows in every kind of table of both people databases, his image in R2 and his customer at
// Stripe; and every row that names a person, in every table of every database.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deletedAccounts, emails, feeds, items, users, wordpressSites } from '../../schema';
import { createSession, SESSION_COOKIE } from '../auth/session';
import type { FeedItem } from '../contracts/feeds';
import type { Db } from '../db/client';
import { recordDeadJob } from '../db/dead-jobs';
import { peopleDatabaseNames } from '../db/people';
import { feedDatabaseNames } from '../db/shards';
import { copyUsersRow } from '../db/users-row-copy';
import { generationWithImage } from './ai';
import { feedInShard, follow } from './feeds';
import { greader } from './greader';
import { call, db, signUp, type TestPerson, uniqueEmail } from './helpers';
import { moveToPrimary } from './people';
import { personWithAppPassword } from './reader-apps';
import { stripeCustomer, uniqueCustomerId } from './stripe';

const bindings = [...new Set([...feedDatabaseNames(env.FEED_DATABASES), ...peopleDatabaseNames(env.PEOPLE_DATABASES)])];

/** Each database's tables with a user_id column: the schema does not change within a run. */
const tablesWithUserId = new Map<string, Promise<string[]>>();

function userTablesOf(binding: string, d1: D1Database) {
  let tables = tablesWithUserId.get(binding);
  if (!tables) {
    tables = d1
      .prepare(
        `select m.name from sqlite_master m join pragma_table_info(m.name) c
         where m.type = 'table' and c.name = 'user_id' and m.name not like '\\_cf\\_%' escape '\\'`,
      )
      .all<{ name: string }>()
      .then(({ results }) => results.map((table) => table.name));
    tablesWithUserId.set(binding, tables);
  }
  return tables;
}

/**
 * Every row that names the person, as "BINDING.table" → count: rows of any table with a user_id column,
 * their users row, mail sent to their address, dead jobs that carry their id, in every database. One
 * batch of counts per database.
 */
export async function rowsNaming(person: { userId: number; email: string }) {
  const found: Record<string, number> = {};
  for (const binding of bindings) {
    const d1 = (env as unknown as Record<string, D1Database>)[binding] as D1Database;
    const counts = [
      ...(await userTablesOf(binding, d1)).map((table) => [
        table,
        `select count(*) as n from "${table}" where user_id = ?1`,
      ]),
      ['users', 'select count(*) as n from users where id = ?1'],
      // The users row's copy beside the session rows (db/users-row-copy.ts).
      ['users_row_copies', 'select count(*) as n from users_row_copies where id = ?1'],
      // Mail to their address that names nobody else (a newcomer with the address has their own).
      ['emails to', 'select count(*) as n from emails where "to" = ?2 and (user_id is null or user_id = ?1)'],
      [
        'dead_jobs',
        `select count(*) as n from dead_jobs where case when json_valid(body) then json_extract(body, '$.userId') end = ?1`,
      ],
    ] as const;
    // D1 wants exactly the parameters a statement names.
    const statements = counts.map(([, query]) =>
      query.includes('?2')
        ? d1.prepare(query).bind(person.userId, person.email)
        : d1.prepare(query).bind(person.userId),
    );
    const results = await d1.batch<{ n: number }>(statements);
    counts.forEach(([table], index) => {
      const n = results[index]?.results[0]?.n ?? 0;
      if (n > 0) found[`${binding}.${table}`] = (found[`${binding}.${table}`] ?? 0) + n;
    });
  }
  return found;
}

/** The Stripe customer the person's tombstone still names: null once deleted there, undefined with no tombstone. */
export async function tombstoneCustomerOf(person: { userId: number }) {
  const [tombstone] = await db
    .select({ stripeCustomerId: deletedAccounts.stripeCustomerId })
    .from(deletedAccounts)
    .where(eq(deletedAccounts.userId, person.userId));
  return tombstone?.stripeCustomerId;
}

/** A person in the primary people database (who signed up before there were people shards). */
export async function personInPrimary() {
  const person = await signUp(uniqueEmail('ada'));
  await moveToPrimary(person.userId);
  // A new session, in the primary: a token names the people shard that holds its row (db/sessions.ts),
  // and a person's shard never changes outside tests.
  const session = await createSession(db, env.SESSION_SECRET, { id: person.userId, peopleShard: 0 });
  return { ...person, cookie: `${SESSION_COOKIE}=${session.token}` };
}

export const itemsOf = async (cookie: string, query: string) => {
  const response = await call(`/api/feed-items?${query}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as FeedItem[];
};

export const starCountOf = async (handle: Db, itemId: number) => {
  const [row] = await handle.shards
    .of(itemId)
    .select({ starCount: items.starCount })
    .from(items)
    .where(eq(items.id, itemId));
  return row?.starCount;
};

/** What each Bo of a file shares with Ada: she, the feed they both follow and its newest item, which she starred and read. */
type AdasWorld = { file: string; ada: TestPerson; sharedUrl: string; shared: number; starred: FeedItem };
let adasWorld: AdasWorld | undefined;

/**
 * Ada, in the primary database, following `shared` (feed shard 0), its newest item starred and read: made
 * by a file's first adaAndBo and kept for the next while only her star counts on the item (every Bo
 * before is gone, as the deletion tests leave him); else, or in another file, made anew. No test changes
 * her (expectBoGoneAndAdaIntact checks every row of hers), so each test builds only its Bo: some 30 D1
 * calls a test fewer.
 */
async function adasWorldOfThisFile(): Promise<AdasWorld> {
  const file = expect.getState().testPath ?? '';
  if (adasWorld?.file === file && (await starCountOf(db, adasWorld.starred.id)) === 1) return adasWorld;
  const ada = await personInPrimary();
  const sharedUrl = await feedInShard(0, 'shared', [1, 2, 3]);
  const shared = await follow(call, ada.cookie, sharedUrl);
  const [starred] = await itemsOf(ada.cookie, `feedId=${shared}&limit=1`);
  if (!starred) throw new Error('no item');
  const marked = await call(`/api/feed-items/${starred.id}`, {
    cookie: ada.cookie,
    method: 'PATCH',
    json: { isStarred: true, isRead: true },
  });
  expect(marked.status).toBe(200);
  adasWorld = { file, ada, sharedUrl, shared, starred };
  return adasWorld;
}

/**
 * Ada, in the primary database, and Bo, in PEOPLE_1 (where everyone who signs up now goes), both follow
 * `shared` (feed shard 0) and star its newest item; Bo also follows a feed nobody else does (feed shard 1),
 * reads an item, has a category, an app password, a generated image in R2, a WordPress site, preferences,
 * mail, a dead job naming him and a customer at Stripe (he paid for Pro once). A new Bo each time; Ada and
 * `shared` are the file's (adasWorldOfThisFile).
 */
export async function adaAndBo() {
  const { ada, sharedUrl, shared, starred } = await adasWorldOfThisFile();
  const bo = await personWithAppPassword('Reeder', 'Gone soon');
  // His sign-up mail, as the development outbox keeps it (a seeded person got none).
  await db.insert(emails).values({
    userId: bo.userId,
    to: bo.email,
    subject: 'Set your Feedloom password',
    kind: 'password_setup',
    status: 'sent',
    transport: 'outbox',
    createdAt: new Date(),
  });
  expect((await db.select().from(users).where(eq(users.id, bo.userId)))[0]?.peopleShard).toBe(1);
  expect(await follow(call, bo.cookie, sharedUrl)).toBe(shared);
  const bosOwn = await follow(call, bo.cookie, await feedInShard(1, 'bo-only', [4, 5]));
  const [newest] = await itemsOf(bo.cookie, `feedId=${shared}&limit=1`);
  expect(newest?.id).toBe(starred.id);
  const marked = await call(`/api/feed-items/${starred.id}`, {
    cookie: bo.cookie,
    method: 'PATCH',
    json: { isStarred: true, isRead: true },
  });
  expect(marked.status).toBe(200);
  expect(await starCountOf(db, starred.id)).toBe(2);
  expect((await call('/api/preferences', { cookie: bo.cookie })).status).toBe(200);

  const imageKey = await generationWithImage(bo.userId);
  const customerId = uniqueCustomerId();
  await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, bo.userId));
  await copyUsersRow(db, bo.userId);
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
    // Sessions live in the person's people database (db/sessions.ts).
    'PEOPLE_1.sessions',
    'PEOPLE_1.users_row_copies',
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
  return { ada, bo: { ...bo, customerId }, shared, bosOwn, starred, imageKey, adasRows: await rowsNaming(ada) };
}

export type People = Awaited<ReturnType<typeof adaAndBo>>;

/**
 * Nothing of Bo anywhere but his tombstone (his id, kept for the cleanup to sweep his people database
 * again until no late write can land: checked on its own by the tests), which no longer names his Stripe
 * customer, the customer deleted at Stripe (when `stripe`: this server has Stripe keys and Stripe did
 * delete it), his lone feed no longer fetched, and Ada's reading as it was.
 */
export async function expectBoGoneAndAdaIntact(people: People, { stripe = true } = {}) {
  const { ada, bo, shared, bosOwn, starred, imageKey, adasRows } = people;
  const { 'DB.deleted_accounts': _tombstone, ...left } = await rowsNaming(bo);
  expect(left).toEqual({});
  expect(await tombstoneCustomerOf(bo)).not.toBe(bo.customerId);
  if (stripe)
    expect(await stripeCustomer(bo.customerId)).toEqual({ id: bo.customerId, object: 'customer', deleted: true });
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
export async function expectBoLockedOut(bo: People['bo']) {
  expect((await call('/api/users/me', { cookie: bo.cookie })).status).toBe(401);
  const login = await call('/api/auth/login', { json: { username: bo.email, password: bo.password } });
  expect(login.status).toBe(401);
  const reader = await greader('/accounts/ClientLogin', { form: { Email: bo.email, Passwd: bo.appPassword } });
  expect(reader.status).toBe(401);
}
