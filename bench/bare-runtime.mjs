// The benchmark's Worker without `wrangler dev` around it: the bundle startServer made (bench/.work/worker)
// on the same local state, in Miniflare alone. wrangler dev puts a proxy workerd in front and relays every
// DevTools event of the runtime (a Network event per D1 call) through its node process into a debug log;
// production has neither. bench/write-floor.mjs --bare measures the same requests here, to tell that
// relay's share from local D1's own (one Durable Object, one SQLite file, a commit per call).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { readDevVars } from '../scripts/dev-vars.mjs';
import { freePort } from '../scripts/wrangler-dev.mjs';
import { root, WORK_DIR } from './server.mjs';

/** wrangler.toml's compatibility date and [vars] (plain `KEY = "value"` lines), as wrangler dev reads them. */
function wranglerConfig() {
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  const compatibilityDate = toml.match(/^compatibility_date = "([^"]+)"/m)?.[1];
  const section = toml.match(/^\[vars\]\n([\s\S]*?)(?=^\[)/m)?.[1] ?? '';
  const vars = Object.fromEntries([...section.matchAll(/^([A-Z_]+) = "([^"]*)"/gm)].map((m) => [m[1], m[2]]));
  return { compatibilityDate, vars };
}

/**
 * Starts a bundle (bench/.work/worker, the one startServer made, unless `workerDir`) on a local state
 * (bench/.work/state unless `stateDir`; no server may be running on it). `inspectorPort` opens the
 * runtime's own inspector there (workerd's, with no relay: whoever connects reads it directly).
 * `appUrl` is the origin the Worker expects (its own address unless given). { baseURL, port, stop }.
 */
export async function startBareRuntime({
  workerDir = path.join(WORK_DIR, 'worker'),
  stateDir = path.join(WORK_DIR, 'state'),
  inspectorPort,
  appUrl,
} = {}) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const { compatibilityDate, vars } = wranglerConfig();
  const mf = new Miniflare({
    name: 'feedloom',
    host: '127.0.0.1',
    port,
    inspectorPort,
    modules: true,
    modulesRoot: workerDir,
    scriptPath: path.join(workerDir, 'index.js'),
    modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }],
    compatibilityDate,
    compatibilityFlags: ['nodejs_compat'],
    // Where `wrangler dev --persist-to <state>` keeps the DB binding's database.
    d1Databases: { DB: '00000000-0000-0000-0000-000000000000' },
    d1Persist: path.join(stateDir, 'v3/d1'),
    r2Buckets: ['IMAGES'],
    queueProducers: { JOBS: 'feedloom-jobs' },
    // As startServer runs wrangler dev: the config's vars, .dev.vars, then the development overrides.
    bindings: {
      ...vars,
      ...readDevVars(path.join(root, '.dev.vars')),
      APP_URL: appUrl ?? baseURL,
      ENVIRONMENT: 'development',
      EMAIL_TRANSPORT: 'outbox',
    },
  });
  await mf.ready;
  return { baseURL, port, stop: () => mf.dispose() };
}
