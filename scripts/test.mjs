// `npm test`: the type check, the lint and the unit tests, started together, the tests as three Vitest
// runs side by side: each half of the Worker tests in a workerd of its own (the first half printed as it
// runs; the halves split by measured cost, scripts/test-order.mjs), and the Node and happy-dom projects
// (worker-node, web, extension, scripts), in a Vitest that never loads the workerd pool; the others
// print when they end. On two cores they overlap well: the
// Worker tests wait on workerd, the local queue and the fake servers much of the time, and one Vitest run
// gives its files one runner at a time. Any failure fails the whole, after all have finished. Arguments
// go to one `vitest run` of every project (`npm test -- worker/routes/users.test.ts`).
//
// Every process here competes for the same cores, so what counts is CPU, not how soon one part ends: the
// type check runs single-threaded (`--singleThreaded`: TypeScript 7's parallel checkers each check the
// shared types again, 34 s of CPU against 16 s on a fresh clone, for the same errors), and every tool is
// started from node_modules/.bin, not through npx or `npm run`. `npm run typecheck` alone keeps the
// parallel checkers: on idle cores they end sooner.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { copyWorkerAssets } from './test-assets.mjs';

/** Runs a command; `live` streams its output, else it is kept for when it ends. */
function run(name, command, args, live, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    if (!live) {
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!live) {
        const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
        // A run that passed shows its closing counts (Vitest's from "Test Files" on), one that failed all.
        const counts = output.lastIndexOf('Test Files');
        const shown = code !== 0 ? output : counts >= 0 ? output.slice(counts) : '';
        process.stdout.write(`\n── ${name}: ${verdict} in ${seconds} s\n${shown}`);
      }
      resolve({ name, code, seconds });
    });
  });
}

/** The project's own copy of a tool, started without npx or npm run (each an npm start-up, some 1 s of CPU). */
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
// Node 20 parses every .js file of a package that does not say its module type to look for ES module
// syntax (--experimental-detect-module): wrangler's and Miniflare's 16 MB of CommonJS cost Vitest 0.8 s
// of CPU each start; the packages the tests load all declare theirs.
const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --no-experimental-detect-module`.trim();
const vitest = (name, args, live, env = {}) =>
  run(name, bin('vitest'), ['run', ...args], live, { NODE_OPTIONS: nodeOptions, ...env });
/**
 * Half the workerd test files (Vitest's --shard, split by cost: scripts/test-order.mjs), in a workerd and
 * with fake servers of their own. Not one Vitest with two runners (--maxWorkers=2): that saves a Vitest
 * start (some 12 s of CPU) and won at load 12-13 (155 against 176 s of CPU), but on a quieter machine its
 * Worker tests took 192.7 s against 115.3 s for the slower half (28 Nov 06:00-06:10, load 4, in turns;
 * docs/performance.md): its two runners are served by one Node process.
 */
const workerShard = (index, live) =>
  vitest(`worker tests ${index}/2`, ['--project', 'worker', `--shard=${index}/2`], live, {
    FEEDLOOM_WORKER_SHARD: String(index),
    // The sample feeds are copied into dist/client once, below: each run copying them as its config
    // loaded could replace a file while the other's Miniflare listed the folder (ENOENT).
    FEEDLOOM_TEST_ASSETS_READY: '1',
  });

const given = process.argv.slice(2);
if (given.length === 0) copyWorkerAssets();
const tests =
  given.length > 0
    ? [vitest('vitest', given, true)]
    : [
        workerShard(1, true),
        workerShard(2, false),
        vitest(
          'node, web, extension and script tests',
          ['--project', 'worker-node', '--project', 'web', '--project', 'extension', '--project', 'scripts'],
          false,
          { FEEDLOOM_TEST_WORKERD: 'skip' },
        ),
      ];
const results = await Promise.all([
  run('type check (tsc -b)', bin('tsc'), ['-b', '--singleThreaded'], false),
  run('lint (biome check)', bin('biome'), ['check', '.'], false),
  ...tests,
]);
const failed = results.filter((result) => result.code !== 0);
process.stdout.write(
  `\n${results.map((result) => `${result.name} ${result.code === 0 ? 'passed' : 'FAILED'} (${result.seconds} s)`).join(' · ')}\n`,
);
process.exit(failed.length === 0 ? 0 : 1);
