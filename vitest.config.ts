// Vitest projects: `worker` runs inside workerd with local D1/R2/Queues and the migrations applied (the
// platform as it runs in production); `worker-node` runs the Worker's pure modules (parser, HTML, search
// syntax, scheduling rules …) in plain Node, where a file starts in milliseconds instead of seconds
// (scripts/test-runtimes.mjs tells them apart by what they import); `web` and `extension` run the UI's
// unit tests in happy-dom; `scripts` the Node scripts. The browser suite lives apart
// (e2e/vitest.config.ts, `npm run test:e2e`).
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { cronsFromWranglerToml } from './scripts/cron.mjs';
import { copyWorkerAssets } from './scripts/test-assets.mjs';
import { registerLightImports } from './scripts/test-light-imports.mjs';
import { weightedSequencer } from './scripts/test-order.mjs';
import { splitWorkerTests } from './scripts/test-runtimes.mjs';
import { sourceMapsWithoutSources } from './scripts/test-source-maps.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Whether `path` is a folder this process may write in (/dev/shm is missing on macOS). */
function isWritableDirectory(path: string) {
  try {
    accessSync(path, constants.W_OK);
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
const workerTests = splitWorkerTests(root);

// `npm test` runs the Node and happy-dom projects in a Vitest run of their own (scripts/test.mjs), which
// says so: that run then never loads the workerd pool, wrangler and Miniflare, some 5 s of CPU to import.
const withWorkerd = process.env.FEEDLOOM_TEST_WORKERD !== 'skip';

/** The `worker` project: the Worker's tests in workerd, through @cloudflare/vitest-pool-workers. */
async function workerdProject(): Promise<TestProjectInlineConfiguration> {
  registerLightImports();
  const { cloudflareTest } = await import('@cloudflare/vitest-pool-workers');
  // Miniflare is CommonJS: required, as the pool now does (scripts/test-light-imports.mjs).
  const { mergeWorkerOptions } = createRequire(import.meta.url)('miniflare') as typeof import('miniflare');
  const { testWorkerOptions } = await import('./scripts/test-wrangler-config.mjs');
  const { startFakeUpstream } = await import('./worker/test/fake-upstreams/server.ts');
  // Databases no migration touched, one for each upgrade test a runner may run (worker/test/migrations.ts
  // takes the first still untouched: D1 cannot make one untouched again). An unused one costs nothing.
  const upgradeDatabases = Object.fromEntries(
    Array.from({ length: 16 }, (_, index) => [`UPGRADE_DB_${index}`, `feedloom-upgrade-test-${index}`]),
  );

  // wrangler refuses a config whose assets directory is missing; the worker tests need no built SPA, only
  // the development sample feeds that the Worker reads from its assets (as `vite build` copies them).
  // (`npm test` copies them once before its two Worker runs start: FEEDLOOM_TEST_ASSETS_READY.)
  if (process.env.FEEDLOOM_TEST_ASSETS_READY !== '1') copyWorkerAssets();

  // The Miniflare options wrangler.toml makes, read from a folder with no .dev.vars or .env: the tests see
  // wrangler.toml's [vars] and the bindings below, whatever a developer keeps in theirs. Cached with the
  // migrations until wrangler.toml, a migration or wrangler changes (scripts/test-wrangler-config.mjs), so
  // that a Worker test run never loads wrangler, and given to the pool as its options rather than as a
  // wrangler.configPath for it to read.
  // (When it is made again, wrangler says it read the config at "log" level; warnings and errors still show.)
  process.env.WRANGLER_LOG ??= 'warn';
  const { main, workerOptions, migrations } = await testWorkerOptions(
    root,
    `${root}node_modules/.cache/feedloom-tests`,
  );

  // The local queue hands each message to the Worker as soon as it is sent, not after wrangler.toml's
  // max_batch_timeout (a second): a test that waits for a queued mail or job waited that second, 37 of
  // them in the suite. Every other setting of each consumer is wrangler.toml's.
  const queueConsumers = Object.fromEntries(
    Object.entries((workerOptions.queueConsumers ?? {}) as Record<string, object>).map(([queue, consumer]) => [
      queue,
      { ...consumer, maxBatchTimeout: 0 },
    ]),
  );

  // Miniflare keeps the runner's D1 databases (and R2, the queue) as files in the temporary directory,
  // and SQLite syncs each write to disk: on this shared disk a sync takes about 1 ms and 9-49 ms in the
  // tail. In memory (tmpfs) the same run spent 14 % less CPU in its tests (27.3 -> 23.4 s on six D1-heavy
  // files). Miniflare removes its folder when the runner ends. FEEDLOOM_TEST_ON_DISK=1 keeps them on disk
  // (to compare).
  if (!process.env.FEEDLOOM_TEST_ON_DISK && isWritableDirectory('/dev/shm')) {
    process.env.TMPDIR = '/dev/shm/feedloom-tests';
    mkdirSync(process.env.TMPDIR, { recursive: true });
  }

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

  // `npm test` runs the workerd project as two Vitest runs side by side (scripts/test.mjs, --shard, split
  // by cost), each with its own workerd, fake servers and pre-bundled dependencies: two runs bundling into
  // one cache folder at once could read each other's half-written files.
  const workerShard = process.env.FEEDLOOM_WORKER_SHARD;

  return {
    cacheDir: workerShard ? `node_modules/.vite/worker-shard-${workerShard}` : undefined,
    plugins: [
      // Source maps sent to workerd without each file's source text (scripts/test-source-maps.mjs).
      sourceMapsWithoutSources(),
      // Called as each runner starts: the runner gets a workerd and fake servers of its own, so that two
      // runners at once would never share a database, a scripted feed or a recorded request.
      cloudflareTest(async () => {
        const upstream = await startFakeUpstream();
        return {
          main,
          miniflare: mergeWorkerOptions(structuredClone(workerOptions), {
            // FEEDS_1: a second feed shard (worker/db/shards.ts), PEOPLE_1 a second people database
            // (worker/db/people.ts), both migrated like DB; and the upgrade tests' untouched databases.
            queueConsumers,
            d1Databases: {
              ...upgradeDatabases,
              FEEDS_1: 'feedloom-feeds-1-test',
              PEOPLE_1: 'feedloom-people-1-test',
              // A ring of day databases for the story index (worker/db/story-ring.ts): only
              // story-ring.test.ts names it (STORY_DATABASES), and the ring makes its own table.
              ...Object.fromEntries(
                Array.from({ length: 5 }, (_, day) => [`STORIES_${day}`, `feedloom-stories-${day}-test`]),
              ),
            },
            bindings: {
              TEST_MIGRATIONS: migrations,
              UPGRADE_DATABASES: Object.keys(upgradeDatabases).join(','),
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
              // This runner's fake upstream servers (worker/test/fake-upstreams), and nothing else.
              FETCH_ALLOW_HOSTS: upstream.host,
              FAKE_UPSTREAM_URL: upstream.url,
              // wrangler.toml's Cron Triggers, so tests fire the real schedule (worker/test/helpers.ts cronOf).
              CRON_TRIGGERS: cronsFromWranglerToml('wrangler.toml'),
            },
          }),
        };
      }),
    ],
    test: {
      name: 'worker',
      sequence: { groupOrder: 0 },
      include: workerTests.workerd,
      globalSetup: ['worker/test/global-setup.ts'],
      setupFiles: ['worker/test/apply-migrations.ts'],
      // FEEDLOOM_COUNT_D1=1: each file counts its D1 calls (apply-migrations.ts), to find what to make cheaper.
      provide: { countD1Calls: process.env.FEEDLOOM_COUNT_D1 === '1' },
      // One workerd for all the files a runner is given, not one per file: starting workerd, loading
      // the Worker's modules into it and applying 29 migrations to 3 databases cost seconds a file.
      // apply-migrations.ts empties the databases between files, so each still starts from a new install.
      isolate: false,
      // Pre-bundled once (node_modules/.vite), not transformed module by module in every runner:
      // Stripe's SDK alone is some 400 files, which its first import in a file paid for again. Not
      // hono: @hono/zod-validator would import the unbundled copy, whose HTTPException is another
      // class than the one app.ts tells apart (a malformed body answered 500 instead of 400).
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              'stripe',
              'openai',
              'zod',
              'drizzle-orm',
              'drizzle-orm/d1',
              'drizzle-orm/sqlite-core',
              'jose',
              'marked',
            ],
          },
        },
      },
      // A hang's limit, not a timing: an end-to-end test of a few requests passed 20 s at load 18 on
      // 2 cores (account-deletion-stripe.test.ts, a landing at 19:46 on 27 Nov) and hangs never end.
      testTimeout: 60_000,
    },
  };
}

// Each project is a group of its own (sequence.groupOrder): Vitest then hands all of a project's files to
// one runner, which keeps its workerd, happy-dom window or module graph from file to file (isolate false);
// projects sharing a group had their files interleaved, and a runner was started anew for nearly each.
// `npm test` runs the workerd project beside the others (scripts/test.mjs), in two halves of about equal
// cost (scripts/test-order.mjs).
export default defineConfig({
  test: {
    sequence: { sequencer: weightedSequencer(['worker']) },
    projects: [
      ...(withWorkerd ? [await workerdProject()] : []),
      {
        test: {
          name: 'worker-node',
          sequence: { groupOrder: 1 },
          include: workerTests.node,
          environment: 'node',
          // Pure modules: the files share one module graph instead of loading it again each.
          isolate: false,
          // The hostile-input sweeps (sanitize.test.ts) take seconds on a busy machine; the limit is a
          // hang's, not a timing (docs/testing.md).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'extension',
          sequence: { groupOrder: 2 },
          include: ['extension/**/*.test.ts'],
          environment: 'happy-dom',
          // One happy-dom window for all the files, emptied before each (vitest.fresh-dom.ts): a window
          // per file cost more than the tests themselves.
          isolate: false,
          setupFiles: ['vitest.fresh-dom.ts'],
          environmentOptions: {
            happyDOM: { settings: { disableCSSFileLoading: true, handleDisabledFileLoadingAsSuccess: true } },
          },
        },
      },
      {
        test: {
          name: 'scripts',
          sequence: { groupOrder: 3 },
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
          // One module graph for all the files (wrangler's, which several import, loads once).
          isolate: false,
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
          sequence: { groupOrder: 4 },
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // As the extension's: one window, emptied before each file (vitest.fresh-dom.ts).
          isolate: false,
          setupFiles: ['vitest.fresh-dom.ts'],
        },
      },
    ],
  },
});
