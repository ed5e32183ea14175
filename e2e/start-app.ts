// Starts the app under test as the browser suite runs it: `wrangler dev` (the SPA already built) on a
// free port with its own fresh, migrated local D1/R2/Queue state, mail kept in the dev outbox and the
// fake upstreams allowed. global-setup starts the suite's app with it; model-app.ts a second one with a
// model key.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { migrateAll } from '../scripts/d1-databases.mjs';
import { freePort, spawnWranglerDev, waitForHealth, wranglerEnv } from '../scripts/wrangler-dev.mjs';

export function runOrThrow(command: string, args: string[]) {
  const result = spawnSync(command, args, { env: wranglerEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** A running app at `baseURL`; `stop` ends its wrangler and deletes its state. */
export type RunningApp = { baseURL: string; stop: () => void };

export async function startApp(options: {
  stateDir: string;
  upstreamHost: string;
  vars?: Record<string, string>;
}): Promise<RunningApp> {
  rmSync(options.stateDir, { recursive: true, force: true });
  migrateAll(['--local', '--persist-to', options.stateDir]);
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawnWranglerDev({
    port,
    extraArgs: ['--persist-to', options.stateDir],
    vars: {
      APP_URL: baseURL,
      ENVIRONMENT: 'development',
      EMAIL_TRANSPORT: 'outbox',
      FETCH_ALLOW_HOSTS: options.upstreamHost,
      // The feeds' scripted changes come seconds after a follow; the cooldown itself has its Worker tests.
      REFRESH_COOLDOWN_MINUTES: '0',
      ...options.vars,
    },
  });
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    rmSync(options.stateDir, { recursive: true, force: true });
  };
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  if (!(await waitForHealth(baseURL, server))) {
    console.error(output);
    stop();
    throw new Error('wrangler dev did not answer /api/health within a minute');
  }
  return { baseURL, stop };
}
