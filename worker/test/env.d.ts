// Bindings that exist only under Vitest (see vitest.config.ts).
import type { D1Migration } from 'cloudflare:test';
import type { Secrets } from '../env';

declare global {
  namespace Cloudflare {
    interface Env extends Secrets {
      TEST_MIGRATIONS: D1Migration[];
      /** The names of the databases no migration touched, for upgrade tests (worker/test/migrations.ts). */
      UPGRADE_DATABASES: string;
      FEEDS_1: D1Database;
      PEOPLE_1: D1Database;
      FAKE_UPSTREAM_URL: string;
      /** wrangler.toml's [triggers] crons. */
      CRON_TRIGGERS: string[];
    }
  }
}
