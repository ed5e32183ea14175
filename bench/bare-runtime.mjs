// The benchmark's Worker without `wrangler dev` around it: the bundle startServer made (bench/.work/worker)
// on the same local state, in Miniflare alone. wrangler dev puts a proxy workerd in front and relays every
// DevTools event of the runtime (a Network event per D1 call) through its node process into a debug log;
// production has neither. bench/write-floor.mjs --bare measures the same requests here, to tell that
// relay's share from local D1's own (one Durable Object, one SQLite file, a commit per call).
//
// startSplitRuntime runs the same bundle with its D1 database in a second workerd, reached over HTTP on
// 127.0.0.1. In one Miniflare, local D1 runs on the thread that runs the Worker, so every request's SQLite
// work waits on the same thread as its JavaScript; in production a D1 call leaves the isolate for the
// database's own machine. Split, the Worker's thread runs what it runs in production, and the database's
// thread what D1's does (Miniflare's own D1 object and SQLite file), with a network hop between them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Miniflare, PLUGINS } from 'miniflare';
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

/** The DB binding's database id, as wrangler dev's local state names it. */
const DATABASE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Databases reached over HTTP (startSplitRuntime), by the id the Worker's runtime names them with: their
 * host:port. Miniflare wires a D1 binding to a service that runs the database's Durable Object in its own
 * process; for these ids, that service is the other process's address instead. The binding's own client
 * (workerd's D1 API) is unchanged: it sends the same requests either way.
 */
const databasesElsewhere = new Map();
const d1Services = PLUGINS.d1.getServices;
PLUGINS.d1.getServices = async function (args) {
  const services = await d1Services.call(this, args);
  return services.map((service) => {
    const address = databasesElsewhere.get(service.name.replace(/^d1:db:/, ''));
    return address ? { name: service.name, external: { address, http: {} } } : service;
  });
};

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
  databaseAddress,
} = {}) {
  const port = await freePort();
  // A database elsewhere gets an id of its own (the binding's service is named by it), and this runtime's
  // own D1 storage, unused then, a folder of its own.
  const databaseId = databaseAddress ? `elsewhere-${port}` : DATABASE_ID;
  if (databaseAddress) databasesElsewhere.set(databaseId, databaseAddress);
  const unusedD1 = databaseAddress ? mkdtempSync(path.join(tmpdir(), 'feedloom-unused-d1-')) : null;
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
    d1Databases: { DB: databaseId },
    d1Persist: unusedD1 ?? path.join(stateDir, 'v3/d1'),
    r2Buckets: ['IMAGES'],
    queueProducers: { JOBS: 'feedloom-jobs' },
    // Searches per person (wrangler.toml), as startServer raises them for the load: without the binding
    // every search answered 500.
    ratelimits: { SEARCH_LIMITER: { simple: { limit: 1_000_000, period: 60 } } },
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
  const stop = async () => {
    await mf.dispose();
    databasesElsewhere.delete(databaseId);
    if (unusedD1) rmSync(unusedD1, { recursive: true, force: true });
  };
  return { baseURL, port, stop };
}

/**
 * The database's side of a split runtime: the state's D1 database (Miniflare's D1 object, as startBareRuntime
 * runs it) served on a port of its own. A binding named `__D1_BETA__…` is Miniflare's raw D1 service, whose
 * requests are the ones workerd's D1 API sends: this Worker passes them through unchanged.
 */
async function startDatabaseRuntime(stateDir) {
  const mf = new Miniflare({
    name: 'database',
    modules: true,
    script: 'export default { fetch: (request, env) => env.__D1_BETA__DB.fetch(request) };',
    compatibilityDate: '2025-01-01',
    d1Databases: { __D1_BETA__DB: DATABASE_ID },
    d1Persist: path.join(stateDir, 'v3/d1'),
    // Straight to that Worker, past Miniflare's entry (routing for a person's requests, which D1 has no part of).
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  });
  await mf.ready;
  const { host } = await mf.unsafeGetDirectURL();
  return { address: host, stop: () => mf.dispose() };
}

/**
 * startBareRuntime's Worker with its database in a second workerd (above). `onDatabaseStarted` is called
 * once the database's process runs and before the Worker's starts, for a caller that tells them apart.
 * { baseURL, port, stop }.
 */
export async function startSplitRuntime({
  stateDir = path.join(WORK_DIR, 'state'),
  onDatabaseStarted,
  ...options
} = {}) {
  const database = await startDatabaseRuntime(stateDir);
  onDatabaseStarted?.();
  try {
    const worker = await startBareRuntime({ ...options, stateDir, databaseAddress: database.address });
    return {
      ...worker,
      stop: async () => {
        await worker.stop();
        await database.stop();
      },
    };
  } catch (error) {
    await database.stop();
    throw error;
  }
}
