// `npm run bench -- freshrss` (issue 23): Feedloom beside a real FreshRSS (PHP, SQLite), on the same data
// and with the same load generator, in one run. The data is the API benchmark's person (bench/api.mjs):
// 50 feeds × 400 items, 30 % read. FreshRSS reads the same items as RSS from a server here, through its
// own import and refresh; Feedloom gets them seeded. Feedloom runs in Miniflare alone (bench/bare-runtime.mjs:
// no wrangler proxy, nothing of wrangler's node on the path), as production has neither.
//
// Four requests on each side, 32 connections, 10 s each (in turns, below): the 30 newest items, a page of
// unread items, the unread counts, and marking one item read (a different item each time). Feedloom
// answers them through its REST API and its Google Reader API, FreshRSS through its Google Reader API.
// One empty D1 call (the development route the API benchmark uses) is measured in the same run: the
// floor under every Feedloom request that reads. Beside it, one D1 call that reads the 30 newest items'
// rows as a list's statement selects them and answers them unmapped, with no session (the page floor):
// what is left between it and the list is the list's own work, the rest is D1 carrying the rows. The
// same call signed in (the signed-in page floor) carries the session's check as well, as a list's call
// must: the cheapest correct list request here, what the list would cost if its own work were free.
// Nothing here asserts; the goals are reported as met or not.
//
// Measured in turns (bench/turns.mjs): on a shared machine the load drifts between windows taken 10-40 s
// apart, and measured one after the other the ratios the goals use moved 10-15 % from run to run. So,
// request by request, each contender (the three sides, and for the 30 newest the three floors too) is
// answered 2xx once and warmed up, then loaded in 5 rounds of 2 s, round-robin, the order rotated each
// round; its requests, latencies, errors and CPU are added up over its slices, its rate over their wall
// time. Marking read comes last, as it changes what the others read.
//
// Feedloom runs twice, each on its own copy of the seeded state: in one Miniflare, and split, its D1 database
// in a second workerd (bench/bare-runtime.mjs startSplitRuntime). In one workerd the Worker's JavaScript and
// local D1's SQLite take turns on one main thread; in production D1 runs elsewhere. Split, each has a thread,
// with an HTTP hop between them: what the Worker's thread sustains when D1 is not on it, and what the hop costs.
//
// Req/s alone hides what each side spends: workerd runs the Worker, Miniflare's entry and local D1 on one
// main thread, so at most one core, while php -S serves from several processes, and this process (the load
// generator) shares the same cores. Over each measured slice the CPU of each side's server (workerd, its
// main thread apart; php -S's process group) and of this process is read from /proc (bench/process-cpu.mjs)
// and reported per request, with the cores each used (CPU seconds over wall seconds). An added view: the
// goals stay on req/s.
//
// FreshRSS must be running first: `../shared/peers/freshrss/up.sh <FreshRSS source>` (it installs
// Debian's PHP packages if missing: nothing downloads during the benchmark). FRESHRSS_STATE names its
// state folder (/tmp/freshrss-peer by default); without it the part says so and records nothing.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  API_FEEDS,
  API_ITEMS,
  API_PERSON,
  API_SEED_PEOPLE,
  apiItem,
  apiSeedSql,
  isSeededRead,
  signIn,
} from './api.mjs';
import { startBareRuntime, startSplitRuntime } from './bare-runtime.mjs';
import { descendantsOf, groupCpuMs, listProcesses, processesCpuMs } from './process-cpu.mjs';
import { createAppPassword, greaderSession } from './reader-app-auth.mjs';
import { startServer, WORK_DIR } from './server.mjs';
import { addSlices, turnOrder, windowFigures } from './turns.mjs';

const FRESHRSS_URL = 'http://127.0.0.1:8794';
const FRESHRSS_USER = { user: 'bench', apiPassword: 'Api-pass-1234' };
const READING_LIST = 'user/-/state/com.google/reading-list';
const READ = 'user/-/state/com.google/read';
/** Each contender's measured time, cut into ROUNDS slices taken in turns; its warm-up comes before. */
const SECONDS = 10;
const ROUNDS = 5;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 32;
/** In the order measured: marking read last, as it changes what the others read. */
const REQUESTS = ['newest', 'unreadPage', 'unreadCounts', 'markOneRead'];
/** Each side and the server that answers it (its CPU, in benchFreshRss's `serverCpu`). */
const SERVER_OF = {
  feedloomRest: 'feedloom',
  feedloomGreader: 'feedloom',
  feedloomRestSplit: 'feedloomSplit',
  feedloomGreaderSplit: 'feedloomSplit',
  freshrssGreader: 'freshrss',
};
/** The peer's goal: Google Reader streams cost at most this many times the REST list. */
const GREADER_OVER_REST = 1.2;
/** When one empty D1 call alone is slower than FreshRSS, the goal is to stay within this of it. */
const FLOOR_MARGIN = 1.2;
/** Item n of the seed has id n + 1 and is its n-th newest (bench/api.mjs apiItem): ids 1 to 30 are the 30 newest. */
const PAGE_FLOOR = '/api/dev/bench/page-floor?from=1&to=30';

const escapeXml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Feed f of the seed as RSS 2.0: its 400 items, newest first. */
function rssOf(f, now) {
  const entries = [];
  for (let n = f; n < API_ITEMS; n += API_FEEDS) {
    const item = apiItem(n, now);
    entries.push(`<item><title>${escapeXml(item.title)}</title><link>${item.link}</link><guid>${item.link}</guid>
<author>${escapeXml(item.author)}</author><pubDate>${new Date(item.pubDate).toUTCString()}</pubDate>
<description>${escapeXml(item.description)}</description><content:encoded>${escapeXml(item.content)}</content:encoded></item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<title>Feed ${f}</title><link>https://site-${f}.example</link><description>Benchmark feed ${f}</description>
${entries.join('\n')}
</channel></rss>`;
}

/** Serves the seed's feeds at /feed-<f>.xml on a free port. */
async function serveFeeds(now) {
  const bodies = Array.from({ length: API_FEEDS }, (_, f) => rssOf(f, now));
  const server = createServer((request, response) => {
    const f = Number(request.url?.match(/^\/feed-(\d+)\.xml$/)?.[1] ?? -1);
    if (!bodies[f]) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(bodies[f]);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Runs PHP code in FreshRSS's folder with its bootstrap loaded (the CLI's own). */
function php(app, code) {
  return execFileSync('php', ['-r', `require '${app}/cli/_cli.php'; ${code}`], { cwd: app, encoding: 'utf8' });
}

/**
 * The bench user's feeds replaced by the seed's, through FreshRSS's own OPML import and refresh, with the
 * same 30 % marked read and its unread caches brought up to date, as its own marking does.
 */
async function loadFreshRss(app, feedsOrigin) {
  const userDir = path.join(app, 'data/users', FRESHRSS_USER.user);
  // It keeps 200 items a feed unless told otherwise; every feed here has 400.
  php(
    app,
    `$file = '${userDir}/config.php'; $c = include $file; $c['archiving']['keep_max'] = 1000; $c['archiving']['keep_period'] = false;
     file_put_contents($file, '<?php return ' . var_export($c, true) . ';');`,
  );
  const db = path.join(userDir, 'db.sqlite');
  const sqlite = (sql) =>
    php(app, `$pdo = new PDO('sqlite:${db}'); $pdo->exec(${JSON.stringify(sql).replaceAll('$', '\\$')});`);
  const count = (table) =>
    Number(
      php(app, `$pdo = new PDO('sqlite:${db}'); echo $pdo->query('select count(*) from ${table}')->fetchColumn();`),
    );
  // Its import and refresh of 20,000 items take minutes: a FreshRSS that holds them from an earlier run keeps
  // them (the marks are set again below).
  if (count('entry') !== API_ITEMS || count('feed') !== API_FEEDS) {
    sqlite('delete from entrytag; delete from entry; delete from feed;');
    const opml = path.join(WORK_DIR, 'freshrss-feeds.opml');
    const outlines = Array.from(
      { length: API_FEEDS },
      (_, f) =>
        `<outline type="rss" text="Feed ${f}" xmlUrl="${feedsOrigin}/feed-${f}.xml" htmlUrl="https://site-${f}.example"/>`,
    );
    writeFileSync(opml, `<?xml version="1.0"?><opml version="2.0"><body>${outlines.join('')}</body></opml>`);
    // Asynchronously: FreshRSS fetches the feeds from this process's own server meanwhile.
    const run = promisify(execFile);
    await run('php', ['cli/import-for-user.php', `--user=${FRESHRSS_USER.user}`, `--filename=${opml}`], { cwd: app });
    await run('php', ['cli/actualize-user.php', `--user=${FRESHRSS_USER.user}`], { cwd: app });
  }
  // Item n's link ends in n (bench/api.mjs apiItem): the same items as Feedloom's seed are read.
  const readNs = Array.from({ length: 10 }, (_, r) => r).filter((r) => isSeededRead(r));
  sqlite(`update entry set is_read = cast(substr(link, ${'https://site.example/items/'.length + 1}) as integer) % 10 in (${readNs.join(', ')});
          update feed set cache_nbEntries = (select count(*) from entry e where e.id_feed = feed.id),
                          cache_nbUnreads = (select count(*) from entry e where e.id_feed = feed.id and e.is_read = 0);`);
  const counts = php(
    app,
    `$pdo = new PDO('sqlite:${db}'); echo json_encode($pdo->query('select count(*), sum(is_read = 0) from entry')->fetch(PDO::FETCH_NUM));`,
  );
  const [stored, unread] = JSON.parse(counts).map(Number);
  if (stored !== API_ITEMS)
    throw new Error(`FreshRSS stored ${stored} items of the ${API_ITEMS} served: see ${app}/data/users/bench/log.txt`);
  return { stored, unread };
}

/** Every id of the reading list, oldest last, through the protocol (what mark-one-read cycles over). */
async function greaderIds(baseURL, headers) {
  const ids = [];
  let continuation = '';
  do {
    const url = `${baseURL}/reader/api/0/stream/items/ids?s=${READING_LIST}&n=1000&output=json${continuation ? `&c=${continuation}` : ''}`;
    const page = await (await fetch(url, { headers })).json();
    ids.push(...page.itemRefs.map((ref) => ref.id));
    continuation = page.continuation ?? '';
  } while (continuation);
  return ids;
}

/** The four requests through a Google Reader API at `baseURL` (…/reader/api/0 below it). */
function greaderRequests(baseURL, { headers, token }, ids) {
  let next = 0;
  const api = `${baseURL}/reader/api/0`;
  return {
    newest: { url: `${api}/stream/contents/${READING_LIST}?n=30&output=json`, headers },
    unreadPage: { url: `${api}/stream/contents/${READING_LIST}?n=30&xt=${READ}&output=json`, headers },
    unreadCounts: { url: `${api}/unread-count?output=json`, headers },
    markOneRead: {
      url: `${api}/edit-tag`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({ ...request, body: `i=${ids[next++ % ids.length]}&a=${READ}&T=${token}` }),
        },
      ],
    },
  };
}

/** The same four through Feedloom's REST API. */
function restRequests(baseURL, cookie) {
  const headers = { cookie, origin: baseURL, 'content-type': 'application/json' };
  let next = 0;
  return {
    newest: { url: `${baseURL}/api/feed-items?limit=30`, headers },
    unreadPage: { url: `${baseURL}/api/feed-items?limit=30&filter=unread`, headers },
    unreadCounts: { url: `${baseURL}/api/categories/with-feeds`, headers },
    markOneRead: {
      url: `${baseURL}/api/feed-items`,
      headers,
      requests: [
        {
          method: 'PATCH',
          body: JSON.stringify({ isRead: true }),
          setupRequest: (request) => ({ ...request, path: `/api/feed-items/${(next++ % API_ITEMS) + 1}` }),
        },
      ],
    },
  };
}

/** The next request of a side's spec: its own, or the one its `setupRequest` makes (another item each time). */
function nextRequest(request) {
  const step = request.requests?.[0];
  const made = step?.setupRequest ? step.setupRequest({ ...step }, {}) : (step ?? {});
  const url = made.path ? new URL(made.path, request.url).href : request.url;
  return { url, method: made.method ?? 'GET', body: made.body };
}

/**
 * Every side is asked for its answer uncompressed. Node's fetch asks for gzip unless told otherwise;
 * PHP's built-in server never compresses, while Miniflare's entry gzips every JSON answer as Cloudflare's
 * edge would, inside the measured workerd (production's Worker pays nothing for it: the edge compresses
 * after it), and the load generator then spent its CPU, on the same cores, inflating Feedloom's answers
 * only.
 */
const UNCOMPRESSED = { 'accept-encoding': 'identity' };

/**
 * CONNECTIONS requests in flight for `seconds`, each sent again once answered, through Node's fetch: one
 * load generator for every side. (autocannon counts nothing from PHP's built-in server, which answers
 * without a length and closes the connection.) Every answer's latency, the refusals and errors, and the
 * wall time until the last request in flight was answered.
 */
async function drive(request, seconds) {
  const started = performance.now();
  const until = started + seconds * 1000;
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const { url, method, body } = nextRequest(request);
        const sent = performance.now();
        try {
          const response = await fetch(url, { method, headers: { ...request.headers, ...UNCOMPRESSED }, body });
          await response.arrayBuffer();
          if (!response.ok) non2xx++;
          latencies.push(performance.now() - sent);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { latencies, non2xx, errors, wallMs: performance.now() - started };
}

/** The workerd processes below this process (Miniflare spawns them), by pid. */
function workerdsBelow() {
  const processes = listProcesses();
  const below = descendantsOf(process.pid, processes);
  return new Set(
    processes.filter((stat) => stat.name === 'workerd' && below.includes(stat.pid)).map((stat) => stat.pid),
  );
}

/**
 * A Feedloom runtime started by `start`, with its server's CPU: the workerd processes it started (one, or
 * two split), whose main threads run the Worker, Miniflare's entry and local D1. `start` is given a
 * callback for a split runtime to call once its database's process runs. The server's CPU so far:
 * { total, mainThread } in ms, each summed over those processes, and split, `database`: that process's total.
 */
async function startMeasured(start) {
  const before = workerdsBelow();
  const startedSince = () => [...workerdsBelow()].filter((pid) => !before.has(pid));
  let database = null;
  const runtime = await start(() => {
    database = startedSince();
  });
  const pids = startedSince();
  if (pids.length === 0) {
    await runtime.stop();
    throw new Error('No workerd started below this process: Miniflare did not start one?');
  }
  const serverCpu = () => ({
    ...processesCpuMs(pids),
    ...(database ? { database: processesCpuMs(database).total } : {}),
  });
  return { runtime, serverCpu };
}

/**
 * FreshRSS's server: php -S and the workers it forks, the process group up.sh started it as (setsid, its
 * pid in server.pid). Its CPU so far: { total } in ms. Null, and said why, when that group is not there.
 */
function freshrssServerCpu(state) {
  const pidFile = path.join(state, 'server.pid');
  const group = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : Number.NaN;
  if (!listProcesses().some((stat) => stat.pgrp === group)) {
    console.log(`  FreshRSS's CPU not measured: no process group ${pidFile} names is running`);
    return null;
  }
  return () => ({ total: groupCpuMs(group) });
}

/** A server's CPU between two readings of it; null when either is missing (not measured). */
function cpuBetween(before, after) {
  if (!before || !after) return null;
  const spent = { total: after.total - before.total };
  if (after.mainThread !== undefined) spent.mainThread = after.mainThread - before.mainThread;
  if (after.database !== undefined) spent.database = after.database - before.database;
  return spent;
}

/**
 * One slice of a contender's load, with the CPU its server (`serverCpu`: its CPU so far, null when not
 * measured) and this process spent meanwhile.
 */
async function driveSlice({ request, serverCpu }, seconds) {
  const serverBefore = serverCpu?.();
  const ownBefore = process.cpuUsage();
  const slice = await drive(request, seconds);
  const own = process.cpuUsage(ownBefore);
  return { ...slice, server: cpuBetween(serverBefore, serverCpu?.()), loadGeneratorMs: (own.user + own.system) / 1000 };
}

/** A contender answered 2xx once (a refusal would measure nothing), then loaded for a warm-up. */
async function warmUp({ name, request }) {
  const { url, method, body } = nextRequest(request);
  const response = await fetch(url, { method, headers: { ...request.headers, ...UNCOMPRESSED }, body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${name}: ${url} answered ${response.status}`);
  await drive(request, WARM_UP_SECONDS);
}

function describeCpu(cpu) {
  if (!cpu) return '';
  const main = cpu.mainThreadMsPerRequest === undefined ? '' : ` (main thread ${cpu.mainThreadMsPerRequest})`;
  const database =
    cpu.databaseMsPerRequest === undefined
      ? ''
      : `, of which the database's process ${cpu.databaseMsPerRequest} ms, ${cpu.databaseCores} cores`;
  return `; server ${cpu.serverMsPerRequest} ms CPU a request${main}, ${cpu.serverCores} cores${database}; load generator ${cpu.loadGeneratorMsPerRequest} ms, ${cpu.loadGeneratorCores} cores`;
}

/** A contender's figures, and the spread of its slices' rates: how much the load moved under it. */
function logFigures(name, result, slices) {
  const rates = slices.map((slice) => Math.round((slice.latencies.length * 1000) / slice.wallMs));
  console.log(
    `  ${name}: ${Math.round(result.requestsPerSecond)} req/s (slices ${Math.min(...rates)}–${Math.max(...rates)}; p50 ${result.p50} ms, non-2xx ${result.non2xx}, errors ${result.errors})${describeCpu(result.cpu)}`,
  );
}

/**
 * `contenders` ({ key: { name, request, serverCpu } }) each warmed up, then loaded in turns: ROUNDS
 * rounds of one slice each (bench/turns.mjs), SECONDS in all a contender. Their figures, by key.
 */
async function measureInTurns(contenders) {
  const entries = Object.entries(contenders);
  for (const [, contender] of entries) await warmUp(contender);
  const slices = entries.map(() => []);
  for (const order of turnOrder(entries.length, ROUNDS))
    for (const index of order) slices[index].push(await driveSlice(entries[index][1], SECONDS / ROUNDS));
  return Object.fromEntries(
    entries.map(([key, { name }], index) => {
      const result = windowFigures(addSlices(slices[index]));
      logFigures(name, result, slices[index]);
      return [key, result];
    }),
  );
}

/** One request's three sides as contenders, each with its server's CPU. */
function sideContenders(sides, request, serverCpu) {
  return Object.fromEntries(
    Object.entries(sides).map(([side, requests]) => [
      side,
      {
        name: `${side} ${request}`,
        request: requests[request],
        serverCpu: serverCpu[SERVER_OF[side]],
      },
    ]),
  );
}

/**
 * The three floors under the 30 newest, as contenders: measured in the same turns as the lists, since the
 * goals set the lists against them.
 */
function floorContenders(baseURL, cookie, serverCpu) {
  const floor = (name, request) => ({ name: `Feedloom: ${name}`, request, serverCpu });
  return {
    floor: floor('one empty D1 call', { url: `${baseURL}/api/dev/bench/d1-floor` }),
    pageFloor: floor('one D1 call reading the 30 newest rows', { url: `${baseURL}${PAGE_FLOOR}` }),
    signedPageFloor: floor("the same call with the session's check in it", {
      url: `${baseURL}${PAGE_FLOOR}`,
      headers: { cookie },
    }),
  };
}

export async function benchFreshRss() {
  const state = process.env.FRESHRSS_STATE ?? '/tmp/freshrss-peer';
  const app = path.join(state, 'app');
  const alive = await fetch(`${FRESHRSS_URL}/api/greader.php`).then(
    (response) => response.ok,
    () => false,
  );
  if (!existsSync(path.join(app, 'constants.php')) || !alive) {
    const why = `no FreshRSS at ${FRESHRSS_URL} with its app in ${app}: start one with ../shared/peers/freshrss/up.sh <FreshRSS source>`;
    console.log(`  skipped: ${why}`);
    return { skipped: why };
  }
  mkdirSync(WORK_DIR, { recursive: true });
  const now = Date.now();
  const feeds = await serveFeeds(now);
  let loaded;
  try {
    loaded = await loadFreshRss(app, feeds.origin);
  } finally {
    await feeds.close();
  }
  const version = php(app, 'echo FRESHRSS_VERSION;').trim();

  // Feedloom: the seed written and a session and an app password made under `npm start`'s server, then
  // the same bundle and state in Miniflare alone.
  const server = await startServer({ seeds: [{ name: 'api', sql: apiSeedSql(), people: API_SEED_PEOPLE }] });
  let cookie;
  let appPassword;
  try {
    cookie = await signIn(server.baseURL);
    appPassword = await createAppPassword(server.baseURL, cookie, API_PERSON.password);
  } finally {
    await server.stop();
  }
  // The split runtime's database is a copy of the same state: each side's marking read changes its own.
  const splitState = path.join(WORK_DIR, 'state-split');
  rmSync(splitState, { recursive: true, force: true });
  cpSync(path.join(WORK_DIR, 'state'), splitState, { recursive: true });
  const one = await startMeasured(() => startBareRuntime());
  let split;
  try {
    split = await startMeasured((onDatabaseStarted) => startSplitRuntime({ stateDir: splitState, onDatabaseStarted }));
  } catch (error) {
    await one.runtime.stop();
    throw error;
  }
  const runtime = one.runtime;
  const serverCpu = { feedloom: one.serverCpu, feedloomSplit: split.serverCpu, freshrss: freshrssServerCpu(state) };
  const figures = Object.fromEntries(Object.keys(SERVER_OF).map((side) => [side, {}]));
  let floors;
  try {
    const greaderOf = async (baseURL) => {
      const api = `${baseURL}/api/greader`;
      const session = await greaderSession(api, API_PERSON.email, appPassword);
      return greaderRequests(api, session, await greaderIds(api, session.headers));
    };
    const theirs = `${FRESHRSS_URL}/api/greader.php`;
    const theirSession = await greaderSession(theirs, `${FRESHRSS_USER.user}`, FRESHRSS_USER.apiPassword);
    const sides = {
      feedloomRest: restRequests(runtime.baseURL, cookie),
      feedloomGreader: await greaderOf(runtime.baseURL),
      feedloomRestSplit: restRequests(split.runtime.baseURL, cookie),
      feedloomGreaderSplit: await greaderOf(split.runtime.baseURL),
      freshrssGreader: greaderRequests(theirs, theirSession, await greaderIds(theirs, theirSession.headers)),
    };
    const contendersOf = (request) => ({
      ...(request === 'newest' ? floorContenders(runtime.baseURL, cookie, serverCpu.feedloom) : {}),
      ...sideContenders(sides, request, serverCpu),
    });
    // Request by request, each one's contenders in turns (bench/turns.mjs).
    for (const request of REQUESTS) {
      const measured = await measureInTurns(contendersOf(request));
      for (const side of Object.keys(sides)) figures[side][request] = measured[side];
      if (request === 'newest') floors = measured;
    }
  } finally {
    await runtime.stop();
    await split.runtime.stop();
  }
  const { floor, pageFloor, signedPageFloor } = floors;
  return summarise({ version, loaded, figures, floor, pageFloor, signedPageFloor });
}

function summarise({ version, loaded, figures, floor, pageFloor, signedPageFloor }) {
  const rate = (side, request) => Math.round(figures[side][request].requestsPerSecond);
  const rows = REQUESTS.map((request) => ({
    request,
    ...Object.fromEntries(Object.keys(SERVER_OF).map((side) => [side, rate(side, request)])),
  }));
  const newest = rows[0];
  const floorRate = Math.round(floor.requestsPerSecond);
  /** The 30 newest on both protocols against FreshRSS's rate, or a floor's rate over 1.2 where it is below. */
  const againstFloor = (floorRps, floorIs) => {
    const under = floorRps < newest.freshrssGreader;
    const bar = under ? floorRps / FLOOR_MARGIN : newest.freshrssGreader;
    return {
      bar: Math.round(bar),
      barIs: under ? `${floorIs} / 1.2` : "FreshRSS's rate",
      rest: newest.feedloomRest,
      greader: newest.feedloomGreader,
      met: newest.feedloomRest >= bar && newest.feedloomGreader >= bar,
    };
  };
  const greaderCost = newest.feedloomRest / newest.feedloomGreader;
  // Beside the issue's bar, the brief's rule for a goal under a floor: when the cheapest correct list (the
  // check and the rows in one call, unmapped) serves less than FreshRSS, within 1.2× of it is the reachable
  // goal. Reported apart; the issue's bar above stays as it is written.
  const signedFloorRate = Math.round(signedPageFloor.requestsPerSecond);
  // The same goal with D1 in its own process (bare-runtime.mjs startSplitRuntime), as production runs it.
  const split = {
    bar: newest.freshrssGreader,
    barIs: "FreshRSS's rate",
    rest: newest.feedloomRestSplit,
    greader: newest.feedloomGreaderSplit,
    met: newest.feedloomRestSplit >= newest.freshrssGreader && newest.feedloomGreaderSplit >= newest.freshrssGreader,
  };
  return {
    freshrss: version,
    data: { feeds: API_FEEDS, items: API_ITEMS, freshrssStored: loaded.stored, freshrssUnread: loaded.unread },
    connections: CONNECTIONS,
    loadGenerator: "Node's fetch (undici), the same for every side",
    seconds: SECONDS,
    measured: `each request's contenders in turns (the 30 newest's with the three floors): ${ROUNDS} rounds of ${SECONDS / ROUNDS} s each, the order rotated each round`,
    feedloomRuntime:
      'Miniflare alone (bench/bare-runtime.mjs); split: the same, its D1 database in a second workerd over HTTP (startSplitRuntime)',
    cpuOf: {
      feedloom: "workerd (the Worker, Miniflare's entry, local D1), its main thread apart",
      feedloomSplit: "both workerd processes, the Worker's and the database's, their main threads apart",
      freshrss: "php -S's process group: the server and the workers it forks",
      loadGenerator: "this Node process: fetch, and Miniflare's Node side (it reads workerd's output)",
    },
    d1FloorRequestsPerSecond: floorRate,
    d1FloorCpu: floor.cpu,
    pageFloorRequestsPerSecond: Math.round(pageFloor.requestsPerSecond),
    pageFloorCpu: pageFloor.cpu,
    signedPageFloorRequestsPerSecond: signedFloorRate,
    signedPageFloorCpu: signedPageFloor.cpu,
    rows,
    detail: figures,
    goals: {
      greaderOverRest: {
        value: Number(greaderCost.toFixed(2)),
        goal: GREADER_OVER_REST,
        met: greaderCost <= GREADER_OVER_REST,
      },
      newestAgainstFreshrss: againstFloor(floorRate, 'the D1 floor'),
      newestAgainstSignedFloor: againstFloor(signedFloorRate, 'the signed-in page floor'),
      newestSplitAgainstFreshrss: split,
    },
  };
}
