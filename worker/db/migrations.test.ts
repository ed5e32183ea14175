// A database made by the previous version upgrades with nothing lost: the migrations before read
// watermarks are applied to an empty database, filled as that version would have, then the rest.
import { describe, expect, it } from 'vitest';
import { storedItem } from '../test/feeds';
import { listPage, searchPage } from '../test/item-pages';
import { databaseBefore } from '../test/migrations';
import { primaryPeopleDb } from '../test/people';
import { listCategoriesWithFeeds } from './categories';
import { createDb } from './client';
import { findFeed, storeItems } from './item-store';
import { queryItems } from './items';
import { createReader } from './reader';
import { CLOCK_ID_BASE, ID_SETTLE_MS, shardOfId } from './shards';

const WATERMARKS = '0005_read_watermarks';
const SHARD_FEEDS = '0012_shard_feeds';

describe('upgrading a database of the previous version', () => {
  it('keeps every item, read mark and star: unread counts, read flags, what retention keeps and search are unchanged; new ids above the old', async () => {
    const { d1, upgradeTo } = await databaseBefore(WATERMARKS);

    const now = Date.now();
    const minutesAgo = (n: number) => now - n * 60_000;
    await d1.batch([
      d1.prepare(
        `insert into users (id, email, name, created_at) values (1, 'old@example.com', 'Old', ${now}), (2, 'two@example.com', 'Two', ${now})`,
      ),
      d1.prepare(
        `insert into feeds (id, url, next_fetch_at, created_at, item_count) values
           (10, 'https://a.example/feed', ${now}, ${now}, 3), (11, 'https://b.example/feed', ${now}, ${now}, 2)`,
      ),
      d1.prepare(`insert into categories (id, user_id, name, created_at) values (7, 1, 'News', ${now})`),
      d1.prepare(
        `insert into subscriptions (user_id, feed_id, name, category_id, created_at) values
           (1, 10, 'A', 7, ${now}), (1, 11, 'B', null, ${now}), (2, 10, 'A too', null, ${now})`,
      ),
      // Ids out of date order on purpose: numbering follows the dates.
      d1.prepare(
        `insert into items (id, feed_id, guid_hash, title, pub_date, created_at) values
           (100, 10, 'a1', 'A newest', ${minutesAgo(1)}, ${now}), (101, 10, 'a2', 'A oldest', ${minutesAgo(30)}, ${now}),
           (102, 10, 'a3', 'A middle', ${minutesAgo(10)}, ${now}),
           (103, 11, 'b1', 'B newer', ${minutesAgo(5)}, ${now}), (104, 11, 'b2', 'B older', ${minutesAgo(50)}, ${now})`,
      ),
      d1.prepare(
        `insert into item_reads (user_id, item_id, feed_id, read_at) values
           (1, 102, 10, ${now}), (1, 104, 11, ${now}), (2, 100, 10, ${now}), (2, 101, 10, ${now})`,
      ),
    ]);

    // Up to feed sharding, then stars as that version kept them (retention looked at them beside the items).
    await upgradeTo(SHARD_FEEDS);
    await d1
      .prepare(
        `insert into stars (user_id, item_id, feed_id, created_at) values (1, 100, 10, ${now}), (2, 100, 10, ${now}), (1, 104, 11, ${now})`,
      )
      .run();
    await upgradeTo();
    const starCounts = await d1.prepare('select id, star_count from items where star_count > 0 order by id').all();
    expect(starCounts.results).toEqual([
      { id: 100, star_count: 2 },
      { id: 104, star_count: 1 },
    ]);

    const db = createDb({ DB: d1 });
    const query = { filter: 'all', sort: 'newest', dateFilter: 'none', limit: 10 } as const;
    const readFlags = async (userId: number) =>
      (await listPage(primaryPeopleDb(db), userId, 'UTC', query)).items.map((item) => [item.title, item.isRead]);
    expect(await readFlags(1)).toEqual([
      ['A newest', false],
      ['B newer', false],
      ['A middle', true],
      ['A oldest', false],
      ['B older', true],
    ]);
    expect(await readFlags(2)).toEqual([
      ['A newest', true],
      ['A middle', false],
      ['A oldest', true],
    ]);
    const unread = async (userId: number) =>
      (await listCategoriesWithFeeds(primaryPeopleDb(db), userId)).flatMap((group) =>
        group.feeds.map((f) => [group.name, f.name, f.unreadCount]),
      );
    // People shards (migration 0014) rebuilt categories and subscriptions: each feed keeps its category.
    expect(await unread(1)).toEqual([
      ['News', 'A', 2],
      ['General', 'B', 1],
    ]);
    expect(await unread(2)).toEqual([['General', 'A too', 1]]);
    // Everyone already there keeps their reading state in the primary database: people shard 0.
    const placed = await d1.prepare('select id, people_shard from users order by id').all();
    expect(placed.results).toEqual([
      { id: 1, people_shard: 0 },
      { id: 2, people_shard: 0 },
    ]);
    // Search (migration 0010) finds the items stored before it, by title, for those who follow them only.
    const found = async (userId: number, text: string) =>
      (
        await searchPage(primaryPeopleDb(db), userId, 'UTC', {
          search: text,
          filter: 'all',
          sort: 'newest',
          dateFilter: 'none',
          limit: 10,
        })
      ).items.map((item) => item.title);
    expect(await found(1, 'newest')).toEqual(['A newest']);
    expect(await found(1, 'b')).toEqual(['B newer', 'B older']);
    expect(await found(2, 'b')).toEqual([]);
    const tables = await d1
      .prepare("select name from sqlite_master where type = 'table' and name = 'item_reads'")
      .all();
    expect(tables.results).toEqual([]);

    // New items take ids from the clock (shards.ts), above every old one; the old ones stay reachable,
    // and a Fever app that saw the newest old id gets exactly the new ones.
    const feed = await findFeed(db, 10);
    if (!feed) throw new Error('feed 10 is gone');
    const fresh = ['a4', 'a5'].map((guidHash) => storedItem(guidHash, guidHash, { pubDate: now }));
    await storeItems(db, feed, fresh, 100, now);
    // As a Fever app asks once they are settled (shards.ts): a minute later.
    const settledBy = Date.now() + ID_SETTLE_MS + 60_000;
    const fever = createReader(primaryPeopleDb(db), { id: 1, timezone: 'UTC' });
    const afterOld = { scope: { kind: 'all' }, state: 'all', order: 'id-ascending', afterId: 104, limit: 10 } as const;
    const newIds = (await queryItems(fever, afterOld, settledBy)).items.map((item) => [item.title, item.id]);
    expect(newIds.map(([title]) => title)).toEqual(['a5', 'a4']);
    for (const [, id] of newIds) {
      expect(id).toBeGreaterThan(CLOCK_ID_BASE);
      expect(shardOfId(id as number)).toBe(0);
    }
    const { items: old } = await queryItems(fever, {
      scope: { kind: 'ids', ids: [100, 101, 102, 103, 104] },
      state: 'all',
      order: 'newest',
      limit: 5,
    });
    expect(old.map((item) => [item.id, shardOfId(item.id)]).sort()).toEqual([
      [100, 0],
      [101, 0],
      [102, 0],
      [103, 0],
      [104, 0],
    ]);
  });
});
