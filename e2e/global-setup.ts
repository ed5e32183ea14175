// Builds the SPA, starts the fake upstreams and `wrangler dev` on free ports with a fresh local
// D1/R2/Queue state, and tells the tests where they are.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { migrateAll } from '../scripts/d1-databases.mjs';
import { ensureDevVars } from '../scripts/dev-vars.mjs';
import { freePort, spawnWranglerDev, waitForHealth, wranglerEnv } from '../scripts/wrangler-dev.mjs';
import { startFakeUpstream } from '../worker/test/fake-upstreams/server';

// One state folder per run, so two runs on one machine never share a database.
const STATE_DIR = `e2e/.state/run-${process.pid}`;
export const STRIPE_WEBHOOK_SECRET = 'whsec_feedloom_e2e';

function runOrThrow(command: string, args: string[]) {
  const result = spawnSync(command, args, { env: wranglerEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

export default async function setup(project: TestProject) {
  ensureDevVars();
  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync('e2e/screenshots', { recursive: true });
  runOrThrow('npm', ['run', 'build', '--silent']);
  migrateAll(['--local', '--persist-to', STATE_DIR]);

  const upstream = await startFakeUpstream();
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawnWranglerDev({
    port,
    extraArgs: ['--persist-to', STATE_DIR],
    vars: {
      APP_URL: baseURL,
      ENVIRONMENT: 'development',
      EMAIL_TRANSPORT: 'outbox',
      FETCH_ALLOW_HOSTS: upstream.host,
      // The feeds' scripted changes come seconds after a follow; the cooldown itself has its Worker tests.
      REFRESH_COOLDOWN_MINUTES: '0',
      // Lets the browser tests upgrade an account the way production does: a signed Stripe event.
      STRIPE_WEBHOOK_SECRET,
    },
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  if (!(await waitForHealth(baseURL, server))) {
    console.error(output);
    throw new Error('wrangler dev did not answer /api/health within a minute');
  }
  project.provide('baseURL', baseURL);
  project.provide('fakeUpstreamUrl', upstream.url);
  project.provide('stripeWebhookSecret', STRIPE_WEBHOOK_SECRET);

  return async () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await upstream.close();
    rmSync(STATE_DIR, { recursive: true, force: true });
  };
}
