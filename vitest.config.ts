// Two Vitest projects: `worker` runs inside workerd with local D1/R2/Queues and the migrations
// applied (the platform as it runs in production); `web` runs the SPA's unit tests in happy-dom.
// The browser suite lives apart (e2e/vitest.config.ts, `npm run test:e2e`).
import { cpSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { cronsFromWranglerToml } from './scripts/cron.mjs';

// wrangler refuses a config whose assets directory is missing; the worker tests need no built SPA, only
// the development sample feeds that the Worker reads from its assets (as `vite build` copies them).
mkdirSync('dist/client', { recursive: true });
cpSync('web/public/dev', 'dist/client/dev', { recursive: true });

// wrangler reads the config (and a local .dev.vars, whose values the bindings below override anyway)
// once per test file and says so at "log" level; warnings and errors still show.
process.env.WRANGLER_LOG ??= 'warn';

// workerd reports "WebSocket peer disconnected" once per test file, when the pool closes the connection
// to a finished runner: not a failure, and missing from the pool's own list of such messages
// (vitest-pool-workers' ignoreMessages). Every other line passes.
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    String(chunk).includes('disconnected: WebSocket peer disconnected')
      ? true
      : write(chunk, ...rest)) as typeof stream.write;
}

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // UPGRADE_DB: a database no migration touched (worker/db/migrations.test.ts upgrades it step by
              // step). FEEDS_1: a second feed shard (worker/db/shards.ts), PEOPLE_1 a second people
              // database (worker/db/people.ts), both migrated like DB.
              d1Databases: {
                UPGRADE_DB: 'feedloom-upgrade-test',
                FEEDS_1: 'feedloom-feeds-1-test',
                PEOPLE_1: 'feedloom-people-1-test',
              },
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations('migrations'),
                SESSION_SECRET: 'test-session-secret-0123456789abcdef',
                PASSWORD_PEPPER: 'test-pepper-0123456789abcdef',
                ENCRYPTION_KEY: 'dGVzdC1lbmNyeXB0aW9uLWtleS0wMTIzNDU2Nzg5YWI=',
                ENVIRONMENT: 'development',
                // Two feed shards, so every test runs the multi-database paths (worker/db/shards.ts).
                FEED_DATABASES: 'DB,FEEDS_1',
                // Two people databases: people who sign up are placed in either (worker/db/people.ts).
                PEOPLE_DATABASES: 'DB,PEOPLE_1',
                EMAIL_TRANSPORT: 'outbox',
                APP_URL: 'http://localhost:8787',
                // The fake upstream servers of worker/test/global-setup.ts, and nothing else.
                FETCH_ALLOW_HOSTS: inject('fakeUpstreamHosts'),
                FAKE_UPSTREAM_URL: inject('fakeUpstreamUrl'),
                // wrangler.toml's Cron Triggers, so tests fire the real schedule (worker/test/helpers.ts cronOf).
                CRON_TRIGGERS: cronsFromWranglerToml('wrangler.toml'),
              },
            },
          })),
        ],
        ssr: { optimizeDeps: { include: ['zod', 'drizzle-orm', 'hono', 'jose', 'openai'] } },
        test: {
          name: 'worker',
          include: ['worker/**/*.test.ts'],
          globalSetup: ['worker/test/global-setup.ts'],
          setupFiles: ['worker/test/apply-migrations.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'extension',
          include: ['extension/**/*.test.ts'],
          environment: 'happy-dom',
          environmentOptions: {
            happyDOM: { settings: { disableCSSFileLoading: true, handleDisabledFileLoadingAsSuccess: true } },
          },
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        resolve: {
          alias: {
            '@': fileURLToPath(new URL('./web/src', import.meta.url)),
            '@contracts': fileURLToPath(new URL('./worker/contracts', import.meta.url)),
          },
        },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
