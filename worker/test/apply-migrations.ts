// Applies the real migrations to each test file's databases before its tests run: the primary and
// every feed shard FEED_DATABASES names (worker/db/shards.ts), as scripts/d1-databases.mjs does for
// `npm start` and deploys.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { feedDatabaseNames } from '../db/shards';

const bindings = env as unknown as Record<string, D1Database>;
// FEEDS_1 is the test's second feed shard (vitest.config.ts), migrated whichever shards the run uses.
for (const name of new Set(['DB', 'FEEDS_1', ...feedDatabaseNames(env.FEED_DATABASES)])) {
  await applyD1Migrations(bindings[name] as D1Database, env.TEST_MIGRATIONS);
}
