// The one way to get a database handle, in requests, queue jobs and cron alike (STYLE.md pattern 4).
// A handle is the primary database (`DB`: people, accounts, billing) and carries `shards`, the feed
// shards that hold feeds and items (shards.ts); each shard's handle is a Db of its own, so the same
// data-access functions run on whichever database holds the rows.
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import * as schema from '../../schema';
import { feedDatabaseNames, groupByShard, shardForUrl, shardOfId } from './shards';

/** The bindings a handle needs: the primary database and, optionally, the feed shards' names. */
export type DatabaseBindings = { DB: D1Database; FEED_DATABASES?: string };

const drizzleOf = (d1: D1Database) => drizzle(d1, { schema, casing: 'snake_case' });

export type Db = ReturnType<typeof drizzleOf> & { shards: FeedShards };

export type FeedShards = {
  /** How many feed shards there are (1: everything in the primary database). */
  readonly count: number;
  /** The primary database: people, their subscriptions, read marks and stars. */
  primary(): Db;
  /** Shard k's database (shard 0 is the primary database itself). */
  at(shard: number): Db;
  /** The database holding this feed or item: its id says which. */
  of(id: number): Db;
  /** Where a feed not stored anywhere yet goes: the shard its normalised URL hashes to. */
  forNewFeed(url: string): { shard: number; db: Db };
  /** Every shard's database, in shard order. */
  all(): Db[];
  /**
   * Runs `read` on each shard holding some of these feed or item ids, with that shard's ids, all shards
   * at once; the results concatenated. An id of a shard this deployment does not have (one a person
   * typed) is held by none.
   */
  each<R>(ids: Iterable<number>, read: (db: Db, ids: number[]) => Promise<R[]>): Promise<R[]>;
};

const isD1 = (value: unknown): value is D1Database =>
  typeof value === 'object' && value !== null && typeof (value as D1Database).prepare === 'function';

/**
 * A handle on the primary database and the feed shards FEED_DATABASES names. `wrap` decorates every
 * D1 binding alike (the benchmarks count rows through it).
 */
export function createDb(env: DatabaseBindings, wrap: (d1: D1Database) => D1Database = (d1) => d1): Db {
  const names = feedDatabaseNames(env.FEED_DATABASES);
  const bindings = env as unknown as Record<string, unknown>;
  // Built on first use: a request that touches one shard opens no handle on the others.
  const opened = new Map<number, Db>();
  const at = (shard: number): Db => {
    const name = names[shard];
    if (name === undefined) throw new Error(`No feed shard ${shard}: FEED_DATABASES names ${names.length}`);
    let db = opened.get(shard);
    if (!db) {
      const d1 = bindings[name];
      if (!isD1(d1)) throw new Error(`FEED_DATABASES names ${name}, which is not a D1 binding`);
      db = Object.assign(drizzleOf(wrap(d1)), { shards });
      opened.set(shard, db);
    }
    return db;
  };
  const shards: FeedShards = {
    count: names.length,
    primary: () => at(0),
    at,
    of: (id) => at(shardOfId(id)),
    forNewFeed: (url) => {
      const shard = shardForUrl(url, names.length);
      return { shard, db: at(shard) };
    },
    all: () => names.map((_, shard) => at(shard)),
    each: async (ids, read) => {
      const groups = [...groupByShard(ids)].filter(([shard]) => shard < names.length);
      const results = await Promise.all(groups.map(([shard, inShard]) => read(at(shard), inShard)));
      return results.flat();
    },
  };
  return at(0);
}

const dialect = new SQLiteAsyncDialect();

/**
 * A drizzle `sql` statement as a D1 statement of this handle, for D1's own batch: one round trip, one
 * transaction (drizzle's batch takes query builders, not raw statements).
 */
export function statementOf(db: Db, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
}
