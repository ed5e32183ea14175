// The bench results as one Markdown table: each figure beside its peer, baseline or goal, their ratio,
// and whether the goal is met. One row builder per area (parse, worker, refresh, api, spa, cost, summaries, roundTrips); report.mjs
// writes the table out.
const missing = (n) => n === null || n === undefined || Number.isNaN(n);
const fmt = (n, digits = 1) =>
  missing(n) ? 'n/a' : Number(n).toLocaleString('en-US', { maximumFractionDigits: digits });
const pct = (n) => (missing(n) ? 'n/a' : `${(n * 100).toFixed(1)} %`);
const kb = (bytes) => (missing(bytes) ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
const ratio = (a, b) => (missing(a) || missing(b) || b === 0 ? '' : `${(a / b).toFixed(2)}×`);
const met = (ok) => (ok ? ' ✓' : ' ✗');

import { ROUND_TRIP_GOALS } from './round-trips.mjs';

/** parse.hostile: one row per hostile shape at the 4 MiB cap (bench/parse-hostile.mjs). */
function hostileRows(hostile = []) {
  return hostile.map((row) => [
    `hostile ${row.name}: CPU ms, heap MB`,
    row.ms === null
      ? row.timedOut
        ? 'killed (timeout)'
        : 'out of memory'
      : `${fmt(row.ms, 0)} ms, ${fmt(row.heapMB)} MB`,
    row.refused ? `refused: ${row.refused}` : `${fmt(row.items, 0)} items`,
    '',
    `≤ 500 ms, < 64 MB${met(row.withinGoal)}`,
  ]);
}

function parseRows({ fixtures, commonFixtures, results, hostile }) {
  const ours = results.feedloom;
  const fs = results.feedsmith;
  const peers = Object.keys(results).filter((name) => name !== 'feedloom');
  return [
    ...hostileRows(hostile),
    ...peers.map((peer) => [
      `MB/s, all ${fixtures} fixtures`,
      fmt(ours.mbPerSecAll),
      `${peer} ${fmt(results[peer].mbPerSecAll)}`,
      ratio(ours.mbPerSecAll, results[peer].mbPerSecAll),
      peer === 'feedsmith' ? `≥ feedsmith${met(ours.mbPerSecAll >= fs.mbPerSecAll)}` : '',
    ]),
    [
      `MB/s, the ${commonFixtures} every parser reads`,
      fmt(ours.mbPerSecCommon),
      `feedsmith ${fmt(fs.mbPerSecCommon)}`,
      ratio(ours.mbPerSecCommon, fs.mbPerSecCommon),
      `≥ feedsmith${met(ours.mbPerSecCommon >= fs.mbPerSecCommon)}`,
    ],
    [
      'conformance cases passed',
      pct(ours.conformance),
      `feedsmith ${pct(fs.conformance)}`,
      ratio(ours.conformance, fs.conformance),
      `≥ 95 %${met(ours.conformance >= 0.95)}`,
    ],
    [
      'dates right',
      pct(ours.dates),
      `feedsmith ${pct(fs.dates)}`,
      ratio(ours.dates, fs.dates),
      `≥ 90 %${met(ours.dates >= 0.9)}`,
    ],
  ];
}

function refreshRows(r) {
  const { pass1, pass2 } = r;
  const done = pass1.fetched === r.feeds;
  const rows = [
    [
      `1,000 feeds, first fetch (s; ${fmt(pass1.fetched, 0)} done)`,
      fmt(pass1.seconds),
      'goal 120',
      ratio(pass1.seconds, 120),
      `< 120 s${met(done && pass1.seconds < 120)}`,
    ],
    [
      'fetches/s, first fetch',
      fmt(pass1.fetchesPerSecond),
      'goal pace 8.3',
      ratio(pass1.fetchesPerSecond, 1000 / 120),
      '',
    ],
  ];
  if (!pass2) return [...rows, ['second pass', 'skipped', r.note, '', '']];
  return [
    ...rows,
    [
      '1,000 feeds again (s)',
      fmt(pass2.seconds),
      `first fetch ${fmt(pass1.seconds)}`,
      ratio(pass2.seconds, pass1.seconds),
      '',
    ],
    [
      'fetches/s, second pass',
      fmt(pass2.fetchesPerSecond),
      `first fetch ${fmt(pass1.fetchesPerSecond)}`,
      ratio(pass2.fetchesPerSecond, pass1.fetchesPerSecond),
      '',
    ],
    [
      '304 share, second pass',
      pct(pass2.notModifiedShare),
      `feeds answering 304 ${pct(pass2.expectedNotModifiedShare)}`,
      ratio(pass2.notModifiedShare, pass2.expectedNotModifiedShare),
      '',
    ],
    [
      'items lost / duplicated',
      `${r.lost} / ${r.duplicated}`,
      `of ${fmt(r.expectedItems, 0)} expected`,
      '',
      `0 / 0${met(r.lost === 0 && r.duplicated === 0)}`,
    ],
  ];
}

const ENDPOINTS = {
  d1Floor: 'one D1 call, no session (select 1)',
  signedIn: 'GET /api/users/me (the session alone)',
  feedItems: 'GET /api/feed-items',
  feedItemsUnread: 'GET /api/feed-items?filter=unread',
  categoriesWithFeeds: 'GET /api/categories/with-feeds',
  markRead: 'PATCH /api/feed-items/{id}',
  searchRare: 'search, a rare word (2 matches)',
  searchEvery: 'search, a word in every item (20,000)',
  searchEveryByRelevance: 'search, every item, sort=relevance',
  searchEveryUnread: 'search, every item, unread only',
  searchPhrase: 'search, "phrase" prefix* -word',
};

function apiRows(api) {
  // The baseline: health measured first and last, averaged (the machine may be shared).
  const [h1, h2] = [api.health, api.healthAgain ?? api.health];
  const h = Object.fromEntries(['requestsPerSecond', 'p50', 'p99', 'serialP50'].map((k) => [k, (h1[k] + h2[k]) / 2]));
  const latency = (r) => `${fmt(r.p50, 0)} / ${fmt(r.p99, 0)} (alone ${fmt(r.serialP50)})`;
  const rows = [
    [
      'GET /api/health req/s, first · last',
      `${fmt(h1.requestsPerSecond, 0)} · ${fmt(h2.requestsPerSecond, 0)}`,
      'baseline',
      '',
      '',
    ],
    ['GET /api/health p50 / p99 ms, first · last', `${latency(h1)} · ${latency(h2)}`, 'baseline', '', ''],
  ];
  for (const [key, label] of Object.entries(ENDPOINTS)) {
    const r = api[key];
    if (!r) continue;
    const failed = r.non2xx + r.errors;
    // Search's goal (issue 14): well under 100 ms alone, for 50 feeds and 20,000 items. Issue 12's: the
    // lists and the read mark within 1.5× health's p99 at 32 connections.
    const withinHealth = `≤ 1.5× health${met(r.p99 <= 1.5 * h.p99)}`;
    const goal =
      key === 'markRead'
        ? withinHealth
        : key.startsWith('search')
          ? `alone < 100 ms${met(r.serialP50 < 100)}`
          : key === 'signedIn' || key === 'd1Floor'
            ? ''
            : `p99 < 50 ms${met(r.p99 < 50)} · ${withinHealth}`;
    rows.push([
      `${label} req/s`,
      fmt(r.requestsPerSecond, 0),
      `health ${fmt(h.requestsPerSecond, 0)}`,
      ratio(r.requestsPerSecond, h.requestsPerSecond),
      failed ? `${failed} failed ✗` : '',
    ]);
    rows.push([`${label} p50 / p99 ms`, latency(r), `health ${latency(h)}`, ratio(r.p99, h.p99), goal]);
  }
  const index = api.searchIndex;
  if (index) {
    rows.push([
      'search index bytes per item (FTS5 payload)',
      fmt(index.indexBytesPerItem, 0),
      `item row ${fmt(index.itemBytesPerItem, 0)}`,
      ratio(index.indexBytesPerItem, index.itemBytesPerItem),
      '',
    ]);
  }
  return rows;
}

function spaRows({ landing, home }) {
  const { firstCardMs: cold, firstCardWarmMs: warm } = home;
  return [
    [
      'landing page JS (gzip)',
      kb(landing.jsGzipBytes),
      'goal 100 KB',
      ratio(landing.jsGzipBytes, 100 * 1024),
      `< 100 KB${met(landing.jsGzipBytes < 100 * 1024)}`,
    ],
    [
      '/home JS, signed in (gzip)',
      kb(home.jsGzipBytes),
      'goal 250 KB',
      ratio(home.jsGzipBytes, 250 * 1024),
      `< 250 KB${met(home.jsGzipBytes < 250 * 1024)}`,
    ],
    [
      'navigation → first feed card, cold (ms)',
      fmt(cold, 0),
      'goal 1,000',
      ratio(cold, 1000),
      missing(cold) ? 'see note' : `< 1 s${met(cold < 1000)}`,
    ],
    ['navigation → first feed card, warm (ms)', fmt(warm, 0), `cold ${fmt(cold, 0)}`, ratio(warm, cold), ''],
    [
      'cold: items API done / last script (ms)',
      `${fmt(home.itemsApiMs, 0)} / ${fmt(home.lastScriptMs, 0)}`,
      `${home.scripts} scripts`,
      '',
      '',
    ],
  ];
}

function costRows({ refresh, cron, reading, markAll, perRowShown, sidebarRowsPerFeed }) {
  const refreshes = [
    ['new feed', refresh.newFeed],
    ['unchanged 200', refresh.unchanged],
    ['304', refresh.notModified],
  ];
  const page = reading.itemsPage.rowsRead + reading.session.rowsRead;
  return [
    ...refreshes.map(([label, m]) => [
      `refresh, ${label}: rows read / written`,
      `${m.rowsRead} / ${m.rowsWritten}`,
      `${m.calls} D1 calls, ${m.fetches} fetch`,
      '',
      '',
    ]),
    [
      `cron pick of ${cron.queued} feeds: rows read / written`,
      `${fmt(cron.rowsRead, 0)} / ${fmt(cron.rowsWritten, 0)}`,
      `${cron.calls} D1 calls`,
      '',
      '',
    ],
    [
      'page of 30 items: rows read',
      fmt(page, 0),
      'rows returned 30',
      ratio(page, 30),
      `≤ 5×${met(perRowShown.page <= 5)}`,
    ],
    [
      'unread page of 30: rows read',
      fmt(reading.unreadPage.rowsRead + reading.session.rowsRead, 0),
      'rows returned 30',
      ratio(reading.unreadPage.rowsRead + reading.session.rowsRead, 30),
      `≤ 5×${met(perRowShown.unreadPage <= 5)}`,
    ],
    [
      'category page of 30: rows read',
      fmt(reading.categoryPage.rowsRead + reading.session.rowsRead, 0),
      'rows returned 30',
      ratio(reading.categoryPage.rowsRead + reading.session.rowsRead, 30),
      `≤ 5×${met(perRowShown.categoryPage <= 5)}`,
    ],
    ...(reading.oldestPage
      ? [
          [
            'oldest-first page of 30: rows read',
            fmt(reading.oldestPage.rowsRead + reading.session.rowsRead, 0),
            'rows returned 30',
            ratio(reading.oldestPage.rowsRead + reading.session.rowsRead, 30),
            `≤ 5×${met(perRowShown.oldestPage <= 5)}`,
          ],
        ]
      : []),
    [
      'sidebar (with-feeds): rows read',
      fmt(reading.sidebar.rowsRead, 0),
      'feeds shown 50',
      ratio(reading.sidebar.rowsRead, 50),
      `≤ 2×${met(sidebarRowsPerFeed <= 2)}`,
    ],
    ['read mark: rows read / written', `${reading.markRead.rowsRead} / ${reading.markRead.rowsWritten}`, '', '', ''],
    ...(reading.markFirstOfFeed
      ? [
          [
            "a feed's first read mark (its reading list learns of it): rows read / written",
            `${reading.markFirstOfFeed.rowsRead} / ${reading.markFirstOfFeed.rowsWritten}`,
            '',
            '',
            '',
          ],
        ]
      : []),
    [
      `mark all read, feed of ${fmt(markAll.feedItems, 0)}: rows written`,
      fmt(markAll.rowsWritten, 0),
      `items marked ${fmt(markAll.marked, 0)}`,
      '',
      '',
    ],
  ];
}

function workerRows({ bytes, gzipBytes, startupMs, bare, starts }) {
  return [
    ['script, minified (as deployed)', kb(bytes), `bare Hono ${kb(bare.bytes)}`, ratio(bytes, bare.bytes), ''],
    ['script, gzip', kb(gzipBytes), `bare Hono ${kb(bare.gzipBytes)}`, ratio(gzipBytes, bare.gzipBytes), ''],
    [
      `cold start to first answer (ms, median of ${starts})`,
      fmt(startupMs, 0),
      `bare Hono ${fmt(bare.startupMs, 0)}`,
      ratio(startupMs, bare.startupMs),
      '',
    ],
  ];
}

/** Every area's rows under one header; an area the run skipped has no rows. */
/** summaries: the offline model over the real feeds (bench/summaries.mjs), issue 25's goals. */
function summariesRows(summaries) {
  const rows = [
    [
      `summary sentences (${fmt(summaries.items, 0)} items of ${fmt(summaries.feeds, 0)} feeds)`,
      fmt(summaries.sentences, 0),
      '',
      '',
      '',
    ],
    ['boilerplate sentences', pct(summaries.boilerplateRate), '', '', `0${met(summaries.boilerplateRate === 0)}`],
    ['sentences run together', pct(summaries.runOnRate), '', '', `0${met(summaries.runOnRate === 0)}`],
    [
      'sentences with a valid citation',
      pct(summaries.citationCoverage),
      '',
      '',
      `100 %${met(summaries.citationCoverage === 1)}`,
    ],
    [
      'cited ids within the window',
      pct(summaries.citationValidity),
      '',
      '',
      `100 %${met(summaries.citationValidity === 1)}`,
    ],
    [
      'sentences passing the support check',
      pct(summaries.supportRate),
      '',
      '',
      `≥ 95 %${met(summaries.supportRate >= 0.95)}`,
    ],
  ];
  if (!missing(summaries.rouge2)) {
    rows.push([
      'ROUGE-2 F1 against references',
      fmt(summaries.rouge2, 3),
      `lead-3 ${fmt(summaries.lead3Rouge2, 3)}`,
      ratio(summaries.rouge2, summaries.lead3Rouge2),
      '≥ lead-3',
    ]);
  }
  return rows;
}

/**
 * A req/s figure, and when its run measured CPU (bench/freshrss.mjs), the server's CPU ms a request
 * (workerd's main thread apart) and the cores it used: `411; 2.38 ms CPU (main thread 2.1), 0.98 cores`.
 */
function rateWithCpu(rate, cpu) {
  if (!cpu) return fmt(rate, 0);
  const main = missing(cpu.mainThreadMsPerRequest) ? '' : ` (main thread ${fmt(cpu.mainThreadMsPerRequest, 2)})`;
  // A split runtime's (bench/bare-runtime.mjs): the database's process's share of that CPU and of those cores.
  const database = missing(cpu.databaseMsPerRequest)
    ? ''
    : `; of which the database's process ${fmt(cpu.databaseMsPerRequest, 2)} ms, ${fmt(cpu.databaseCores, 2)} cores`;
  return `${fmt(rate, 0)}; ${fmt(cpu.serverMsPerRequest, 2)} ms CPU${main}, ${fmt(cpu.serverCores, 2)} cores${database}`;
}

/** A figure's name, saying what its cells hold once they hold CPU too. */
const rateLabel = (name, cpu) => (cpu ? `${name}: req/s; server CPU a request, cores in use` : `${name}, req/s`);

/**
 * Beside a real FreshRSS on the same data (bench/freshrss.mjs): requests a second, with the CPU each side's
 * server spent where the run measured it, and issue 23's goals (on req/s).
 */
function freshrssRows(peer) {
  if (peer.skipped) return [['beside FreshRSS', 'not measured', '', '', peer.skipped]];
  const names = {
    newest: 'the 30 newest',
    unreadPage: 'a page of unread items',
    unreadCounts: 'the unread counts',
    markOneRead: 'marking one read',
  };
  const cpuOf = (side, request) => peer.detail?.[side]?.[request]?.cpu;
  /** A side's row for one request, where the run measured that side (older results have fewer). */
  const sideRow = (side, label, row, theirs) =>
    row[side] === undefined
      ? []
      : [
          [
            rateLabel(`${names[row.request]}, ${label}`, cpuOf(side, row.request)),
            rateWithCpu(row[side], cpuOf(side, row.request)),
            theirs,
            ratio(row[side], row.freshrssGreader),
            '',
          ],
        ];
  const rows = peer.rows.flatMap((row) => {
    const theirs = `FreshRSS ${rateWithCpu(row.freshrssGreader, cpuOf('freshrssGreader', row.request))}`;
    return [
      ...sideRow('feedloomRest', 'REST', row, theirs),
      ...sideRow('feedloomGreader', 'Google Reader', row, theirs),
      ...sideRow('feedloomRestSplit', 'REST, D1 in its own process', row, theirs),
      ...sideRow('feedloomGreaderSplit', 'Google Reader, D1 in its own process', row, theirs),
    ];
  });
  const { greaderOverRest, newestAgainstFreshrss, newestAgainstSignedFloor, newestSplitAgainstFreshrss } = peer.goals;
  /** A floor's row, where the run measured it (older results have fewer floors). */
  const floorRow = (label, rate, cpu, note) =>
    rate === undefined ? [] : [[rateLabel(label, cpu), rateWithCpu(rate, cpu), '', '', note]];
  /** A req/s goal's row, where the run has it. */
  const goalRow = (label, goal) =>
    goal === undefined
      ? []
      : [[label, `${goal.rest} / ${goal.greader}`, `bar ${goal.bar}`, '', `≥ ${goal.barIs}${met(goal.met)}`]];
  rows.push(
    ...floorRow('one empty D1 call', peer.d1FloorRequestsPerSecond, peer.d1FloorCpu, 'the floor'),
    ...floorRow(
      'one D1 call reading the 30 newest rows, unmapped',
      peer.pageFloorRequestsPerSecond,
      peer.pageFloorCpu,
      "the page's floor",
    ),
    ...floorRow(
      "the same call with the session's check in it",
      peer.signedPageFloorRequestsPerSecond,
      peer.signedPageFloorCpu,
      'the cheapest correct list',
    ),
    [
      'Google Reader stream cost over the REST list',
      `${fmt(greaderOverRest.value, 2)}×`,
      '',
      '',
      `≤ ${greaderOverRest.goal}×${met(greaderOverRest.met)}`,
    ],
    ...goalRow('the 30 newest, REST and Google Reader, req/s', newestAgainstFreshrss),
    ...goalRow('the 30 newest against the cheapest correct list, req/s', newestAgainstSignedFloor),
    ...goalRow('the 30 newest, D1 in its own process, req/s', newestSplitAgainstFreshrss),
  );
  return rows;
}

/** D1 round trips each read waits for (bench/round-trips.mjs), against issue 23's goals. */
function roundTripRows(roundTrips, results) {
  return Object.entries(roundTrips).map(([request, count]) => [
    `D1 round trips: ${request}`,
    String(count),
    results.d1Calls ? `${results.d1Calls[request]} calls` : '',
    '',
    `≤ ${ROUND_TRIP_GOALS[request]}${met(count <= ROUND_TRIP_GOALS[request])}`,
  ]);
}

export function reportTable(results) {
  const areas = {
    parse: parseRows,
    worker: workerRows,
    refresh: refreshRows,
    api: apiRows,
    spa: spaRows,
    cost: costRows,
    summaries: summariesRows,
    freshrss: freshrssRows,
    roundTrips: roundTripRows,
  };
  const lines = ['| area | figure | Feedloom | beside | ratio | goal |', '| --- | --- | --- | --- | --- | --- |'];
  for (const [area, rowsOf] of Object.entries(areas)) {
    if (!results[area]) continue;
    for (const row of rowsOf(results[area], results)) lines.push(`| ${area} | ${row.join(' | ')} |`);
  }
  return lines.join('\n');
}
