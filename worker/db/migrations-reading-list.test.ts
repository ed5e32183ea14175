// A database made by the version that kept every primary-database person's reading list copy on their
// users row, whatever its size, upgrades with nothing lost: migration 0018 moves the copies over the bound
// (reading-list.ts ON_USERS_ROW_MAX_BYTES) to `reading_lists`, leaves the small ones, and each person's
// sidebar and pages say what they said before.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migrations';
import { primaryPeopleDb } from '../test/people';
import { listCategoriesWithFeeds } from './categories';
import { createDb } from './client';
import { updateSubscription } from './feeds';
import { ON_USERS_ROW_MAX_BYTES } from './reading-list';

const MOVE_LARGE = '0018_move_large_reading_lists';

/** The previous version's rebuild: the copy from the rows, on the users row, at any size. */
const previousRebuild = (d1: D1Database, userId: number) =>
  d1
    .prepare(
      `update users set reading_list = json_object(
        'categories', json((select json_group_array(json_array(id, name)) from categories where user_id = ?1)),
        'subscriptions', json((select json_group_array(json_array(feed_id, name, category_id, include_in_ai, read_seq))
          from subscriptions where user_id = ?1))) where id = ?1`,
    )
    .bind(userId);

describe('upgrading a database whose users rows hold reading lists of any size', () => {
  it('moves the large copies to reading_lists, keeps the small ones, and loses nothing', async () => {
    const { d1, upgradeTo } = await databaseBefore(MOVE_LARGE);

    // Person 1 follows two feeds; person 2 follows 60 under long names, in a category.
    const now = Date.now();
    const longName = (i: number) => `Long ${i} `.padEnd(200, '*');
    await d1.batch([
      d1.prepare(
        `insert into users (id, email, name, created_at) values (1, 'one@example.com', 'One', ${now}), (2, 'two@example.com', 'Two', ${now})`,
      ),
      d1.prepare(`insert into categories (id, user_id, name, created_at) values (5, 2, 'Everything', ${now})`),
      ...Array.from({ length: 60 }, (_, i) =>
        d1
          .prepare(`insert into feeds (id, url, next_fetch_at, created_at) values (?, ?, ${now}, ${now})`)
          .bind(100 + i, `https://f${i}.example/feed`),
      ),
      d1.prepare(
        `insert into subscriptions (user_id, feed_id, name, category_id, created_at) values (1, 100, 'A', null, ${now}), (1, 101, 'B', null, ${now})`,
      ),
      ...Array.from({ length: 60 }, (_, i) =>
        d1
          .prepare(
            `insert into subscriptions (user_id, feed_id, name, category_id, created_at) values (2, ?, ?, 5, ${now})`,
          )
          .bind(100 + i, longName(i)),
      ),
      previousRebuild(d1, 1),
      previousRebuild(d1, 2),
    ]);
    const before = await d1
      .prepare('select id, reading_list from users order by id')
      .all<{ id: number; reading_list: string }>();
    const [small, large] = before.results.map((row) => row.reading_list);
    expect(new TextEncoder().encode(large).length).toBeGreaterThan(ON_USERS_ROW_MAX_BYTES);

    await upgradeTo();

    const onUsersRows = await d1.prepare('select id, reading_list from users order by id').all();
    expect(onUsersRows.results).toEqual([
      { id: 1, reading_list: small },
      { id: 2, reading_list: null },
    ]);
    const inReadingLists = await d1.prepare('select user_id, list from reading_lists').all();
    expect(inReadingLists.results).toEqual([{ user_id: 2, list: large }]);

    // What each sees: the same feeds under the same names and categories.
    const db = createDb({ DB: d1 });
    const sidebarOf = async (userId: number) =>
      (await listCategoriesWithFeeds(primaryPeopleDb(db), userId)).map((group) => [
        group.name,
        group.feeds.map((feed) => feed.name),
      ]);
    expect(await sidebarOf(1)).toEqual([['General', ['A', 'B']]]);
    expect(await sidebarOf(2)).toEqual([
      ['Everything', Array.from({ length: 60 }, (_, i) => longName(i)).sort((a, b) => a.localeCompare(b))],
    ]);

    // The next change rebuilds each copy where its size says, and only there.
    await updateSubscription(primaryPeopleDb(db), 2, 100, { name: 'Short now' });
    await updateSubscription(primaryPeopleDb(db), 1, 100, { name: 'A, renamed' });
    expect(
      (await d1.prepare('select id, reading_list is null as elsewhere from users order by id').all()).results,
    ).toEqual([
      { id: 1, elsewhere: 0 },
      { id: 2, elsewhere: 1 },
    ]);
    expect((await sidebarOf(2))[0]?.[1]).toContain('Short now');
    expect(await sidebarOf(1)).toEqual([['General', ['A, renamed', 'B']]]);
  });
});
