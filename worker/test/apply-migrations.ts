// Gives each Worker test file the databases of a fresh install: the real migrations applied to the
// primary, every feed shard FEED_DATABASES names (worker/db/shards.ts) and every people database
// PEOPLE_DATABASES names (worker/db/people.ts), as scripts/d1-databases.mjs does for `npm start` and
// deploys, with no row in them, an empty image bucket and the bindings vitest.config.ts gives.
//
// The test files of one runner share one workerd (vitest.config.ts: isolate false), so this runs before
// each file: the migrations are applied by the runner's first file, and what the file before wrote is
// deleted (a DELETE per table costs far less than a new workerd and 29 migrations on 3 databases). After
// the first file that is one D1 call per database: every D1 call costs workerd some 3 ms of CPU, and the
// lists of tables, read once, are checked against the schema inside the same call. The upgrade
// tests take a database nobody touched instead (worker/test/migrations.ts).
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, expect, inject } from 'vitest';
import { peopleDatabaseNames } from '../db/people';
import { feedDatabaseNames } from '../db/shards';

const bindings = env as unknown as Record<string, D1Database>;

// The bindings as the runner started with them: a file that changed one and did not put it back
// (env.X = … in a test) leaves the next file the configured value all the same.
const globals = globalThis as { feedloomTestEnv?: Record<string, unknown> };
globals.feedloomTestEnv ??= { ...(env as unknown as Record<string, unknown>) };
const started = globals.feedloomTestEnv;
const current = env as unknown as Record<string, unknown>;
for (const key of Object.keys(current)) if (!(key in started)) delete current[key];
Object.assign(current, started);

type MasterRow = { type: string; name: string };

/**
 * The FTS shadow tables of every virtual table: they come and go with their table, never alone. And the
 * one migration 0029 leaves behind, empty: FTS5 with contentless_unindexed does not drop its `_content`
 * table with the index, and SQLite refuses to modify it (it still looks like a shadow table).
 */
async function shadowTablePrefixes(d1: D1Database) {
  const { results } = await d1
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
    .all<{ name: string }>();
  return [...results.map((table) => `${table.name}_`), 'item_search_content'];
}

/** The tables, triggers and views of a database: not SQLite's, D1's, nor an FTS index's shadow tables. */
async function schemaObjects(d1: D1Database, types: string[]) {
  const { results } = await d1
    .prepare(
      `SELECT type, name FROM sqlite_master WHERE type IN (${types.map(() => '?').join(', ')}) AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'`,
    )
    .bind(...types)
    .all<MasterRow>();
  const shadows = await shadowTablePrefixes(d1);
  return results.filter((row) => row.type !== 'table' || !shadows.some((prefix) => row.name.startsWith(prefix)));
}

/** The tables a test writes: every one but the migrations' record. */
async function dataTables(d1: D1Database) {
  const tables = await schemaObjects(d1, ['table']);
  return tables.map((row) => row.name).filter((name) => name !== 'd1_migrations');
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What a runner learnt of a database: its migrations applied, its tables, and the schema they were read at. */
type Known = { tables: string[]; schema: string };
const runner = globalThis as { feedloomTestDatabases?: Map<string, Known> };
runner.feedloomTestDatabases ??= new Map();
const knownDatabases = runner.feedloomTestDatabases;

// The schema's fingerprint: its objects and the length of their SQL. D1 does not allow PRAGMA schema_version.
const SCHEMA = "SELECT count(*) || ':' || total(length(sql)) AS schema FROM sqlite_master";
const schemaOf = async (d1: D1Database) => (await d1.prepare(SCHEMA).first<{ schema: string }>())?.schema ?? '';

/** Migrates the database (the runner's first file) and reads its tables, and the schema they were read at. */
async function learn(name: string, d1: D1Database): Promise<Known> {
  await applyD1Migrations(d1, env.TEST_MIGRATIONS);
  const known = { tables: await dataTables(d1), schema: await schemaOf(d1) };
  knownDatabases.set(name, known);
  return known;
}

/**
 * Deletes every row, in one batch whose foreign keys are checked at its end (when nothing is left), and
 * reads the schema's fingerprint in it: a file that changed the schema (none does today) makes the tables
 * read again and the batch sent again. Item ids start again from the clock (db/shards.ts: after the
 * largest id the table ever handed out), as on a new install; every other AUTOINCREMENT counter goes on
 * from where the file before left it, so a job that file queued and the local queue delivers late names
 * a feed or person that is gone, never one of this file's.
 */
async function emptyDatabase(name: string, d1: D1Database) {
  let known = knownDatabases.get(name) ?? (await learn(name, d1));
  for (let attempt = 0; ; attempt++) {
    const results = await d1.batch([
      d1.prepare('PRAGMA defer_foreign_keys = ON'),
      ...known.tables.map((table) => d1.prepare(`DELETE FROM ${quoted(table)}`)),
      d1.prepare("DELETE FROM sqlite_sequence WHERE name = 'items'"),
      d1.prepare(SCHEMA),
    ]);
    const schema = (results.at(-1)?.results[0] as { schema?: string } | undefined)?.schema;
    if (schema === known.schema || attempt > 0) return;
    known = await learn(name, d1);
  }
}

async function emptyBucket(bucket: R2Bucket) {
  for (let listed = await bucket.list(); ; listed = await bucket.list({ cursor: listed.cursor })) {
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
    if (!listed.truncated) break;
  }
}

// FEEDS_1 and PEOPLE_1 are the test's second feed shard and people database (vitest.config.ts), migrated
// whichever databases the run uses.
const names = new Set([
  'DB',
  'FEEDS_1',
  'PEOPLE_1',
  ...feedDatabaseNames(env.FEED_DATABASES),
  ...peopleDatabaseNames(env.PEOPLE_DATABASES),
]);
await Promise.all([...names].map((name) => emptyDatabase(name, bindings[name] as D1Database)));
await emptyBucket(env.IMAGES);

// FEEDLOOM_COUNT_D1=1 (vitest.config.ts): every D1 call the isolate makes while the file runs (requests,
// seeds, checks, and the local queue's jobs) is counted and told at its end, for
// scripts/test-cpu-reporter.mjs to put beside the file's CPU: a D1 call costs workerd some 3 ms of CPU.
// Counted where every call passes once, the D1 session's `_send` (workerd's d1-api), so that no binding
// is wrapped: tests that wrap or record `env.DB` themselves see the real one.
if (inject('countD1Calls')) {
  const runner = globalThis as { feedloomD1Calls?: { calls: number } };
  if (!runner.feedloomD1Calls) {
    const counter = { calls: 0 };
    runner.feedloomD1Calls = counter;
    type Session = { _send: (...args: unknown[]) => unknown };
    let proto = Object.getPrototypeOf((env.DB as unknown as { alwaysPrimarySession: object }).alwaysPrimarySession);
    while (proto && !Object.hasOwn(proto, '_send')) proto = Object.getPrototypeOf(proto);
    if (proto) {
      const send = (proto as Session)._send;
      (proto as Session)._send = function (this: unknown, ...args: unknown[]) {
        counter.calls++;
        return send.apply(this, args);
      };
    } else counter.calls = Number.NaN;
  }
  const counter = runner.feedloomD1Calls;
  counter.calls = 0;
  afterAll(() => {
    console.log(`feedloom-d1-calls ${counter.calls} ${expect.getState().testPath ?? ''}`);
  });
}
