// Issue 30 at the scale that broke it: a person whose 50 feeds lie in 48 feed shards (workload B's 256
// shards put ~46 under 50 feeds) asks a Google Reader stream for n=1,000 items with their contents. Every
// read of a page runs in each of those shards, and the stream reads page after page (80 items at a time
// under its byte budget): ~13 reads × ~49 calls, past Workers' 1,000 queries an invocation with room for
// nothing else. The reader's call allowance (call-allowance.ts) stops the stream early with its
// continuation, and following the continuations gives every item once, newest first.
//
// The 48 shards are names over the suite's two feed databases (shard 0 is DB, every other one FEEDS_1):
// a statement in shard k joins only the subscriptions of its own feeds, so each shard's answer is what a
// database of its own would give, and the calls are counted per name.
import { env } from 'cloudflare:workers';
import { describe, expect, it, onTestFinished } from 'vitest';
import { readStream, streamQueryOf } from '../../greader/streams';
import { toReaderSubscriptions } from '../../greader/subscriptions';
import { type Db, openDatabases } from '../client';
import { createReader } from '../reader';
import { CLOCK_ID_BASE, MAX_SHARDS, SHARD_SPAN } from '../shards';
import { MOST_CALLS_A_READER } from './call-allowance';

const SHARDS = 48;
const FEEDS = 50;
const ITEMS_A_FEED = 25;
const HOUR = 3_600_000;
/** Where this file's feeds say they live: nothing else stores one there. */
const FEED_URL = 'https://stream-calls.example/';

/** The 48 feed shards as names over the two databases, each call counted by name. */
function manyShards(calls: Map<string, number>): Db {
  const names = Array.from({ length: SHARDS }, (_, shard) => (shard === 0 ? 'DB' : `FEEDS_${shard}`));
  const bindings: Record<string, unknown> = { DB: env.DB };
  for (const name of names.slice(1)) bindings[name] = env.FEEDS_1;
  return openDatabases(bindings, { feeds: names, people: ['DB'] }, (d1, binding) => counted(d1, binding, calls));
}

/** A D1 binding that counts its calls (a statement alone, or a batch) under `binding`. */
function counted(d1: D1Database, binding: string, calls: Map<string, number>): D1Database {
  const count = () => calls.set(binding, (calls.get(binding) ?? 0) + 1);
  return new Proxy(d1, {
    get(target, key) {
      if (key === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          count();
          return target.batch(statements);
        };
      }
      if (key === 'prepare') {
        return (query: string) => {
          const statement = target.prepare(query);
          const wrap = (prepared: D1PreparedStatement): D1PreparedStatement =>
            new Proxy(prepared, {
              get(inner, name) {
                if (name === 'bind') return (...values: unknown[]) => wrap(inner.bind(...values));
                if (name === 'all' || name === 'raw' || name === 'first' || name === 'run') {
                  return (...args: unknown[]) => {
                    count();
                    return (inner[name] as (...a: unknown[]) => unknown).apply(inner, args);
                  };
                }
                const value = Reflect.get(inner, name);
                return typeof value === 'function' ? value.bind(inner) : value;
              },
            });
          return wrap(statement);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** 50 feeds over the 48 shards, 25 items each, one an hour across all of them; returns the reading list. */
async function storeFeeds(userId: number) {
  const now = Date.now();
  const feeds: { id: number; shard: number }[] = Array.from({ length: FEEDS }, (_, f) => {
    const shard = f % SHARDS;
    return { id: shard * SHARD_SPAN + 1_000_000 + userId * 100 + f, shard };
  });
  const items = feeds.flatMap((feed, f) =>
    Array.from({ length: ITEMS_A_FEED }, (_, n) => {
      const order = n * FEEDS + f;
      return {
        id: CLOCK_ID_BASE + (userId * 10_000 + order + 1) * MAX_SHARDS + feed.shard,
        feed: feed.id,
        seq: n + 1,
        title: `Item ${order}`,
        date: now - (order + 1) * HOUR,
      };
    }),
  );
  for (const [binding, inShard] of [
    [env.DB, (shard: number) => shard === 0],
    [env.FEEDS_1, (shard: number) => shard !== 0],
  ] as const) {
    const mine = feeds.filter((feed) => inShard(feed.shard));
    await binding.batch([
      binding
        .prepare(
          `insert into feeds (id, url, next_fetch_at, last_seq, created_at)
           select value ->> 0, '${FEED_URL}' || (value ->> 0), ?2, ${ITEMS_A_FEED}, ?2 from json_each(?1)`,
        )
        .bind(JSON.stringify(mine.map((feed) => [feed.id])), now),
      binding
        .prepare(
          `insert into items (id, feed_id, guid_hash, seq, title, content, pub_date, created_at)
           select value ->> 0, value ->> 1, 'g' || (value ->> 0), value ->> 2, value ->> 3, '<p>' || (value ->> 3) || '</p>',
             value ->> 4, ?2 from json_each(?1)`,
        )
        .bind(
          JSON.stringify(
            items
              .filter((item) => mine.some((feed) => feed.id === item.feed))
              .map((item) => [item.id, item.feed, item.seq, item.title, item.date]),
          ),
          now,
        ),
    ]);
  }
  const list = { categories: [], subscriptions: feeds.map((feed, f) => [feed.id, `Feed ${f}`, null, 1, 0]) };
  return JSON.stringify(list);
}

/**
 * The feeds' AUTOINCREMENT counters as they are, to put back after: the feeds stored here take ids of 48
 * shards, and the next feed the suite's two databases store would otherwise count on from them (and name
 * a shard they do not have). The suite empties the tables between files, not that counter.
 */
async function keepFeedCounters() {
  const counters = await Promise.all(
    [env.DB, env.FEEDS_1].map(async (d1) => ({
      d1,
      seq: (await d1.prepare("select seq from sqlite_sequence where name = 'feeds'").first<{ seq: number }>())?.seq,
    })),
  );
  return async () => {
    for (const { d1, seq } of counters) {
      await d1.batch([
        d1.prepare(`delete from items where feed_id in (select id from feeds where url like '${FEED_URL}%')`),
        d1.prepare(`delete from feeds where url like '${FEED_URL}%'`),
        seq === undefined
          ? d1.prepare("delete from sqlite_sequence where name = 'feeds'")
          : d1.prepare("update sqlite_sequence set seq = ?1 where name = 'feeds'").bind(seq),
      ]);
    }
  };
}

describe('a Google Reader stream over 48 feed shards', () => {
  it('stays within its call allowance and gives every item once through its continuations', async () => {
    const putBack = await keepFeedCounters();
    onTestFinished(putBack);
    const userId = 990_001;
    const copy = await storeFeeds(userId);
    const seen: string[] = [];
    let continuation: string | null = null;
    let requests = 0;
    do {
      // One request: its own reader (and allowance), its calls counted.
      const calls = new Map<string, number>();
      const db = manyShards(calls);
      const reader = createReader(db.people.at(0), { id: userId, timezone: 'UTC' }, { copy });
      const params = new URLSearchParams({ n: '1000', ...(continuation ? { c: continuation } : {}) });
      const page = await readStream(
        reader,
        async () => toReaderSubscriptions([]),
        streamQueryOf({ kind: 'reading-list' }, params),
        { contents: true },
      );
      const total = [...calls.values()].reduce((sum, n) => sum + n, 0);
      expect(total).toBeLessThanOrEqual(MOST_CALLS_A_READER);
      // Most of the shards hold feeds: a page reads in each.
      expect(calls.size).toBe(SHARDS);
      seen.push(...page.items.map((item) => item.title));
      continuation = page.continuation;
      requests++;
    } while (continuation && requests < 20);

    // Every item once, newest first, in a few requests (one request alone made about 640 calls).
    expect(seen).toEqual(Array.from({ length: FEEDS * ITEMS_A_FEED }, (_, order) => `Item ${order}`));
    expect(requests).toBeGreaterThan(1);
    expect(requests).toBeLessThan(10);
  });
});
