// Feeds and items in two databases (worker/db/shards.ts): a new feed goes to the shard its URL hashes
// to, its id and its items' ids carry that shard, and a refresh stores every item once, in its feed's
// database only.
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshFeed } from '../feeds/refresh';
import { createUrlFetcher } from '../net/fetcher';
import { hoursAgo, rss, scriptFeed, uniqueName } from '../test/feeds';
import { createDb, type Db } from './client';
import { findFeedByUrl, upsertFeed } from './feeds';
import { idBase, SHARD_SPAN, shardForUrl, shardOfId } from './shards';

// The suite's two databases (vitest.config.ts): DB and FEEDS_1.
const db = createDb(env);

/** A scripted feed whose URL hashes to `shard`, with `count` items. */
async function feedIn(shard: number, count: number) {
  for (;;) {
    const name = uniqueName('sharded');
    const url = `${env.FAKE_UPSTREAM_URL}/scripted/${name}`;
    if (shardForUrl(url, 2) !== shard) continue;
    const items = Array.from({ length: count }, (_, n) => ({
      guid: `${name}-${n}`,
      title: `Item ${n}`,
      pubDate: hoursAgo(n + 1),
    }));
    await scriptFeed(name, { body: rss(name, items) });
    return { name, url, items };
  }
}

async function itemIdsIn(database: Db, feedId: number) {
  const rows = await database.all<{ id: number; guid_hash: string }>(
    sql`select id, guid_hash from items where feed_id = ${feedId}`,
  );
  return rows;
}

describe('feeds in two databases', () => {
  it('places a new feed in the shard its URL hashes to, with an id of that shard, and finds it again', async () => {
    for (const shard of [0, 1]) {
      const { url } = await feedIn(shard, 1);
      const feed = await upsertFeed(db, { url, title: null, siteUrl: null, description: null });
      expect(shardOfId(feed.id)).toBe(shard);
      expect(feed.id).toBeGreaterThan(idBase(shard));
      expect(feed.id).toBeLessThan(idBase(shard) + SHARD_SPAN);
      expect((await findFeedByUrl(db, url))?.id).toBe(feed.id);
      // Following it again reuses the row.
      expect((await upsertFeed(db, { url, title: 'again', siteUrl: null, description: null })).id).toBe(feed.id);
    }
  });

  it('finds a feed stored before sharding in shard 0, wherever its URL would go now', async () => {
    const { url } = await feedIn(1, 1);
    const before = await upsertFeed(createDb({ DB: env.DB }), { url, title: null, siteUrl: null, description: null });
    expect(shardOfId(before.id)).toBe(0);
    expect((await upsertFeed(db, { url, title: null, siteUrl: null, description: null })).id).toBe(before.id);
  });

  it('stores every item once, in its feed’s database, with ids of that shard: 0 lost, 0 duplicated', async () => {
    const feeds = [];
    for (const shard of [0, 1, 0, 1]) {
      const scripted = await feedIn(shard, 5 + shard);
      const feed = await upsertFeed(db, { url: scripted.url, title: null, siteUrl: null, description: null });
      feeds.push({ ...scripted, shard, feedId: feed.id });
    }
    const deps = { db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) };
    for (const feed of feeds) expect(await refreshFeed(deps, feed.feedId)).toMatchObject({ kind: 'updated' });
    // A second pass with one new item each, and the old ones again.
    for (const feed of feeds) {
      const newer = { guid: `${feed.name}-new`, title: 'Newer', pubDate: new Date() };
      feed.items.unshift(newer);
      await scriptFeed(feed.name, { body: rss(feed.name, feed.items) });
      await refreshFeed(deps, feed.feedId);
    }
    for (const feed of feeds) {
      const home = await itemIdsIn(db.shards.at(feed.shard), feed.feedId);
      const elsewhere = await itemIdsIn(db.shards.at(1 - feed.shard), feed.feedId);
      expect(elsewhere).toEqual([]);
      expect(home).toHaveLength(feed.items.length);
      expect(new Set(home.map((row) => row.guid_hash)).size).toBe(feed.items.length);
      for (const row of home) expect(shardOfId(row.id)).toBe(feed.shard);
    }
  });
});
