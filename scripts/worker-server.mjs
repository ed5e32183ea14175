// The Worker served locally without wrangler's DevTools relay: what `npm start` and the benchmarks run.
// `wrangler dev` always puts an InspectorProxyWorker between its proxy and the runtime, and that worker
// buffers every DevTools message of the runtime (several per D1 call) until a DevTools client connects:
// with none connected its buffer grows by about 100 KB a request until the proxy runs out of heap, at
// about 21,000 requests (issue 34). The CLI has no switch for it; wrangler's programmatic API does
// (`unstable_startWorker` with `dev.inspector: false`), so this file runs that API in a child process of
// its own. Everything else is as `wrangler dev --local --test-scheduled` serves: the same proxy and
// runtime workerd, the same bundling and reloads, the same bindings, vars and .dev.vars.
// `npm run dev` (Vite) and the browser suite keep their inspector for debugging.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { devServerVars, wranglerEnv } from './wrangler-dev.mjs';

/**
 * @typedef {object} WorkerServerOptions
 * @property {number} port
 * @property {string} [ip] where to listen (wrangler's default, localhost, when absent)
 * @property {string} [config] the wrangler config (wrangler.toml in `cwd` when absent)
 * @property {string} [envFile] the secrets file (.dev.vars beside the config when absent)
 * @property {string} [persistTo] the local state folder (.wrangler/state when absent)
 * @property {Record<string, string>} [vars] vars over the config's, as `--var KEY:value`
 */

/**
 * Spawns the server (this file) in its own process group: `process.kill(-child.pid)` ends it with its
 * two workerd processes. It runs as development with its own origin in FETCH_ALLOW_HOSTS, as
 * spawnWranglerDev's server does.
 * @param {WorkerServerOptions & { cwd?: string, stdio?: import('node:child_process').StdioOptions }} options
 * @returns {import('node:child_process').ChildProcess}
 */
export function spawnWorkerServer({ cwd, stdio = ['ignore', 'pipe', 'pipe'], ...options }) {
  const vars = devServerVars({ port: options.port, vars: options.vars, cwd, envFile: options.envFile });
  return spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify({ ...options, vars })], {
    cwd,
    env: wranglerEnv,
    stdio,
    detached: true,
  });
}

/** @param {WorkerServerOptions} options */
async function serve({ port, ip, config, envFile, persistTo, vars = {} }) {
  // Required, not imported: wrangler is CommonJS, and an import makes Node scan its 10 MB bundle for the
  // names it exports first (about 1 s of CPU at every start).
  const { unstable_startWorker } = createRequire(import.meta.url)('wrangler');
  const worker = await unstable_startWorker({
    config,
    envFiles: envFile ? [envFile] : undefined,
    // What `--var KEY:value` makes of each.
    bindings: Object.fromEntries(
      Object.entries(vars).map(([key, value]) => [key, { type: 'plain_text', value, hidden: true }]),
    ),
    dev: {
      remote: false,
      inspector: false,
      testScheduled: true,
      server: { hostname: ip, port },
      persist: persistTo,
    },
  });
  // A failure after the start (a bundle that no longer builds, a runtime that cannot reload) is logged
  // by wrangler where it can; anything it leaves to us is printed, never thrown away.
  worker.raw.on('error', (event) => console.error(`✗ ${event.reason ?? event.message ?? event}`, event.cause ?? ''));
  await worker.ready;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      worker.dispose().finally(() => process.exit(0));
    });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  serve(JSON.parse(process.argv[2] ?? '{}')).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
