// The one way to get a database handle, in requests, queue jobs and cron alike (STYLE.md pattern 4).
// A handle is the primary database (`DB`: accounts, billing) and carries `shards`, the feed shards
// that hold feeds and items (shards.ts), and `people`, the people databases that hold each person's
// reading state and sign-in sessions (people.ts, sessions.ts). Each database's handle is a Db of its own (one per binding, so a
// database that is both a feed shard and a people database has one handle), and the same data-access
// functions run on whichever database holds the rows.
import type { Query, SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { peopleDatabaseNames, peopleShardForNewPerson } from './people';
import { feedDatabaseNames, groupByShard, shardForUrl, shardOfId } from './shards';

/** The bindings a handle needs: the primary database and, optionally, the feed shards' and people databases' names. */
export type DatabaseBindings = { DB: D1Database; FEED_DATABASES?: string; PEOPLE_DATABASES?: string };

// No `schema`: nothing uses drizzle's relational queries (`db.query.x`), and with a schema drizzle works out
// every table's relations each time a handle is made, which is every database of every request (about a
// millisecond of a list request's CPU, profiled in bare Miniflare).
const drizzleOf = (d1: D1Database) => drizzle(d1, { casing: 'snake_case' });

export type Db = ReturnType<typeof drizzleOf> & {
  shards: FeedShards;
  people: PeopleShards;
  /** The binding this handle is on: two handles with the same binding are the same database. */
  readonly binding: string;
};

/**
 * A people database's handle: where some people's subscriptions, categories, read marks and stars are.
 * A distinct type, so that a function about a person's reading state cannot be handed the primary
 * database by mistake: it takes the handle `db.people.of(person)` gives.
 */
export type PeopleDb = Db & { readonly peopleShard: number };

/** Who a person's reading state belongs to, as far as finding it goes: their users row has it. */
export type PersonPlacement = { peopleShard: number };

export type PeopleShards = {
  /** How many people databases there are (1: everyone's reading state in the primary database). */
  readonly count: number;
  /** The database holding this person's reading state (the shard their users row names). */
  of(person: PersonPlacement): PeopleDb;
  /** People shard k's database (shard 0 is the primary database itself). */
  at(shard: number): PeopleDb;
  /** Every people database, in order: for flows that cross people (retention, statistics). */
  all(): PeopleDb[];
  /** The people shard a person signing up with this address goes to. */
  forNewPerson(email: string): number;
};

export type FeedShards = {
  /** How many feed shards there are (1: everything in the primary database). */
  readonly count: number;
  /** The primary database: accounts, billing (and shard 0 of feeds and of people). */
  primary(): Db;
  /** Shard k's database (shard 0 is the primary database itself). */
  at(shard: number): Db;
  /** The database holding this feed or item: its id says which. */
  of(id: number): Db;
  /** The feed shard that is this same database, or -1 (a people database that holds no feeds). */
  indexOf(db: Db): number;
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

/** The D1 binding names of the feed shards and of the people databases, in shard order (DB first). */
export type DatabaseNames = { feeds: string[]; people: string[] };

/**
 * A handle on the primary database, the feed shards FEED_DATABASES names and the people databases
 * PEOPLE_DATABASES names, reading the two lists from these bindings: for tests and benchmarks, which
 * hand over a plain set of bindings. The Worker opens its databases from the lists config.ts parsed.
 * `wrap` decorates every D1 binding alike (the benchmarks count rows through it).
 */
export function createDb(env: DatabaseBindings, wrap?: (d1: D1Database) => D1Database): Db {
  const names = { feeds: feedDatabaseNames(env.FEED_DATABASES), people: peopleDatabaseNames(env.PEOPLE_DATABASES) };
  return openDatabases(env, names, wrap);
}

/** A handle on the databases these names give, each the D1 binding of that name in `env`. */
export function openDatabases(
  env: object,
  names: DatabaseNames,
  wrap: (d1: D1Database, binding: string) => D1Database = (d1) => d1,
): Db {
  const { feeds: feedNames, people: peopleNames } = names;
  const bindings = env as Record<string, unknown>;
  // Built on first use, one per binding: a request that touches one database opens no handle on the others.
  const opened = new Map<string, Db>();
  const open = (name: string, list: string): Db => {
    let db = opened.get(name);
    if (!db) {
      const d1 = bindings[name];
      if (!isD1(d1)) throw new Error(`${list} names ${name}, which is not a D1 binding`);
      const peopleShard = peopleNames.indexOf(name);
      db = Object.assign(drizzleOf(wrap(d1, name)), {
        shards,
        people,
        binding: name,
        ...(peopleShard >= 0 ? { peopleShard } : {}),
      });
      opened.set(name, db);
    }
    return db;
  };
  const at = (shard: number): Db => {
    const name = feedNames[shard];
    if (name === undefined) throw new Error(`No feed shard ${shard}: FEED_DATABASES names ${feedNames.length}`);
    return open(name, 'FEED_DATABASES');
  };
  const shards: FeedShards = {
    count: feedNames.length,
    primary: () => at(0),
    at,
    of: (id) => at(shardOfId(id)),
    indexOf: (db) => feedNames.indexOf(db.binding),
    forNewFeed: (url) => {
      const shard = shardForUrl(url, feedNames.length);
      return { shard, db: at(shard) };
    },
    all: () => feedNames.map((_, shard) => at(shard)),
    each: async (ids, read) => {
      const groups = [...groupByShard(ids)].filter(([shard]) => shard < feedNames.length);
      const results = await Promise.all(groups.map(([shard, inShard]) => read(at(shard), inShard)));
      return results.flat();
    },
  };
  const peopleAt = (shard: number): PeopleDb => {
    const name = peopleNames[shard];
    if (name === undefined) throw new Error(`No people shard ${shard}: PEOPLE_DATABASES names ${peopleNames.length}`);
    return open(name, 'PEOPLE_DATABASES') as PeopleDb;
  };
  const people: PeopleShards = {
    count: peopleNames.length,
    of: (person) => peopleAt(person.peopleShard),
    at: peopleAt,
    all: () => peopleNames.map((_, shard) => peopleAt(shard)),
    forNewPerson: (email) => peopleShardForNewPerson(email, peopleNames.length),
  };
  return at(0);
}

/** The handles' own dialect (drizzleOf): a column named in a statement is written as theirs write it. */
const dialect = new SQLiteAsyncDialect({ casing: 'snake_case' });

/** A drizzle `sql` statement as its text and values, as a handle's `all` writes it. */
export const queryOf = (query: SQL): Query => dialect.sqlToQuery(query);

/**
 * A drizzle `sql` statement as a D1 statement of this handle, for D1's own batch: one round trip, one
 * transaction (drizzle's batch takes query builders, not raw statements).
 */
export function statementOf(db: Db, query: SQL): D1PreparedStatement {
  const { sql: text, params } = queryOf(query);
  return db.$client.prepare(text).bind(...params);
}
