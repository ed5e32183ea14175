// `npm run bench -- soak` (issue 34, and issue 29's "soak that stays flat"): 100,000 mixed reads and
// writes through `npm start` as shipped, on the API benchmark's person (50 feeds, 20,000 items, seeded
// into a state folder of its own, bench/.work/soak), with the RSS of every process it runs at the start,
// every tenth of the way and the end. The goal: each process within 1.2× of its largest size up to 20,000 requests,
// and the server still answering at the end. workerd's own memory grows with requests whatever Worker it
// serves (a Worker that returns at once grows from about 50 to 380 MB over 100,000 in Miniflare), so the
// same number of requests first goes to a floor Worker of a few lines (one empty D1 call each) served the
// same way: a workerd process may grow as much as the floor's does, times 1.2.
//
// In the same run, two passes on the same state and the same request mix:
// - relay: `wrangler dev` itself, whose DevTools relay `npm start` leaves out, for its requests per
//   second and its proxy's growth, over a tenth of the requests (with the relay the proxy runs out of
//   heap at about 21,000);
// - isolate: the Worker bundle in Miniflare alone with the runtime's inspector open to us (`npm start`
//   has none), for our isolate's V8 heap after a full GC at the start, middle and end of as many
//   requests (a heap snapshot: workerd's inspector never answers HeapProfiler.collectGarbage), a
//   snapshot at the end summarised by what holds the bytes, and the heap of every other isolate in the
//   runtime (local D1's Durable Object, the queue broker, Miniflare's own workers), to tell what of the
//   runtime's RSS is V8 and what is native (SQLite, workerd).
//
// Requests go out through autocannon at 32 connections in slices of a tenth; each connection repeats a
// cycle of ten requests on one item (mixRequests). Nothing here asserts: the figures go to
// bench/results.json `soak`, with `goalMet` (and each process's `withinGoal`) saying whether they met it.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { migrateAll } from '../scripts/d1-databases.mjs';
import { ensureDevVars, readDevVars } from '../scripts/dev-vars.mjs';
import { stopProcessGroup } from '../scripts/supervise.mjs';
import { spawnWorkerServer } from '../scripts/worker-server.mjs';
import { freePort, spawnWranglerDev, wranglerEnv } from '../scripts/wrangler-dev.mjs';
import { API_SEED_PEOPLE, apiSeedSql, signIn } from './api.mjs';
import { startBareRuntime } from './bare-runtime.mjs';
import { rebuildReadingLists, root, WORK_DIR } from './server.mjs';

const SOAK_DIR = path.join(WORK_DIR, 'soak');
const STATE_DIR = path.join(SOAK_DIR, 'state');
const CONNECTIONS = 32;
const SLICES = 10;
const ITEMS = 20_000; // bench/api.mjs: 50 feeds × 400 items, ids 1…20,000
const MB = 1024 * 1024;
/** Every process within this many times its size at the reference (20,000 requests). */
const GOAL = 1.2;

/**
 * One cycle of a connection, on one item: the lists a reader opens, the item, its read and star marks
 * set and cleared again (so that the data stays the same size however long the soak runs). 6 reads, 4
 * writes. Search is left out: it has a per-person rate limit of its own (issue 29).
 */
function mixRequests(headers) {
  let nextItem = 0;
  const patch = (body) => ({
    method: 'PATCH',
    body: JSON.stringify(body),
    setupRequest: (request, context) => ({ ...request, path: `/api/feed-items/${context.item}` }),
  });
  return {
    headers,
    requests: [
      {
        method: 'GET',
        path: '/api/feed-items',
        setupRequest: (request, context) => {
          context.item = (nextItem++ % ITEMS) + 1;
          return request;
        },
      },
      { method: 'GET', path: '/api/categories/with-feeds' },
      {
        method: 'GET',
        setupRequest: (request, context) => ({ ...request, path: `/api/feed-items/${context.item}` }),
      },
      patch({ isRead: true }),
      { method: 'GET', path: '/api/feed-items?filter=unread' },
      patch({ isStarred: true }),
      { method: 'GET', path: '/api/feed-items?filter=starred' },
      {
        method: 'GET',
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/feed-items?categoryId=${1 + (context.item % 5)}`,
        }),
      },
      patch({ isStarred: false }),
      patch({ isRead: false }),
    ],
  };
}

/**
 * One cycle of the mix, one request at a time: each must reach the API (2xx, JSON), or the soak would
 * measure refusals.
 */
async function checkCycle(baseURL, options) {
  const context = {};
  for (const step of options.requests) {
    const request = step.setupRequest ? step.setupRequest({ ...step }, context) : step;
    const response = await fetch(new URL(request.path, baseURL), {
      method: request.method,
      headers: options.headers,
      body: request.body,
    });
    const type = response.headers.get('content-type') ?? '';
    await response.arrayBuffer();
    if (!response.ok || !type.includes('application/json'))
      throw new Error(
        `soak: ${request.method} ${request.path} answered ${response.status} ${type}, not the API's JSON`,
      );
  }
}

/** Every process below `rootPid` on Linux, with what it is and its resident memory (MB). */
function processes(rootPid, port) {
  const byPid = new Map();
  for (const entry of readdirProc()) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byPid.set(Number(entry), ppid);
    } catch {}
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of byPid)
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
  }
  const found = [];
  for (const pid of tree) {
    try {
      const name = roleOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '), port);
      if (!name) continue;
      const rss = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      found.push({ pid, name, rssMB: Math.round(rss) });
    } catch {}
  }
  return found;
}

/** The pids in /proc (the soak reads memory from /proc: Linux only, as machine() in report.mjs). */
const readdirProc = () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));

/**
 * What a process of the server is, from its command line; null for shells and the like. wrangler's
 * proxy workerd is the one on `proxyPort`; without one (Miniflare alone) every workerd is the runtime.
 */
function roleOf(cmdline, proxyPort) {
  if (/\bworkerd\b.*\bserve\b/.test(cmdline))
    return proxyPort !== undefined && new RegExp(`--socket-addr=entry=\\S*:${proxyPort}\\b`).test(cmdline)
      ? 'proxy (workerd)'
      : 'runtime (workerd)';
  if (/scripts\/start\.mjs/.test(cmdline)) return 'npm start (node)';
  if (/worker-server\.mjs|wrangler-dist\/cli\.js/.test(cmdline)) return 'wrangler (node)';
  if (/\besbuild\b/.test(cmdline)) return 'esbuild';
  return null;
}

/** { name: rssMB } for the processes below `rootPid` (a name met twice, the larger). */
function rssByName(rootPid, port) {
  const sizes = {};
  for (const { name, rssMB } of processes(rootPid, port)) sizes[name] = Math.max(sizes[name] ?? 0, rssMB);
  return sizes;
}

/** The peak RSS of each named process while `work` runs, sampled every second. */
async function withPeaks(rootPid, port, work) {
  const peaks = {};
  const sample = () => {
    for (const [name, rssMB] of Object.entries(rssByName(rootPid, port)))
      peaks[name] = Math.max(peaks[name] ?? 0, rssMB);
  };
  const timer = setInterval(sample, 1_000);
  try {
    return { result: await work(), peaks };
  } finally {
    clearInterval(timer);
    sample();
  }
}

/** `amount` requests of the mix: req/s, latencies, and what did not answer 2xx. */
async function drive(baseURL, options, amount) {
  // autocannon refuses more connections than requests.
  const connections = Math.min(CONNECTIONS, amount);
  const result = await autocannon({ ...options, url: baseURL, connections, amount, timeout: 30 });
  return {
    requests: result.requests.total,
    seconds: Number((result.duration ?? 0).toFixed(1)),
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Runs `total` requests in SLICES slices, with every process's RSS before the first and after each. */
async function soakPass({ baseURL, options, total, rootPid, port, onSlice = async () => ({}) }) {
  const samples = [{ requests: 0, rssMB: rssByName(rootPid, port), ...(await onSlice(0)) }];
  const slices = [];
  const sliceSize = Math.ceil(total / SLICES);
  let done = 0;
  const { peaks } = await withPeaks(rootPid, port, async () => {
    while (done < total) {
      const amount = Math.min(sliceSize, total - done);
      const slice = await drive(baseURL, options, amount);
      done += amount;
      slices.push(slice);
      samples.push({ requests: done, rssMB: rssByName(rootPid, port), ...(await onSlice(done)) });
      console.log(
        `  ${done.toLocaleString('en')} requests: ${slice.requestsPerSecond} req/s, ${JSON.stringify(samples.at(-1).rssMB)}`,
      );
      if (slice.errors > slice.requests / 2) break; // the server is gone: say so below, do not hammer it
    }
  });
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  return {
    requests: done,
    requestsPerSecond: Math.round(done / seconds),
    non2xx: slices.reduce((sum, s) => sum + s.non2xx, 0),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    slices,
    samples,
    peakRssMB: peaks,
  };
}

/** The sample closest to `requests`. */
const sampleAt = (samples, requests) =>
  samples.reduce((best, s) => (Math.abs(s.requests - requests) < Math.abs(best.requests - requests) ? s : best));

/** Start, middle and end of a pass, and each process's end and peak against its size at 20,000 requests. */
function summarise(pass, total, floor = null) {
  const start = pass.samples[0];
  const middle = sampleAt(pass.samples, total / 2);
  const end = pass.samples.at(-1);
  const at20k = sampleAt(pass.samples, Math.min(20_000, total / 5));
  const ratio = (a, b) => (b ? Number((a / b).toFixed(2)) : null);
  const processesSummary = {};
  // A process's reference is its largest size up to then: workerd hands memory back now and then, and a
  // sample taken in such a dip would make the flat rest look like growth.
  const upToReference = pass.samples.filter((s) => s.requests > 0 && s.requests <= at20k.requests);
  const referenceOf = (name) => Math.max(...upToReference.map((s) => s.rssMB[name] ?? 0));
  for (const name of Object.keys(end.rssMB)) {
    processesSummary[name] = {
      startMB: start.rssMB[name],
      referenceMB: referenceOf(name),
      middleMB: middle.rssMB[name],
      endMB: end.rssMB[name],
      peakMB: pass.peakRssMB[name],
      endOverReference: ratio(end.rssMB[name], referenceOf(name)),
      // The largest of the samples from the reference on (each tenth), and the 1 s peak of the whole pass.
      maxOverReference: ratio(
        Math.max(...pass.samples.filter((s) => s.requests >= at20k.requests).map((s) => s.rssMB[name] ?? 0)),
        referenceOf(name),
      ),
      peakOverReference: ratio(pass.peakRssMB[name], referenceOf(name)),
    };
    // Against the floor (the same runtime serving a Worker of a few lines, in the same run) where it was
    // measured: a process may grow as much as the floor's grows, times the goal, and no more.
    const floorGrowth = floor?.processes[name]?.maxOverReference;
    processesSummary[name].allowedOverReference = Number((GOAL * Math.max(1, floorGrowth ?? 1)).toFixed(2));
    processesSummary[name].withinGoal =
      (processesSummary[name].maxOverReference ?? Infinity) <= processesSummary[name].allowedOverReference;
  }
  // The reference: the sample at 20,000 requests (a fifth of a shorter run).
  return { referenceAt: at20k.requests, middleAt: middle.requests, processes: processesSummary };
}

/** Migrated state with the API benchmark's seed, in bench/.work/soak/state. */
function prepareState() {
  rmSync(SOAK_DIR, { recursive: true, force: true });
  mkdirSync(STATE_DIR, { recursive: true });
  ensureDevVars();
  migrateAll(['--local', '--persist-to', STATE_DIR]);
  const seed = path.join(SOAK_DIR, 'seed.sql');
  writeFileSync(seed, apiSeedSql());
  const result = spawnSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', STATE_DIR, '--file', seed],
    { cwd: root, env: wranglerEnv, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`seeding the soak state failed:\n${result.stdout}\n${result.stderr}`);
}

/** Resolves when /api/health answers; rejects when `child` exits first or `ms` pass. */
async function untilHealthy(baseURL, child, ms, probe = '/api/health') {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering`);
    try {
      const response = await fetch(`${baseURL}${probe}`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no answer from ${baseURL}${probe} in ${ms / 1000} s`);
}

/** Logs a child's output to bench/.work/soak/<name>.log; the tail is kept for error messages. */
function logTo(child, name) {
  const log = createWriteStream(path.join(SOAK_DIR, `${name}.log`));
  let tail = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk) => {
      log.write(chunk);
      tail = (tail + chunk).slice(-4_000);
    });
  child.once('exit', () => log.end());
  return () => tail;
}

/**
 * A CDP session with one isolate of workerd's inspector. Node 22 has WebSocket built in; Node 20 only
 * behind a flag, so there it comes from undici (the library behind Node's fetch, which Miniflare
 * installs).
 */
async function inspect(url) {
  const WebSocketClass = globalThis.WebSocket ?? (await import('undici')).WebSocket;
  const socket = new WebSocketClass(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`cannot reach the inspector at ${url}`));
  });
  let nextId = 1;
  const pending = new Map();
  const listeners = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined) pending.get(message.id)?.(message);
    else listeners.get(message.method)?.(message.params);
  };
  // workerd leaves some calls unanswered (HeapProfiler.collectGarbage; anything on a second session of
  // one isolate): a bounded wait says so instead of leaving the run to end silently.
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer from ${url} in 60 s`)), 60_000);
      pending.set(id, (message) => {
        pending.delete(id);
        clearTimeout(timer);
        message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, on: (method, listener) => listeners.set(method, listener), close: () => socket.close() };
}

/**
 * A heap snapshot of the isolate (V8 collects all garbage first), then its heap usage: the live heap in
 * MB. workerd's inspector never answers HeapProfiler.collectGarbage, so the snapshot is the full GC.
 * With `file`, the snapshot is written there and summarised: total self size, the ten largest kinds.
 */
async function liveHeap(session, file) {
  const chunks = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const { usedSize, totalSize } = await session.send('Runtime.getHeapUsage');
  const heap = { usedMB: Number((usedSize / MB).toFixed(1)), totalMB: Number((totalSize / MB).toFixed(1)) };
  if (!file) return heap;
  const text = chunks.join('');
  writeFileSync(file, text);
  return { ...heap, snapshot: summariseSnapshot(JSON.parse(text), path.relative(root, file)) };
}

/** Total self size of a heap snapshot, and its ten largest kinds of object (constructor or type). */
function summariseSnapshot(snapshot, file) {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const kinds = new Map();
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    const name = type === 'object' || type === 'native' ? snapshot.strings[snapshot.nodes[i + nameAt]] : `(${type})`;
    const size = snapshot.nodes[i + sizeAt];
    total += size;
    kinds.set(name, (kinds.get(name) ?? 0) + size);
  }
  const largest = [...kinds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([name, size]) => ({ name, MB: Number((size / MB).toFixed(2)) }));
  return { file, totalMB: Number((total / MB).toFixed(1)), largest };
}

/**
 * The V8 heap of every isolate in the runtime (our Worker, local D1's Durable Object, the queue broker,
 * Miniflare's entry and cache workers …), as each reports it without a collection: { id: totalMB }.
 * `open`: sessions already open, by isolate id.
 */
async function everyIsolateHeap(inspectorPort, open) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const heaps = {};
  for (const target of targets) {
    // An isolate answers one session at a time: ours goes through the session already open.
    const session = open[target.id] ?? (await inspect(target.webSocketDebuggerUrl));
    const { totalSize } = await session.send('Runtime.getHeapUsage');
    heaps[target.id] = Number((totalSize / MB).toFixed(1));
    if (!open[target.id]) session.close();
  }
  return heaps;
}

/** Resident memory of a process split into anonymous and file-backed pages (MB), from smaps_rollup. */
function memorySplit(pid) {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kB = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    rssMB: Math.round(kB('Rss') / 1024),
    anonymousMB: Math.round(kB('Anonymous') / 1024),
    fileMB: Math.round((kB('Rss') - kB('Anonymous')) / 1024),
  };
}

/** The floor Worker: one empty D1 call a request, answered as JSON (what checkCycle asks of every answer). */
const FLOOR_WORKER = `export default {
  async fetch(request, env) {
    await env.DB.prepare('select 1').all();
    return Response.json({});
  },
};
`;

/** `requests` to the floor Worker through scripts/worker-server.mjs, with its processes' memory. */
async function floorPass(requests) {
  const dir = path.join(SOAK_DIR, 'floor');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'worker.js'), FLOOR_WORKER);
  const compatibilityDate = readFileSync(path.join(root, 'wrangler.toml'), 'utf8').match(
    /^compatibility_date = "([^"]+)"/m,
  )?.[1];
  writeFileSync(
    path.join(dir, 'wrangler.toml'),
    `name = "soak-floor"\nmain = "worker.js"\ncompatibility_date = "${compatibilityDate}"\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "soak-floor"\ndatabase_id = "00000000-0000-0000-0000-000000000000"\n`,
  );
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawnWorkerServer({
    port,
    ip: '127.0.0.1',
    config: path.join(dir, 'wrangler.toml'),
    persistTo: path.join(dir, 'state'),
    cwd: dir,
  });
  const tail = logTo(server, 'floor');
  process.once('exit', () => stopProcessGroup(server, 0));
  try {
    await untilHealthy(baseURL, server, 300_000, '/').catch((error) => {
      throw new Error(`the floor Worker ${error.message}:\n${tail()}`);
    });
    const options = { requests: [{ method: 'GET', path: '/' }] };
    await checkCycle(baseURL, options);
    const pass = await soakPass({
      baseURL,
      options,
      total: requests,
      rootPid: /** @type {number} */ (server.pid),
      port,
    });
    const { processes } = summarise(pass, requests);
    return { requests: pass.requests, requestsPerSecond: pass.requestsPerSecond, errors: pass.errors, processes };
  } finally {
    await stopProcessGroup(server);
  }
}

export async function benchSoak({
  requests = 100_000,
  relayRequests = requests / 10,
  isolateRequests = requests,
} = {}) {
  prepareState();
  const port = await freePort();
  const appUrl = readDevVars(path.join(root, '.dev.vars')).APP_URL ?? `http://localhost:${port}`;
  const baseURL = `http://127.0.0.1:${port}`;
  const result = {
    requests,
    connections: CONNECTIONS,
    mix: 'feed list, sidebar, item, read, unread list, star, starred list, category list, unstar, unread (6 reads, 4 writes)',
  };

  // 0. The floor: the runtime's own growth, whatever Worker it serves. A Worker of a few lines making one
  // empty D1 call a request, served as `npm start` serves ours (scripts/worker-server.mjs: wrangler's
  // unstable_startWorker, its inspector off), the same number of requests at the same connections.
  console.log(
    `▸ soak: the floor, a Worker of a few lines served the same way, ${requests.toLocaleString('en')} requests`,
  );
  result.floor = await floorPass(requests);

  // 1. npm start as shipped: its preparation, its build, its server and its watching.
  console.log(`▸ soak: npm start on :${port}, ${requests.toLocaleString('en')} requests`);
  const npmStart = spawn('npm', ['start', '--', '--persist-to', STATE_DIR], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const npmTail = logTo(npmStart, 'npm-start');
  process.once('exit', () => stopProcessGroup(npmStart, 0));
  let cookie;
  try {
    await untilHealthy(baseURL, npmStart, 600_000).catch((error) => {
      throw new Error(`npm start ${error.message}:\n${npmTail()}`);
    });
    await rebuildReadingLists(baseURL, API_SEED_PEOPLE, appUrl);
    cookie = await signIn(baseURL, appUrl);
    const options = mixRequests({ cookie, origin: appUrl, 'content-type': 'application/json' });
    await checkCycle(baseURL, options);
    const pass = await soakPass({
      baseURL,
      options,
      total: requests,
      rootPid: /** @type {number} */ (npmStart.pid),
      port,
    });
    const answering = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(10_000) })
      .then((response) => response.ok)
      .catch(() => false);
    result.withoutRelay = {
      ...pass,
      ...summarise(pass, requests, result.floor),
      answeringAtEnd: answering,
      npmStartRunningAtEnd: npmStart.exitCode === null,
    };
    const within = Object.values(result.withoutRelay.processes).every((p) => p.withinGoal);
    result.goalMet = within && answering && npmStart.exitCode === null;
  } finally {
    await stopProcessGroup(npmStart);
  }

  // 2. wrangler dev with its relay, on the same state and port, for a tenth of the requests.
  console.log(`▸ soak: wrangler dev (with the DevTools relay), ${relayRequests.toLocaleString('en')} requests`);
  const wranglerDev = spawnWranglerDev({
    port,
    cwd: root,
    extraArgs: ['--persist-to', STATE_DIR],
    vars: { APP_URL: appUrl, ENVIRONMENT: 'development' },
  });
  const devTail = logTo(wranglerDev, 'wrangler-dev');
  process.once('exit', () => stopProcessGroup(wranglerDev, 0));
  try {
    await untilHealthy(baseURL, wranglerDev, 300_000).catch((error) => {
      throw new Error(`wrangler dev ${error.message}:\n${devTail()}`);
    });
    const options = mixRequests({ cookie, origin: appUrl, 'content-type': 'application/json' });
    const pass = await soakPass({
      baseURL,
      options,
      total: relayRequests,
      rootPid: /** @type {number} */ (wranglerDev.pid),
      port,
    });
    const proxy = (sample) => sample.rssMB['proxy (workerd)'] ?? 0;
    result.withRelay = {
      ...pass,
      ...summarise(pass, relayRequests),
      proxyGrowthKBPerRequest: Math.round(
        ((proxy(pass.samples.at(-1)) - proxy(pass.samples[0])) * 1024) / pass.requests,
      ),
    };
  } finally {
    await stopProcessGroup(wranglerDev);
  }
  const firstSlices = (pass, count) => {
    const slices = pass.slices.filter((_, i) => pass.slices.slice(0, i).reduce((n, s) => n + s.requests, 0) < count);
    const done = slices.reduce((n, s) => n + s.requests, 0);
    return Math.round(done / slices.reduce((n, s) => n + s.seconds, 0));
  };
  result.requestsPerSecond = {
    withoutRelay: result.withoutRelay.requestsPerSecond,
    withoutRelayFirst: firstSlices(result.withoutRelay, relayRequests),
    withRelay: result.withRelay.requestsPerSecond,
    compared: `over the first ${relayRequests.toLocaleString('en')} requests of each`,
  };

  // 3. Our isolate's heap: the same Worker in Miniflare alone, with its inspector open to us.
  console.log(`▸ soak: our isolate's heap, Miniflare alone, ${isolateRequests.toLocaleString('en')} requests`);
  const bundle = path.join(SOAK_DIR, 'worker');
  const bundled = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', bundle], {
    cwd: root,
    env: wranglerEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (bundled.status !== 0) throw new Error(`bundling the Worker failed:\n${bundled.stderr}`);
  const inspectorPort = await freePort();
  const bare = await startBareRuntime({ workerDir: bundle, stateDir: STATE_DIR, inspectorPort, appUrl });
  try {
    const session = await inspect(`ws://127.0.0.1:${inspectorPort}/core:user:feedloom`);
    const options = mixRequests({ cookie, origin: appUrl, 'content-type': 'application/json' });
    const pass = await soakPass({
      baseURL: bare.baseURL,
      options,
      total: isolateRequests,
      rootPid: process.pid,
      onSlice: async () => ({ heap: await liveHeap(session) }),
    });
    const at = (n) => sampleAt(pass.samples, n).heap;
    const runtime = processes(process.pid).find((p) => p.name === 'runtime (workerd)');
    const isolates = await everyIsolateHeap(inspectorPort, { 'core:user:feedloom': session });
    result.isolate = {
      requests: pass.requests,
      requestsPerSecond: pass.requestsPerSecond,
      non2xx: pass.non2xx,
      errors: pass.errors,
      heapMB: { start: at(0), middle: at(isolateRequests / 2), end: at(pass.requests) },
      endOverStart: Number((at(pass.requests).usedMB / at(0).usedMB).toFixed(2)),
      snapshot: (await liveHeap(session, path.join(SOAK_DIR, 'isolate-end.heapsnapshot'))).snapshot,
      runtime: {
        rssMB: {
          start: pass.samples[0].rssMB['runtime (workerd)'],
          end: pass.samples.at(-1).rssMB['runtime (workerd)'],
        },
        memoryAtEnd: runtime ? memorySplit(runtime.pid) : null,
        isolateHeapsMB: isolates,
        allIsolatesMB: Number(
          Object.values(isolates)
            .reduce((sum, mb) => sum + mb, 0)
            .toFixed(1),
        ),
      },
      samples: pass.samples.map((s) => ({
        requests: s.requests,
        heapUsedMB: s.heap.usedMB,
        runtimeRssMB: s.rssMB['runtime (workerd)'],
      })),
    };
    session.close();
  } finally {
    await bare.stop();
  }
  return result;
}
