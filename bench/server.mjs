// Starts and stops the local server for the benchmarks, as `npm start` runs it (wrangler's local runtime
// without its DevTools relay, scripts/worker-server.mjs; or `wrangler dev` itself when a run compares the
// two): a fresh local state in bench/.work/state with the migrations applied and the seed SQL executed
// before the server starts, a free port on 127.0.0.1, `--test-scheduled` (the benchmark ticks the cron
// itself) and the development vars the benchmarks need. Everything runs offline.
//
// It serves a snapshot of the current source: the Worker bundled once (`wrangler deploy --dry-run`) and
// the SPA built into bench/.work/client (dist/client, which other tools rebuild, is copied instead only
// when that build fails), under a copy of wrangler.toml in bench/.work. The server reloads whenever a source file changes,
// and a reload drops the queue's in-flight batches, so edits elsewhere in the tree would spoil a run.
import { spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateAll } from '../scripts/d1-databases.mjs';
import { ensureDevVars } from '../scripts/dev-vars.mjs';
import { spawnWorkerServer } from '../scripts/worker-server.mjs';
import { wranglerEnv as env, freePort, spawnWranglerDev, waitForHealth } from '../scripts/wrangler-dev.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WORK_DIR = path.join(root, 'bench/.work');
const STATE_DIR = path.join(WORK_DIR, 'state');
const CONFIG = path.join(WORK_DIR, 'wrangler.toml');

/**
 * Bundles the Worker and copies the SPA into bench/.work, with a wrangler.toml that points at them.
 * `entry`: a benchmark's own entry in place of worker/index.ts (bench/far-reader-worker.ts, which wraps
 * the Worker's D1 bindings in a latency model for the requests that ask), bundled the same way.
 */
function snapshotWorker(entry) {
  // wrangler refuses a config whose assets directory is missing (vitest.config.ts does the same).
  mkdirSync(path.join(root, 'dist/client'), { recursive: true });
  rmSync(path.join(WORK_DIR, 'worker'), { recursive: true, force: true });
  runOrThrow('bundling the Worker', [
    'wrangler',
    'deploy',
    '--dry-run',
    '--outdir',
    path.join(WORK_DIR, 'worker'),
    ...(entry ? [entry] : []),
  ]);
  const main = `worker/${entry ? path.basename(entry).replace(/\.ts$/, '') : 'index'}.js`;
  const client = path.join(WORK_DIR, 'client');
  rmSync(client, { recursive: true, force: true });
  try {
    runOrThrow('building the SPA', [
      'vite',
      'build',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      client,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
  } catch (error) {
    if (!existsSync(path.join(root, 'dist/client/index.html'))) throw error;
    console.warn(`SPA build failed, serving the existing dist/client instead:\n${error.message}`);
    cpSync(path.join(root, 'dist/client'), client, { recursive: true });
  }
  let config = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  for (const [from, to] of [
    [/^main = .*$/m, `main = "${main}"`],
    [/^directory = .*$/m, 'directory = "client"'],
    // Every database's: the primary and each feed shard.
    [/^migrations_dir = .*$/gm, 'migrations_dir = "../../migrations"'],
    // The benchmark measures what a search costs at 32 connections, not the per-person limit of 30 a
    // minute (issue 29), which worker/routes/search-rate-limit.test.ts holds: with it every search
    // past the 30th was a 429.
    [/^simple = \{ limit = 30, period = 60 \}$/m, 'simple = { limit = 1000000, period = 60 }'],
  ]) {
    if (!from.test(config)) throw new Error(`wrangler.toml has no line matching ${from}`);
    config = config.replace(from, to);
  }
  writeFileSync(CONFIG, config);
}

function runOrThrow(label, args) {
  const result = spawnSync('npx', args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${label} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `wrangler d1 execute` on the benchmark state's DB with these arguments; its output. */
const executeOnState = (label, args) =>
  runOrThrow(label, ['wrangler', 'd1', 'execute', 'DB', '--local', '-c', CONFIG, '--persist-to', STATE_DIR, ...args]);

/** The rows of one read-only query against the benchmark state (the server may be running). */
export function queryState(sql) {
  return JSON.parse(executeOnState('querying the state', ['--json', '--command', sql]))[0].results;
}

/** Writes `sql` to bench/.work/<name>.sql and executes it against the benchmark state (server stopped). */
function executeSql(name, sql) {
  const file = path.join(WORK_DIR, `${name}.sql`);
  writeFileSync(file, sql);
  executeOnState(`seeding ${name}`, ['--file', file]);
}

/**
 * Fresh state, migrations, seeds (an array of { name, sql, people }: `people`, the ids of the users
 * whose subscriptions or categories the SQL writes), then the server: as `npm start` runs it, without
 * wrangler dev's DevTools relay, or with it (`relay: true`, `wrangler dev` itself).
 * Returns { baseURL, pid, stop() }; `stop` ends the whole process group.
 */
export async function startServer({ allowHosts = '', seeds = [], relay = false, entry } = {}) {
  ensureDevVars();
  snapshotWorker(entry);
  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync(STATE_DIR, { recursive: true });
  migrateAll(['--local', '-c', CONFIG, '--persist-to', STATE_DIR]);
  for (const seed of seeds) executeSql(seed.name, seed.sql);

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const vars = {
    APP_URL: baseURL,
    ENVIRONMENT: 'development',
    EMAIL_TRANSPORT: 'outbox',
    FETCH_ALLOW_HOSTS: allowHosts,
  };
  const envFile = path.join(root, '.dev.vars');
  // As `npm start` serves (scripts/worker-server.mjs), unless the run asks for wrangler dev's relay.
  const child = relay
    ? spawnWranglerDev({
        port,
        cwd: root,
        extraArgs: ['-c', CONFIG, '--env-file', envFile, '--ip', '127.0.0.1', '--persist-to', STATE_DIR],
        vars,
      })
    : spawnWorkerServer({ port, ip: '127.0.0.1', config: CONFIG, envFile, persistTo: STATE_DIR, vars, cwd: root });
  // The server's log goes to bench/.work/wrangler.log; the tail is kept for error messages.
  const log = createWriteStream(path.join(WORK_DIR, 'wrangler.log'));
  let output = '';
  const keep = (chunk) => {
    log.write(chunk);
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  // If the benchmark dies, the server must not outlive it.
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  process.once('exit', killGroup);
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => {
        process.off('exit', killGroup);
        log.end();
        resolve();
      });
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
        resolve();
      }, 5000).unref();
    });

  if (!(await waitForHealth(baseURL, child))) {
    await stop();
    throw new Error(`the server did not become ready:\n${output}`);
  }
  try {
    await rebuildReadingLists(
      baseURL,
      seeds.flatMap((seed) => seed.people ?? []),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, port, pid: child.pid, stop, output: () => output };
}

/**
 * The seeds write subscriptions and categories with SQL, beside the app: the app then rebuilds each
 * seeded person's reading list from those rows (worker/db/reading-list.ts), as its own writes do.
 * `origin`: the server's APP_URL, when it is not `baseURL`.
 */
export async function rebuildReadingLists(baseURL, userIds, origin = baseURL) {
  if (userIds.length === 0) return;
  const response = await fetch(`${baseURL}/api/dev/bench/reading-lists`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ userIds }),
  });
  if (!response.ok) throw new Error(`rebuilding the seeded reading lists answered ${response.status}`);
}
