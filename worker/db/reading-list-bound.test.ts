// The reading list copy rides on the users row (read by the session on every request) only while it is
// small (reading-list.ts ON_USERS_ROW_MAX_BYTES); a larger one lives in `reading_lists`. Through the API,
// as the SPA calls it, for people in the primary people database (people shard 0, where the users row is
// beside their rows): what they see is right whichever side the copy is on, every change moves it to the
// side its size says, and a read mark's session carries no large copy.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../schema';
import { readSession, SESSION_COOKIE } from '../auth/session';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { addFeed, createCategory, feedInShard } from '../test/feeds';
import { call, db } from '../test/helpers';
import { listPage } from '../test/item-pages';
import { personIn } from '../test/people';
import { listCategoriesWithFeeds } from './categories';
import { createDb } from './client';
import { meteredD1, newMeter } from './metered-d1';
import { ON_USERS_ROW_MAX_BYTES } from './reading-list';
import { copyUsersRow } from './users-row-copy';

/** A Pro person whose reading state is in the primary database, beside their users row (people shard 0). */
async function personBesideTheirUsersRow() {
  const person = await personIn(0, 'beside');
  await db.update(users).set({ plan: 'pro' }).where(eq(users.id, person.userId));
  await copyUsersRow(db, person.userId);
  return person;
}

/** Where the person's copy is: its bytes on the users row and in `reading_lists` (null: none there). */
async function whereCopyIs(userId: number) {
  const bytes = 'length(cast(? as blob))';
  const row = await env.DB.prepare(
    `select ${bytes.replace('?', 'reading_list')} as onUsersRow,
       (select ${bytes.replace('?', 'list')} from reading_lists where user_id = users.id) as inReadingLists
     from users where id = ?`,
  )
    .bind(userId)
    .first<{ onUsersRow: number | null; inReadingLists: number | null }>();
  if (!row) throw new Error(`no users row ${userId}`);
  return row;
}

/** Rows read by the person's first page of My Feed and by their sidebar, given their users row as the session reads it. */
async function rowsRead(userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no users row ${userId}`);
  const page = newMeter();
  const query = { filter: 'all', sort: 'newest', dateFilter: 'none', limit: 30, readingList: row.readingList } as const;
  await listPage(createDb(env, (d1) => meteredD1(d1, page)).people.of(row), userId, 'UTC', query);
  const sidebar = newMeter();
  await listCategoriesWithFeeds(createDb(env, (d1) => meteredD1(d1, sidebar)).people.of(row), userId, row.readingList);
  return { page: page.rowsRead, sidebar: sidebar.rowsRead };
}

async function get<T>(cookie: string, path: string) {
  const response = await call(path, { cookie });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The sidebar as the person sees it: each category's feeds as "name (unread)", by category name. */
async function sidebar(cookie: string) {
  const groups = await get<CategoryWithFeeds[]>(cookie, '/api/categories/with-feeds');
  return Object.fromEntries(
    groups.map((group) => [group.name, group.feeds.map((feed) => `${feed.name} (${feed.unreadCount})`).sort()]),
  );
}

/** Each item of a page as "source: title". */
async function page(cookie: string, query = '') {
  const items = await get<FeedItem[]>(cookie, `/api/feed-items?${query}`);
  return items.map((item) => `${item.source}: ${item.title}`);
}

async function followNew(cookie: string, shard: number, name: string, hours: number[], categoryId: number | null) {
  const response = await addFeed(cookie, await feedInShard(shard, name, hours), { name, categoryId });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function patchFeed(cookie: string, feedId: number, json: Record<string, unknown>) {
  const response = await call(`/api/feeds/${feedId}`, { method: 'PATCH', cookie, json });
  expect(response.status).toBe(200);
}

describe('a reading list over the users row bound', () => {
  it('shows the right items, counts and categories through follow, rename, move, unfollow and a read mark', async () => {
    const { cookie, userId } = await personBesideTheirUsersRow();
    // 45 feeds followed under long names (up to the 200 characters a name may have) in "Archive", written
    // straight into the database (feeds nobody posts to: they show, unread 0), with no copy built yet.
    const now = Date.now();
    const archive = await createCategory(cookie, 'Archive');
    const quiet = Array.from({ length: 45 }, (_, i) => ({ id: 900_000 + i, name: `Quiet ${i} `.padEnd(180, '~') }));
    await env.DB.batch([
      ...quiet.map((feed) =>
        env.DB.prepare('insert into feeds (id, url, next_fetch_at, created_at) values (?, ?, ?, ?)').bind(
          feed.id,
          `https://quiet.example/${userId}/${feed.id}`,
          now,
          now,
        ),
      ),
      ...quiet.map((feed) =>
        env.DB.prepare(
          'insert into subscriptions (user_id, feed_id, name, category_id, created_at) values (?, ?, ?, ?, ?)',
        ).bind(userId, feed.id, feed.name, archive, now),
      ),
      env.DB.prepare('update users set reading_list = null where id = ?').bind(userId),
    ]);
    const news = await createCategory(cookie, 'News');
    const alpha = await followNew(cookie, 0, 'Alpha', [1, 3], news);
    const beta = await followNew(cookie, 1, 'Beta', [2, 4], null);

    const where = await whereCopyIs(userId);
    expect(where.onUsersRow).toBeNull();
    expect(where.inReadingLists).toBeGreaterThan(ON_USERS_ROW_MAX_BYTES);
    const archived = quiet.map((feed) => `${feed.name} (0)`).sort();
    expect(await sidebar(cookie)).toEqual({ Archive: archived, News: ['Alpha (2)'], General: ['Beta (2)'] });
    expect(await page(cookie)).toEqual([
      'Alpha: Alpha 1h zeppelin',
      'Beta: Beta 2h zeppelin',
      'Alpha: Alpha 3h zeppelin',
      'Beta: Beta 4h zeppelin',
    ]);
    expect(await page(cookie, `categoryId=${news}`)).toEqual(['Alpha: Alpha 1h zeppelin', 'Alpha: Alpha 3h zeppelin']);

    // Beta renamed and moved into News, Alpha moved out of it.
    await patchFeed(cookie, beta, { name: 'Bravo', categoryId: news });
    await patchFeed(cookie, alpha, { categoryId: null });
    expect(await sidebar(cookie)).toEqual({ Archive: archived, News: ['Bravo (2)'], General: ['Alpha (2)'] });
    expect(await page(cookie, `categoryId=${news}`)).toEqual(['Bravo: Beta 2h zeppelin', 'Bravo: Beta 4h zeppelin']);

    // Alpha unfollowed: gone from the pages and the sidebar.
    expect((await call(`/api/feeds/${alpha}`, { method: 'DELETE', cookie })).status).toBe(200);
    expect(await page(cookie)).toEqual(['Bravo: Beta 2h zeppelin', 'Bravo: Beta 4h zeppelin']);

    // A read mark: its session read the users row without the copy, a few hundred bytes.
    const [first] = await get<FeedItem[]>(cookie, '/api/feed-items');
    if (!first) throw new Error('no item');
    const mark = await call(`/api/feed-items/${first.id}`, { method: 'PATCH', cookie, json: { isRead: true } });
    expect(mark.status).toBe(200);
    const session = await readSession(db, env.SESSION_SECRET, cookie.replace(`${SESSION_COOKIE}=`, ''));
    expect(session?.user.readingList).toBeNull();
    expect(JSON.stringify(session?.user).length).toBeLessThan(1024);
    expect(await sidebar(cookie)).toEqual({ Archive: archived, News: ['Bravo (1)'] });
    expect(await page(cookie, 'filter=unread')).toEqual(['Bravo: Beta 4h zeppelin']);
    expect((await whereCopyIs(userId)).onUsersRow).toBeNull();
  });

  it('moves the copy to reading_lists when a change takes it past the bound, and back when one brings it under', async () => {
    const { cookie, userId } = await personBesideTheirUsersRow();
    const news = await createCategory(cookie, 'News');
    const alpha = await followNew(cookie, 0, 'Alpha', [1, 3], news);
    const beta = await followNew(cookie, 1, 'Beta', [2, 4], null);
    const small = await whereCopyIs(userId);
    expect(small).toEqual({ onUsersRow: expect.any(Number), inReadingLists: null });

    // Categories with the longest names allowed until the copy is within reach of the bound: what one
    // 100-character category adds is measured, then that many more are written straight in, and a
    // rename to the same name rebuilds the copy.
    const filler = (i: number) => `Shelf ${i} `.padEnd(100, '-');
    await createCategory(cookie, filler(0));
    const perCategory = ((await whereCopyIs(userId)).onUsersRow ?? 0) - (small.onUsersRow ?? 0);
    const more = Math.floor(
      (ON_USERS_ROW_MAX_BYTES - 150 - ((await whereCopyIs(userId)).onUsersRow ?? 0)) / perCategory,
    );
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: more }, (_, i) =>
        env.DB.prepare('insert into categories (user_id, name, created_at) values (?, ?, ?)').bind(
          userId,
          filler(i + 1),
          now,
        ),
      ),
    );
    await patchFeed(cookie, beta, { name: 'Beta' });
    const near = (await whereCopyIs(userId)).onUsersRow ?? 0;
    expect(near).toBeGreaterThan(ON_USERS_ROW_MAX_BYTES - 150 - perCategory);
    expect(near).toBeLessThanOrEqual(ON_USERS_ROW_MAX_BYTES);
    const shelves = Object.fromEntries(Array.from({ length: more + 1 }, (_, i) => [filler(i), []]));
    expect(await sidebar(cookie)).toEqual({ ...shelves, News: ['Alpha (2)'], General: ['Beta (2)'] });
    const onTheRow = await rowsRead(userId);

    // Past the bound: a long name for Beta.
    const longName = 'Beta, '.padEnd(ON_USERS_ROW_MAX_BYTES - near + 20, 'β').slice(0, 200);
    await patchFeed(cookie, beta, { name: longName });
    let where = await whereCopyIs(userId);
    expect(where.onUsersRow).toBeNull();
    expect(where.inReadingLists).toBeGreaterThan(ON_USERS_ROW_MAX_BYTES);
    expect(await sidebar(cookie)).toEqual({ ...shelves, News: ['Alpha (2)'], General: [`${longName} (2)`] });
    expect(await page(cookie)).toEqual([
      'Alpha: Alpha 1h zeppelin',
      `${longName}: Beta 2h zeppelin`,
      'Alpha: Alpha 3h zeppelin',
      `${longName}: Beta 4h zeppelin`,
    ]);

    // Past the bound, a page and the sidebar read one row more: the copy's.
    expect(await rowsRead(userId)).toEqual({ page: onTheRow.page + 1, sidebar: onTheRow.sidebar + 1 });

    // Still past it, a change elsewhere in the list shows at once: the copy in reading_lists was rebuilt.
    await patchFeed(cookie, alpha, { name: 'Alpha, renamed' });
    expect(await page(cookie, `categoryId=${news}`)).toEqual([
      'Alpha, renamed: Alpha 1h zeppelin',
      'Alpha, renamed: Alpha 3h zeppelin',
    ]);

    // Under it again: the copy is back on the users row and reading_lists holds none for them.
    await patchFeed(cookie, beta, { name: 'Beta' });
    where = await whereCopyIs(userId);
    expect(where).toEqual({ onUsersRow: expect.any(Number), inReadingLists: null });
    expect(where.onUsersRow).toBeLessThanOrEqual(ON_USERS_ROW_MAX_BYTES);
    expect(await sidebar(cookie)).toEqual({ ...shelves, News: ['Alpha, renamed (2)'], General: ['Beta (2)'] });

    // Past it by new categories, one at a time; under it again by deleting the last; the pages follow.
    const added: number[] = [];
    while ((await whereCopyIs(userId)).onUsersRow !== null) {
      added.push(await createCategory(cookie, filler(more + 1 + added.length)));
    }
    const last = added.at(-1) as number;
    expect((await whereCopyIs(userId)).inReadingLists).toBeGreaterThan(ON_USERS_ROW_MAX_BYTES);
    await patchFeed(cookie, beta, { categoryId: last });
    expect(await page(cookie, `categoryId=${last}`)).toEqual(['Beta: Beta 2h zeppelin', 'Beta: Beta 4h zeppelin']);
    expect((await call(`/api/categories/${last}`, { method: 'DELETE', cookie })).status).toBe(200);
    expect(await page(cookie, `categoryId=${last}`)).toEqual([]);
    where = await whereCopyIs(userId);
    expect(where).toEqual({ onUsersRow: expect.any(Number), inReadingLists: null });
    const kept = Object.fromEntries(added.slice(0, -1).map((_, i) => [filler(more + 1 + i), []]));
    expect(await sidebar(cookie)).toEqual({
      ...shelves,
      ...kept,
      News: ['Alpha, renamed (2)'],
      General: ['Beta (2)'],
    });
  });
});
