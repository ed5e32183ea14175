// Applies the real migrations to each test file's databases before its tests run: the primary, every
// feed shard FEED_DATABASES names (worker/db/shards.ts) and every people database PEOPLE_DATABASES names
// (worker/db/people.ts), as scripts/d1-databases.mjs does for `npm start` and deploys.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { peopleDatabaseNames } from '../db/people';
import { feedDatabaseNames } from '../db/shards';

const bindings = env as unknown as Record<string, D1Database>;
// FEEDS_1 and PEOPLE_1 are the test's second feed shard and people database (vitest.config.ts), migrated
// whichever databases the run uses.
const names = [
  'DB',
  'FEEDS_1',
  'PEOPLE_1',
  ...feedDatabaseNames(env.FEED_DATABASES),
  ...peopleDatabaseNames(env.PEOPLE_DATABASES),
];
for (const name of new Set(names)) {
  await applyD1Migrations(bindings[name] as D1Database, env.TEST_MIGRATIONS);
}
