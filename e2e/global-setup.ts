// Builds the SPA, starts the fake upstreams and `wrangler dev` on free ports with a fresh local
// D1/R2/Queue state, and tells the tests where they are.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { ensureDevVars } from '../scripts/dev-vars.mjs';
import { startFakeUpstream } from '../worker/test/fake-upstreams/server';

// One state folder per run, so two runs on one machine never share a database.
const STATE_DIR = `e2e/.state/run-${process.pid}`;
export const STRIPE_WEBHOOK_SECRET = 'whsec_feedloom_e2e';
const env = {
  ...process.env,
  CI: 'true',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

function freePort(): Promise<number> {
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

function runOrThrow(command: string, args: string[]) {
  const result = spawnSync(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitForHealth(url: string, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('wrangler dev exited before it was ready');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('wrangler dev did not become ready in 60 s');
}

export default async function setup(project: TestProject) {
  ensureDevVars();
  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync('e2e/screenshots', { recursive: true });
  runOrThrow('npm', ['run', 'build', '--silent']);
  runOrThrow('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE_DIR]);

  const upstream = await startFakeUpstream();
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--local',
      '--port',
      String(port),
      '--persist-to',
      STATE_DIR,
      '--test-scheduled',
      '--show-interactive-dev-session=false',
      '--var',
      `APP_URL:${baseURL}`,
      '--var',
      'ENVIRONMENT:development',
      '--var',
      'EMAIL_TRANSPORT:outbox',
      '--var',
      `FETCH_ALLOW_HOSTS:${upstream.host}`,
      // Lets the browser tests upgrade an account the way production does: a signed Stripe event.
      '--var',
      `STRIPE_WEBHOOK_SECRET:${STRIPE_WEBHOOK_SECRET}`,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  try {
    await waitForHealth(baseURL, server);
  } catch (error) {
    console.error(output);
    throw error;
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
