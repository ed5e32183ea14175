// Upgrade tests apply the real migrations in steps, filling the database between them as an older version would.
import { env } from 'cloudflare:workers';

/** Applies these migrations to the database in order, each as one batch (as wrangler applies them). */
export async function applyMigrations(d1: D1Database, migrations: typeof env.TEST_MIGRATIONS) {
  for (const migration of migrations) {
    await d1.batch(migration.queries.map((query) => d1.prepare(query)));
  }
}

/** The position of the migration whose name starts with `name` (its number and words) in the real list. */
export function migrationIndex(name: string) {
  const index = env.TEST_MIGRATIONS.findIndex((migration) => migration.name.startsWith(name));
  if (index < 0) throw new Error(`no migration ${name}`);
  return index;
}

/**
 * A database no migration has touched, the first one left of the upgrade databases vitest.config.ts
 * declares: the test files of a runner share its databases, and one cannot be made untouched again (D1
 * refuses to drop an FTS index's shadow tables, even once the index is gone).
 */
async function untouchedDatabase() {
  const bindings = env as unknown as Record<string, D1Database>;
  for (const name of env.UPGRADE_DATABASES.split(',')) {
    const d1 = bindings[name] as D1Database;
    const found = await d1
      .prepare("SELECT count(*) AS objects FROM sqlite_master WHERE name NOT LIKE '_cf_%'")
      .first<{ objects: number }>();
    if (found?.objects === 0) return d1;
  }
  throw new Error('Every upgrade database is taken: declare more in vitest.config.ts (upgradeDatabases)');
}

/**
 * The upgrade database as the version before migration `name` left it (its migrations applied), for a
 * test to fill; `upgradeTo(next)` then applies the migrations from there up to `next` (not included),
 * or, without `next`, all the rest.
 */
export async function databaseBefore(name: string) {
  const d1 = await untouchedDatabase();
  let applied = migrationIndex(name);
  await applyMigrations(d1, env.TEST_MIGRATIONS.slice(0, applied));
  return {
    d1,
    async upgradeTo(next?: string) {
      const until = next === undefined ? env.TEST_MIGRATIONS.length : migrationIndex(next);
      if (until < applied) throw new Error(`${next} comes before the migrations already applied`);
      await applyMigrations(d1, env.TEST_MIGRATIONS.slice(applied, until));
      applied = until;
    },
  };
}
