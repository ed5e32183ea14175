// What `npm start`, the browser tests and the benchmarks share about running `wrangler dev`: the
// environment that keeps wrangler offline and quiet, a free port, the command line, and waiting for
// /api/health. Each caller adds only what is its own (state folder, vars, logging).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { allowOwnOrigin, readDevVars } from './dev-vars.mjs';

/**
 * Without these wrangler tries to reach Cloudflare (metrics, error reports, the update check of its
 * banner) and prints stack traces.
 */
export const wranglerEnv = {
  ...process.env,
  CI: 'true',
  WRANGLER_HIDE_BANNER: 'true',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Resolves true when nothing listens on `port` (on any address, as wrangler will listen), false when
 * it is taken.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * The vars every local server runs with over the config's: development (ENVIRONMENT, unless `vars`
 * says otherwise), and its own origin (APP_URL) in FETCH_ALLOW_HOSTS, so that the Worker can fetch what
 * it serves itself, such as the sample feeds.
 * @param {{ port: number, vars?: Record<string, string>, cwd?: string, envFile?: string }} options
 * @returns {Record<string, string>}
 */
export function devServerVars({ port, vars = {}, cwd, envFile }) {
  const devVars = readDevVars(envFile ?? (cwd ? `${cwd.replace(/\/$/, '')}/.dev.vars` : undefined));
  const appUrl = vars.APP_URL ?? devVars.APP_URL ?? `http://localhost:${port}`;
  return {
    ENVIRONMENT: 'development',
    ...vars,
    FETCH_ALLOW_HOSTS: allowOwnOrigin(appUrl, vars.FETCH_ALLOW_HOSTS ?? devVars.FETCH_ALLOW_HOSTS),
  };
}

/**
 * Spawns `wrangler dev` (local, --test-scheduled so the crons can be ticked, no interactive bar) in its
 * own process group, with its DevTools relay (scripts/worker-server.mjs serves without it). `vars`
 * (devServerVars) become `--var KEY:value`; `extraArgs` go before them.
 * @param {{ port: number, vars?: Record<string, string>, extraArgs?: string[], cwd?: string,
 *   stdio?: import('node:child_process').StdioOptions }} options
 * @returns {import('node:child_process').ChildProcess}
 */
export function spawnWranglerDev({ port, vars = {}, extraArgs = [], cwd, stdio = ['ignore', 'pipe', 'pipe'] }) {
  const args = ['wrangler', 'dev', '--local', '--port', String(port), '--test-scheduled'];
  args.push('--show-interactive-dev-session=false', ...extraArgs);
  for (const [key, value] of Object.entries(devServerVars({ port, vars, cwd }))) args.push('--var', `${key}:${value}`);
  return spawn('npx', args, { cwd, env: wranglerEnv, stdio, detached: true });
}

/**
 * Resolves true once GET /api/health answers 200; false if the server exits or `timeoutMs` (a minute)
 * passes.
 * @param {string} baseURL
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<boolean>}
 */
export async function waitForHealth(baseURL, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      // Each try is bounded: when the Worker's build fails, wrangler keeps running and its runtime
      // accepts connections it never answers, and an unbounded fetch would wait there for ever
      // instead of reporting the build's error.
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return true;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
