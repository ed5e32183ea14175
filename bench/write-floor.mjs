// `node bench/write-floor.mjs`: where the mark-read PATCH's time goes at 32 connections (issue 12). The API
// benchmark's server and seed (bench/api.mjs), and beside the PATCH, in the same run and under the same
// load: GET /api/health (the floor), a read-only call of about the PATCH's size (one item by id), the item
// list, and a trivial one-row write (the person's language). For each: req/s, p50/p99, the median one
// request at a time, and the CPU each of the server's processes (wrangler's node, its proxy workerd, the
// runtime workerd with the Worker and local D1) and this process (autocannon) spent per request, from
// /proc. `--rounds N` repeats the sequence; `--fsync` counts the runtime's fsyncs per request (strace);
// `--bare` measures again without wrangler's proxy workerd (bench/bare-runtime.mjs); the server runs, as
// `npm start` does, without wrangler dev's DevTools relay (scripts/worker-server.mjs). Run
// it on a quiet machine (`uptime`); it prints the load average.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { API_SEED_PEOPLE, apiSeedSql, expectApiAnswer, load, serialMedian, signIn } from './api.mjs';
import { startBareRuntime } from './bare-runtime.mjs';
import { descendantsOf, listProcesses, processesCpuMs } from './process-cpu.mjs';
import { startServer } from './server.mjs';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 1;
const countFsyncs = process.argv.includes('--fsync');
// Then the same rounds on the same bundle and state in Miniflare alone (bench/bare-runtime.mjs).
const alsoBare = process.argv.includes('--bare');
let bare = false;

/** Every process descending from this one (wrangler, workerd), parsed (bench/process-cpu.mjs). */
function descendants() {
  const processes = listProcesses();
  const below = descendantsOf(process.pid, processes);
  return processes.filter((stat) => below.includes(stat.pid));
}

/**
 * A process's name; wrangler's local server runs two workerd: its proxy (on the port we load) and the
 * runtime (the Worker and local D1) behind it.
 */
function processName({ pid, name }, port) {
  if (name !== 'workerd') return name;
  if (bare) return 'workerd runtime';
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`entry=127.0.0.1:${port}`)
    ? 'workerd proxy'
    : 'workerd runtime';
}

/** CPU ms (user + system) spent so far by each named process below this one. */
function serverCpu(port) {
  const byName = {};
  for (const stat of descendants()) {
    try {
      const name = processName(stat, port);
      byName[name] = (byName[name] ?? 0) + processesCpuMs([stat.pid]).total;
    } catch {}
  }
  return byName;
}

/** The runtime workerd's pid (the Worker and local D1). */
const runtimePid = (port) => descendants().find((stat) => processName(stat, port) === 'workerd runtime')?.pid;

/**
 * With `--fsync`: fsync calls the runtime made per request, counted by strace over a short separate
 * load (tracing slows the process, so no latency figure comes from this pass).
 */
async function fsyncsPerRequest(baseURL, options) {
  const pid = runtimePid(new URL(baseURL).port);
  if (!pid) return null;
  const out = path.join(tmpdir(), `write-floor-strace-${process.pid}.txt`);
  const strace = spawn('strace', ['-f', '-c', '-e', 'trace=fsync,fdatasync', '-o', out, '-p', String(pid)], {
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const result = await load(baseURL, options, 3);
  strace.kill('SIGINT');
  await new Promise((resolve) => strace.once('exit', resolve));
  const calls = [
    ...readFileSync(out, 'utf8').matchAll(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(fsync|fdatasync)$/gm),
  ]
    .map((match) => Number(match[1]))
    .reduce((sum, n) => sum + n, 0);
  return Number((calls / result.requests).toFixed(2));
}

async function measure(baseURL, name, options) {
  await expectApiAnswer(baseURL, name, options);
  await load(baseURL, options, 2); // warm-up, as the API benchmark does
  const port = new URL(baseURL).port;
  const cpuBefore = serverCpu(port);
  const ownBefore = process.cpuUsage();
  const result = await load(baseURL, options);
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = serverCpu(port);
  const perRequest = (ms) => Number((ms / result.requests).toFixed(2));
  const cpu = { autocannon: perRequest((own.user + own.system) / 1000) };
  for (const [name, ms] of Object.entries(cpuAfter)) {
    const spent = ms - (cpuBefore[name] ?? 0);
    if (spent > 0) cpu[name] = perRequest(spent);
  }
  const serialP50 = await serialMedian(baseURL, options);
  return {
    ...result,
    serialP50,
    cpuMsPerRequest: cpu,
    ...(countFsyncs ? { fsyncsPerRequest: await fsyncsPerRequest(baseURL, options) } : {}),
  };
}

/** The endpoints, each as autocannon options, for a server at `baseURL` and this session cookie. */
function endpointsOf(baseURL, cookie) {
  const headers = { cookie, origin: baseURL, 'content-type': 'application/json' };
  let nextItem = 0;
  const everyItem = (method, body) => ({
    headers,
    requests: [
      {
        method,
        body,
        // A different item every time, across the 20,000, as the API benchmark's PATCH.
        setupRequest: (request) => ({ ...request, path: `/api/feed-items/${(nextItem++ % 20_000) + 1}` }),
      },
    ],
  });
  let language = 0;
  return {
    health: { path: '/api/health' },
    // The floor of any signed-in request: the session's one D1 call and nothing else.
    signedIn: { path: '/api/users/me', headers },
    itemById: everyItem('GET'),
    feedItems: { path: '/api/feed-items', headers },
    // The other hot reading paths: an unread page, a category page and the sidebar.
    feedItemsUnread: { path: '/api/feed-items?filter=unread', headers },
    categoryItems: { path: '/api/feed-items?categoryId=1', headers },
    // One feed's page: the bench's first feed (bench/api.mjs), an item every 200 minutes.
    feedPage: { path: '/api/feed-items?feedId=2001', headers },
    sidebar: { path: '/api/categories/with-feeds', headers },
    languageWrite: {
      headers,
      requests: [
        {
          method: 'PATCH',
          path: '/api/preferences/language',
          // Alternating, so that every request changes the row.
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ language: language++ % 2 ? 'English (UK)' : 'English (US)' }),
          }),
        },
      ],
    },
    markRead: everyItem('PATCH', JSON.stringify({ isRead: true })),
    markUnread: everyItem('PATCH', JSON.stringify({ isRead: false })),
    healthAgain: { path: '/api/health' },
  };
}

async function measureRounds(baseURL, cookie, label) {
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const results = { server: label, loadAverage: loadavg().map((n) => Number(n.toFixed(2))) };
    for (const [name, options] of Object.entries(endpointsOf(baseURL, cookie))) {
      results[name] = await measure(baseURL, name, options);
      const r = results[name];
      console.error(
        `${name.padEnd(14)} ${String(Math.round(r.requestsPerSecond)).padStart(5)} req/s  p50 ${r.p50}  p99 ${r.p99}  alone ${r.serialP50}  cpu/req ${JSON.stringify(r.cpuMsPerRequest)}  non2xx ${r.non2xx}${r.fsyncsPerRequest === undefined ? '' : `  fsync/req ${r.fsyncsPerRequest}`}`,
      );
    }
    const floor = (results.health.p99 + results.healthAgain.p99) / 2;
    results.p99OverHealth = Object.fromEntries(
      Object.entries(results)
        .filter(([, r]) => typeof r === 'object' && r.p99 !== undefined)
        .filter(([name]) => !['health', 'healthAgain'].includes(name))
        .map(([name, r]) => [name, Number((r.p99 / floor).toFixed(2))]),
    );
    console.error(
      `${label}, load average ${results.loadAverage.join(' ')}; p99 / health p99: ${JSON.stringify(results.p99OverHealth)}`,
    );
    runs.push(results);
  }
  return runs;
}

const runs = [];
const server = await startServer({ seeds: [{ name: 'api', sql: apiSeedSql(), people: API_SEED_PEOPLE }] });
let cookie;
try {
  cookie = await signIn(server.baseURL);
  runs.push(...(await measureRounds(server.baseURL, cookie, 'wrangler dev')));
} finally {
  await server.stop();
}
if (alsoBare) {
  bare = true;
  const runtime = await startBareRuntime();
  try {
    runs.push(...(await measureRounds(runtime.baseURL, cookie, 'Miniflare alone')));
  } finally {
    await runtime.stop();
  }
}
console.log(JSON.stringify(runs, null, 2));
