// The feed-shard router: which database a feed or item lives in, from its id or (new feeds) its URL.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from './client';
import {
  CLOCK_ID_BASE,
  clockItemId,
  feedDatabaseNames,
  groupByShard,
  ID_EPOCH_MS,
  idBase,
  MAX_SHARDS,
  SHARD_SPAN,
  shardForUrl,
  shardOfId,
} from './shards';

describe('feed shards', () => {
  it('reads the shard list from FEED_DATABASES, the primary database first, and refuses a wrong one', () => {
    expect(feedDatabaseNames(undefined)).toEqual(['DB']);
    expect(feedDatabaseNames(' ')).toEqual(['DB']);
    expect(feedDatabaseNames('DB, FEEDS_1,FEEDS_2')).toEqual(['DB', 'FEEDS_1', 'FEEDS_2']);
    expect(() => feedDatabaseNames('FEEDS_1,DB')).toThrow(/must start with DB/);
    expect(() => feedDatabaseNames('DB,FEEDS_1,FEEDS_1')).toThrow(/twice/);
    expect(() => feedDatabaseNames('DB,feeds-1')).toThrow(/not a binding name/);
  });

  it('takes a run of numbered bindings, so 256 shards fit a var (5 KB) with room to spare', () => {
    const written = 'DB,FEEDS_1..FEEDS_255';
    const names = feedDatabaseNames(written);
    expect(names).toHaveLength(256);
    expect(names.slice(0, 3)).toEqual(['DB', 'FEEDS_1', 'FEEDS_2']);
    expect(names.at(-1)).toBe('FEEDS_255');
    // One by one, the same list is 2,444 bytes: within 3× of a var's 5 KB.
    expect(names.join(',').length).toBe(2444);
    expect(written.length).toBe(21);
    expect(feedDatabaseNames('DB,FEEDS_1..FEEDS_2,FEEDS_9')).toEqual(['DB', 'FEEDS_1', 'FEEDS_2', 'FEEDS_9']);
    expect(() => feedDatabaseNames('DB,FEEDS_3..FEEDS_1')).toThrow(/"FEEDS_3..FEEDS_1" is not a run of bindings/);
    expect(() => feedDatabaseNames('DB,FEEDS_1..PEOPLE_3')).toThrow(/not a run of bindings/);
    expect(() => feedDatabaseNames('DB,FEEDS_1..FEEDS_2000')).toThrow(/more than 1024/);
    expect(() => feedDatabaseNames('DB,FEEDS_1..FEEDS_3,FEEDS_2')).toThrow(/twice/);
  });

  it('keeps every id minted before sharding in shard 0, and every feed id of the last shard exact', () => {
    expect(shardOfId(1)).toBe(0);
    expect(shardOfId(SHARD_SPAN - 1)).toBe(0);
    expect(shardOfId(idBase(1) + 1)).toBe(1);
    const lastId = idBase(MAX_SHARDS - 1) + SHARD_SPAN - 1;
    expect(Number.isSafeInteger(lastId)).toBe(true);
    expect(shardOfId(lastId)).toBe(MAX_SHARDS - 1);
    expect([...groupByShard([idBase(1) + 2, 3, idBase(1) + 1])]).toEqual([
      [1, [idBase(1) + 2, idBase(1) + 1]],
      [0, [3]],
    ]);
  });

  it('reads the shard back from every item id the clock gives, exact below 2^53 until 2268', () => {
    const lastMs = ID_EPOCH_MS + (2 ** 53 - CLOCK_ID_BASE) / MAX_SHARDS - 1;
    expect(new Date(lastMs).getUTCFullYear()).toBe(2268);
    for (const at of [ID_EPOCH_MS - 86_400_000, ID_EPOCH_MS, Date.parse('2026-11-24T16:00:00Z'), lastMs]) {
      for (const shard of [0, 1, 255, MAX_SHARDS - 1]) {
        const id = clockItemId(shard, at);
        expect(Number.isSafeInteger(id)).toBe(true);
        expect(shardOfId(id)).toBe(shard);
        // Above every id of the older form, whatever its shard: feeds', and items' stored before the clock.
        expect(id).toBeGreaterThan(idBase(MAX_SHARDS - 1) + SHARD_SPAN - 1);
      }
    }
    // A millisecond later is a larger id in every shard; a shard's next slot is 2^10 further.
    expect(clockItemId(0, ID_EPOCH_MS + 1)).toBeGreaterThan(clockItemId(MAX_SHARDS - 1, ID_EPOCH_MS));
    expect(clockItemId(5, ID_EPOCH_MS + 1) - clockItemId(5, ID_EPOCH_MS)).toBe(MAX_SHARDS);
    expect(() => clockItemId(0, lastMs + 1)).toThrow(/run out/);
    expect([...groupByShard([clockItemId(1, ID_EPOCH_MS), 3, clockItemId(0, ID_EPOCH_MS)])]).toEqual([
      [1, [clockItemId(1, ID_EPOCH_MS)]],
      [0, [3, clockItemId(0, ID_EPOCH_MS)]],
    ]);
  });

  it('places new feeds by URL: always the same shard for a URL, and spread evenly over 64 shards', () => {
    const url = 'https://example.com/feed.xml';
    expect(shardForUrl(url, 64)).toBe(shardForUrl(url, 64));
    expect(shardForUrl(url, 1)).toBe(0);
    const perShard = new Array(64).fill(0);
    for (let n = 0; n < 64_000; n++) perShard[shardForUrl(`https://site-${n}.example/feed`, 64)]++;
    // 1,000 expected per shard: a fair hash stays well within ±15 %.
    expect(Math.min(...perShard)).toBeGreaterThan(850);
    expect(Math.max(...perShard)).toBeLessThan(1150);
  });

  it('opens each shard on its own binding, and finds a row by its id alone', async () => {
    const db = createDb(env);
    expect(db.shards.count).toBe(2);
    expect(db.shards.at(0)).toBe(db);
    expect(db.shards.at(1).$client).toBe(env.FEEDS_1);
    expect(db.shards.of(idBase(1) + 7)).toBe(db.shards.at(1));
    expect(db.shards.of(7)).toBe(db);
    expect(db.shards.of(clockItemId(1, Date.now()))).toBe(db.shards.at(1));
    expect(db.shards.of(clockItemId(0, Date.now()))).toBe(db);
    expect(() => db.shards.at(2)).toThrow(/No feed shard 2/);
    expect(() => createDb({ DB: env.DB, FEED_DATABASES: 'DB,NOWHERE' }).shards.at(1)).toThrow(/not a D1 binding/);
    // One database: every id, whatever its shard bits, is the primary's.
    expect(createDb({ DB: env.DB }).shards.forNewFeed('https://example.com/a').shard).toBe(0);
  });
});
