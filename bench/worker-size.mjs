// The Worker as it deploys, beside a bare Hono Worker: its bytes and gzipped bytes (what Cloudflare counts
// against the script size limit), and its start-up: a fresh workerd (Miniflare) loading the script until it
// answers GET /api/health, the median of several cold starts, alternating with the bare Worker so both
// see the same machine. Every cold isolate parses the whole script before its first request, so the gap
// between the two is what our bundle costs each one. Offline; no wrangler dev.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { wranglerEnv } from '../scripts/wrangler-dev.mjs';
import { root, WORK_DIR } from './server.mjs';

const STARTS = 7;
const OUT = path.join(WORK_DIR, 'worker-size');

/** wrangler.toml's compatibility date and flags, as the deployed Worker gets them. */
function compatibility() {
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  return {
    compatibilityDate: toml.match(/^compatibility_date = "([^"]+)"/m)?.[1],
    compatibilityFlags: JSON.parse(toml.match(/^compatibility_flags = (\[.*\])/m)?.[1] ?? '[]'),
  };
}

/** `wrangler deploy --dry-run`: the script exactly as `npm run deploy` would upload it. */
function bundleFeedloom() {
  const outdir = path.join(OUT, 'feedloom');
  rmSync(outdir, { recursive: true, force: true });
  // wrangler refuses a dry run whose assets folder (wrangler.toml's assets.directory) is missing, as on a
  // new clone before any build; the script it bundles does not depend on what the folder holds.
  mkdirSync(path.join(root, 'dist', 'client'), { recursive: true });
  const result = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], {
    cwd: root,
    env: wranglerEnv,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${result.stdout}\n${result.stderr}`);
  return path.join(outdir, 'index.js');
}

/** The floor: Hono answering /api/health and nothing else, bundled and minified as wrangler does. */
async function bundleBareHono() {
  const outfile = path.join(OUT, 'bare-hono', 'index.js');
  await build({
    stdin: {
      contents:
        "import { Hono } from 'hono';\nexport default new Hono().get('/api/health', (c) => c.json({ ok: true }));",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** A fresh workerd loading `script` until GET /api/health answers: milliseconds. */
export async function coldStart(script, bindings) {
  const started = performance.now();
  const mf = new Miniflare({
    modules: [{ type: 'ESModule', path: script }],
    modulesRoot: path.dirname(script),
    ...compatibility(),
    bindings,
    d1Databases: ['DB'],
    r2Buckets: ['IMAGES'],
    queueProducers: { JOBS: 'feedloom-jobs' },
  });
  try {
    const response = await mf.dispatchFetch('http://localhost/api/health');
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path.relative(root, script)}: /api/health answered ${response.status}`);
    return performance.now() - started;
  } finally {
    await mf.dispose();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const sizes = (script) => {
  const bytes = readFileSync(script);
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
};

export async function benchWorker() {
  mkdirSync(OUT, { recursive: true });
  const feedloom = bundleFeedloom();
  const bare = await bundleBareHono();
  // What the health route needs to build the service context (config.ts), with no real service behind it.
  const bindings = {
    APP_URL: 'http://localhost:8787',
    ENVIRONMENT: 'development',
    ADMIN_USER_IDS: '',
    EMAIL_FROM: 'Feedloom <noreply@feedloom.local>',
    EMAIL_TRANSPORT: 'outbox',
    FETCH_ALLOW_HOSTS: '',
    FEED_DATABASES: 'DB',
    PEOPLE_DATABASES: 'DB',
    REFRESH_COOLDOWN_MINUTES: '10',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    PASSWORD_PEPPER: 'bench-pepper-0123456789abcdef',
    ENCRYPTION_KEY: 'YmVuY2gtZW5jcnlwdGlvbi1rZXktMDEyMzQ1Njc4OWE=',
  };
  const times = { feedloom: [], bare: [] };
  // One start of each first, unmeasured: the first workerd of a run also pays for the binary's own load.
  await coldStart(feedloom, bindings);
  await coldStart(bare, {});
  for (let i = 0; i < STARTS; i++) {
    times.feedloom.push(await coldStart(feedloom, bindings));
    times.bare.push(await coldStart(bare, {}));
  }
  return {
    ...sizes(feedloom),
    startupMs: median(times.feedloom),
    bare: { ...sizes(bare), startupMs: median(times.bare) },
    starts: STARTS,
  };
}
