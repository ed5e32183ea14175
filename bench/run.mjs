// `npm run bench`: every benchmark in one run on this machine, offline. Parser first (pure Node), then
// one `wrangler dev` with a fresh state seeded for the refresh and API benchmarks (started after the
// feed fixture server, whose ports it must be allowed to fetch), then cost, API and SPA against it.
// Prints the table, writes bench/results.json and its sections of docs/performance.md and docs/scaling.md. Benchmarks report; they never
// assert: a figure that misses its goal is marked ✗ and the run still succeeds.
// `npm run bench -- cost api` runs only the parts named (parse, worker, summaries, stories, search, jobMemory, refresh, cost, api, roundTrips, farReader, spa, freshrss) and
// prints their figures as JSON without touching bench/results.json or docs/; with `--merge` it writes
// them into the last full run's results instead, with a note saying which figures come from which run.
// `npm run bench -- soak` (bench/soak.mjs: 100,000 requests through `npm start`, about as long as all the
// rest together) runs only when named; it writes its figures to bench/results.json's `soak`, which a full
// run carries over. `SOAK_REQUESTS=10000` makes it shorter (`SOAK_ISOLATE_REQUESTS` its isolate pass,
// `SOAK_RELAY_REQUESTS` its pass with wrangler dev's relay).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { API_SEED_PEOPLE, apiSeedSql, benchApi, searchIndexStorage, signIn } from './api.mjs';
import { benchCost } from './cost.mjs';
import { benchFarReader } from './far-reader.mjs';
import { benchFreshRss } from './freshrss.mjs';
import { benchJobMemory } from './job-memory.mjs';
import { billTable, limitsInputs, limitsTable, storedItemBytes } from './limits.mjs';
import { benchParse } from './parse.mjs';
import { benchParseHostile } from './parse-hostile.mjs';
import { INDEX_ENTRY_BYTES, itemsPerRefreshWithNew, projectScale } from './projection.mjs';
import { benchRefresh, REFRESH_PERSON_ID, refreshSeedSql, startFixtureServer } from './refresh.mjs';
import { machine, mergedNote, writeReport } from './report.mjs';
import { benchRoundTrips } from './round-trips.mjs';
import { benchRules } from './rules.mjs';
import { benchSearch } from './search.mjs';
import { queryState, startServer } from './server.mjs';
import { benchSoak } from './soak.mjs';
import { benchSpa } from './spa.mjs';
import { benchStories } from './stories.mjs';
import { benchSummaries } from './summaries.mjs';
import { benchWorker } from './worker-size.mjs';

function lastFullRun() {
  const file = new URL('./results.json', import.meta.url);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

// Ctrl-C: exit normally, so the server's exit hook (server.mjs) ends wrangler dev.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

const started = Date.now();
const step = (label) => console.log(`▸ ${label} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
const results = { machine: machine() };
const PARTS = [
  'parse',
  'worker',
  'summaries',
  'stories',
  'search',
  'refresh',
  'cost',
  'api',
  'roundTrips',
  'farReader',
  'spa',
  'freshrss',
  'limits',
  'soak',
  'rules',
  'jobMemory',
];
const SERVER_PARTS = ['refresh', 'cost', 'api', 'roundTrips', 'farReader', 'spa'];
const merge = process.argv.includes('--merge');
const only = process.argv.slice(2).filter((arg) => arg !== '--merge');
for (const part of only) if (!PARTS.includes(part)) throw new Error(`Unknown part ${part}: one of ${PARTS.join(', ')}`);
const runs = (part) => (only.length === 0 ? part !== 'soak' : only.includes(part));

if (runs('parse')) {
  step('parse');
  results.parse = await benchParse();
  results.parse.hostile = await benchParseHostile();
}

if (runs('worker')) {
  step('worker: bundle and cold starts');
  results.worker = await benchWorker();
}

if (runs('summaries')) {
  step('summaries: the offline model over the real feeds');
  results.summaries = await benchSummaries();
}

if (runs('stories')) {
  step('stories: grouping quality and cost per new item (bench/stories-data)');
  results.stories = await benchStories();
}

if (runs('rules')) {
  step('rules: matching new items, and reading with hide rules (issue 26)');
  results.rules = await benchRules();
}

if (runs('search')) {
  step('search: the worst accepted searches over a 100,000-row shard (a server of its own)');
  results.search = await benchSearch();
}

if (runs('jobMemory')) {
  step('jobMemory: what a refresh, the export and a digest hold at their caps (Node, a process each)');
  results.jobMemory = await benchJobMemory();
}

if (SERVER_PARTS.some(runs)) await benchAgainstServer();

async function benchAgainstServer() {
  step('fixture server and the local server');
  const fixtures = await startFixtureServer();
  let server;
  try {
    server = await startServer({
      allowHosts: fixtures.allowHosts,
      seeds: [
        { name: 'refresh', sql: refreshSeedSql(fixtures), people: [REFRESH_PERSON_ID] },
        { name: 'api', sql: apiSeedSql(), people: API_SEED_PEOPLE },
      ],
      // The far reader's latency model wraps the Worker's D1 bindings for the requests that ask for it
      // (bench/far-reader-worker.ts); every other request reaches the Worker as it is.
      entry: runs('farReader') ? 'bench/far-reader-worker.ts' : undefined,
    });
    if (runs('refresh')) {
      step('refresh');
      results.refresh = await benchRefresh(server.baseURL, fixtures);
    }
    const cookie = await signIn(server.baseURL);
    if (runs('cost')) {
      step('cost');
      results.cost = await benchCost(server.baseURL, cookie, fixtures.costFeeds, { from: 1, to: fixtures.feedCount });
      // Without the refresh run, its figures from the last full run (bench/results.json) stand in, so a
      // partial run's projection compares with docs/scaling.md's.
      const refresh = results.refresh ?? lastFullRun().refresh;
      if (!refresh) throw new Error('The projection needs the refresh figures: run `npm run bench -- refresh cost`');
      const searchIndex = (results.api ?? lastFullRun().api)?.searchIndex;
      results.cost.scale = projectScale(results.cost, {
        notModifiedShare: refresh.pass2.notModifiedShare,
        avgItemBytes: refresh.avgItemBytes,
        indexBytesPerItem: searchIndex ? searchIndex.indexBytesPerItem + INDEX_ENTRY_BYTES : 0,
        fetchesPerSecond: refresh.pass2.fetchesPerSecond,
      });
    }
    if (runs('api')) {
      step('api');
      results.api = await benchApi(server.baseURL, cookie);
      results.api.searchIndex = searchIndexStorage(queryState);
    }
    if (runs('roundTrips')) {
      step('roundTrips: D1 round trips each read waits for');
      ({ roundTrips: results.roundTrips, calls: results.d1Calls } = await benchRoundTrips(server.baseURL, cookie));
    }
    if (runs('farReader')) {
      step('farReader: p50 a request for a person far from the primary (150 ms), replicas 10 ms away');
      results.farReader = await benchFarReader(server.baseURL, cookie);
    }
    if (runs('spa')) {
      step('spa');
      results.spa = await benchSpa(server.baseURL, cookie);
    }
  } finally {
    await server?.stop();
    await fixtures.close();
  }
}

if (runs('freshrss')) {
  step('freshrss: beside a real FreshRSS on the same data (Feedloom in Miniflare alone)');
  const peer = await benchFreshRss();
  // Without a FreshRSS running, the last run's figures stay (below; bench/freshrss.mjs says how to start one).
  if (!peer.skipped) results.freshrss = peer;
}

if (runs('soak')) {
  step('soak');
  // SOAK_REQUESTS (SOAK_ISOLATE_REQUESTS, SOAK_RELAY_REQUESTS for those passes) make a shorter run.
  const count = (name) => (process.env[name] ? Number(process.env[name]) : undefined);
  const requests = count('SOAK_REQUESTS') ?? 100_000;
  results.soak = await benchSoak({
    requests,
    isolateRequests: count('SOAK_ISOLATE_REQUESTS') ?? requests,
    relayRequests: count('SOAK_RELAY_REQUESTS') ?? requests / 10,
  });
}

if (runs('limits')) {
  step('limits and the bill (issue 30)');
  // From this run's figures, or the last full run's for a part that did not run.
  const figures = (part) => results[part] ?? lastFullRun()[part];
  const parts = ['refresh', 'api', 'cost', 'worker', 'parse'];
  const missingParts = parts.filter((part) => !figures(part));
  if (missingParts.length > 0)
    throw new Error(`The limits need the figures of ${missingParts.join(', ')}: run them first`);
  const inputs = limitsInputs(Object.fromEntries(parts.map((part) => [part, figures(part)])), itemsPerRefreshWithNew());
  // An item row as stored now that bodies are deflated: the refresh bench's mean item (its last full run
  // measured them as text) times the ratio measured on the fixtures with the Worker's own code.
  const stored = await storedItemBytes();
  Object.assign(inputs, {
    storedItemRatio: Number(stored.ratio.toFixed(3)),
    storedItemBytes: Math.round(inputs.avgItemBytes * stored.ratio),
    indexEntryBytesPerItem: INDEX_ENTRY_BYTES,
  });
  // The projection again, from the measured costs with this checkout's design constants (projection.mjs),
  // every item's bytes counted: its row as stored, its search index row, its index entries.
  const refresh = figures('refresh');
  const scale = projectScale(figures('cost'), {
    notModifiedShare: refresh.pass2.notModifiedShare,
    avgItemBytes: inputs.storedItemBytes,
    indexBytesPerItem: inputs.searchIndexBytesPerItem + INDEX_ENTRY_BYTES,
    fetchesPerSecond: refresh.pass2.fetchesPerSecond,
  });
  // The projection is recomputed from the same measured costs: docs/scaling.md's table agrees with it.
  results.cost = { ...figures('cost'), scale };
  results.limits = limitsTable(scale, inputs);
  Object.assign(results, billTable(scale, inputs), { limitsInputs: inputs });
}

results.seconds = (Date.now() - started) / 1000;
if (only.length > 0 && merge) {
  const last = lastFullRun();
  const m = results.machine;
  const note = `${only.join(', ')}: a run of ${m.date.slice(0, 16).replace('T', ' ')} UTC (load ${m.loadAverage}) merged into the full run above.`;
  console.log(
    `\n${writeReport({ ...last, ...results, machine: last.machine, note: mergedNote(last.note, only, note) })}\n`,
  );
  console.log('bench/results.json, docs/performance.md and docs/scaling.md updated.');
  process.exit(0);
}
if (only.length > 0) {
  console.log(JSON.stringify(results, null, 2));
  // The soak and the FreshRSS comparison are long runs of their own, the stories part a quick one of pure
  // Node, the rules' figures (issue 26), the worst accepted searches and the jobs' memory (issue 29)
  // sections of their own, and the far reader's latency model (issue 30): named alone, their figures are kept.
  const kept = Object.fromEntries(
    ['soak', 'freshrss', 'stories', 'rules', 'search', 'jobMemory', 'farReader']
      .filter((part) => results[part] && !results[part].skipped)
      .map((part) => [part, { machine: results.machine, ...results[part] }]),
  );
  if (Object.keys(kept).length > 0) {
    const file = new URL('./results.json', import.meta.url);
    writeFileSync(file, `${JSON.stringify({ ...lastFullRun(), ...kept }, null, 2)}\n`);
    console.log(`bench/results.json: ${Object.keys(kept).join(', ')} updated`);
  }
  process.exit(0);
}
// The soak runs only when named, and FreshRSS only when one is running: their last figures stay.
results.soak ??= lastFullRun().soak;
results.freshrss ??= lastFullRun().freshrss;
console.log(`\n${writeReport(results)}\n`);
console.log(
  `Finished in ${results.seconds.toFixed(0)} s; bench/results.json, docs/performance.md and docs/scaling.md updated.`,
);
