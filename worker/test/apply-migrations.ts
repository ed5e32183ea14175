// Gives each Worker test file the databases of a fresh install: the real migrations applied to the
// primary, every feed shard FEED_DATABASES names (worker/db/shards.ts) and every people database
// PEOPLE_DATABASES names (worker/db/people.ts), as scripts/d1-databases.mjs does for `npm start` and
// deploys, with no row in them, an empty image bucket and the bindings vitest.config.ts gives.
//
// The test files of one runner share one workerd (vitest.config.ts: isolate false), so this runs before
// each file: the migrations are applied once per runner (applyD1Migrations skips those it recorded),
// and what the file before wrote is deleted (a DELETE per table costs far less than a new workerd and
// 23 migrations on 3 databases). The upgrade tests take a database nobody touched instead
// (worker/test/migrations.ts).
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
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

/**
 * Deletes every row, in one batch whose foreign keys are checked at its end (when nothing is left).
 * Item ids start again from the clock (db/shards.ts: after the largest id the table ever handed out), as
 * on a new install; every other AUTOINCREMENT counter goes on from where the file before left it, so a
 * job that file queued and the local queue delivers late names a feed or person that is gone, never one
 * of this file's.
 */
async function emptyDatabase(d1: D1Database) {
  const tables = await dataTables(d1);
  if (tables.length === 0) return;
  await d1.batch([
    d1.prepare('PRAGMA defer_foreign_keys = ON'),
    ...tables.map((table) => d1.prepare(`DELETE FROM ${quoted(table)}`)),
    d1.prepare("DELETE FROM sqlite_sequence WHERE name = 'items'"),
  ]);
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
await Promise.all(
  [...names].map(async (name) => {
    const d1 = bindings[name] as D1Database;
    await applyD1Migrations(d1, env.TEST_MIGRATIONS);
    await emptyDatabase(d1);
  }),
);
await emptyBucket(env.IMAGES);
