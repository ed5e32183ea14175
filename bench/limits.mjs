// Issue 30: every Cloudflare limit the design meets at workloads A and B, with its headroom at B, and the
// whole bill. Inputs: the projection (projection.mjs, from the measured per-operation costs), the
// measured search index and item sizes, and the bounds the code keeps, read from the source so that the
// table can never disagree with it (each bound is held by a test named beside it). Every limit names the
// page it comes from. Nothing here asserts: the goals (headroom ≥ 3 at B, $0.02 a person-month at A) are
// reported met or not.
import { readdirSync, readFileSync } from 'node:fs';
import { importWorkerModules } from './bundle-worker.mjs';
import { isolateCacheBudgetMB, isolateCachesAtBounds, measureCacheBytes } from './isolate-caches.mjs';
import {
  busiestFeedShardQueriesPerSecond,
  feedShardsInScope,
  PEAK_OVER_AVERAGE,
  PRICES,
  peopleDatabaseQueriesPerSecond,
  READER_APPS,
  readerAppCallsPerSecond,
  WORKLOADS,
} from './projection.mjs';
import { constantIn } from './source-constants.mjs';

const D1_LIMITS = 'https://developers.cloudflare.com/d1/platform/limits/';
const WORKERS_LIMITS = 'https://developers.cloudflare.com/workers/platform/limits/';
const QUEUES_LIMITS = 'https://developers.cloudflare.com/queues/platform/limits/';
const WORKERS_PRICING = 'https://developers.cloudflare.com/workers/platform/pricing/';
const AE_PRICING = 'https://developers.cloudflare.com/analytics/analytics-engine/pricing/';
const LOGS_PRICING = 'https://developers.cloudflare.com/workers/observability/logs/workers-logs/#pricing';

/** Headroom asked of every limit at B. */
export const HEADROOM_GOAL = 3;
/** The bill's goal at A, a person-month. */
export const DOLLARS_GOAL_A = 0.02;

/** Feeds a person follows (issue 12's workloads), so the most shards one person's lists touch. */
const SUBSCRIPTIONS = WORKLOADS.B.subscriptions;
/** Feeds a queue batch refreshes at once, from the code. */
const REFRESHES_AT_ONCE =
  constantIn('worker/jobs/consumer.ts', 'REFRESH_MESSAGES_AT_ONCE') *
  constantIn('worker/jobs/handlers.ts', 'FEEDS_AT_ONCE');
/** The V8 heap that many refreshes at the 4 MiB cap fit in (`node bench/memory.mjs 32 [shape]`, 28 Nov 2026). */
const REFRESH_HEAP_MB = REFRESHES_AT_ONCE === 1 ? 32 : 48;
/**
 * Rows a refresh that stores new items writes besides them, as D1 counts them: the feed's sequence, the
 * items' id sequence, the feed's own row and its next check's index entry (worker/feeds/refresh-cost.test.ts
 * "4 rows each and 3 besides", and the entry when the refresh moves the next check).
 */
const ROWS_A_REFRESH_WITH_NEW = 4;
/** Seconds in the projection's 30-day month. */
const MONTH_SECONDS = 30 * 86_400;
/**
 * How long a copy of a users row beside the session rows is trusted (worker/db/users-row-copy.ts): each
 * person's session check reads their users row in the primary at most once in this time.
 */
const USERS_ROW_COPY_TTL_S = constantIn('worker/db/users-row-copy.ts', 'USERS_ROW_COPY_TTL_MS') / 1000;
/**
 * Queries in the primary for each reader-app call besides the users row's copy (counted with the session
 * checks' below). None since issue 30's reader-app move (worker/db/app-password-copies.ts): a Google
 * Reader token names its person's people shard and a Fever key's hash leads there through the directory
 * (in the people databases); the check reads the app password's copy and the users row's copy there, in
 * one batch (worker/routes/reader-app-credentials.test.ts: no call on DB for someone in PEOPLE_1). It was
 * 1: the app password joined to its users row in the primary, on every call. Tokens minted before the
 * move are still checked there until they expire, at most 30 days after the deploy (not counted).
 */
const PRIMARY_QUERIES_A_READER_APP_CALL = 0;
/**
 * Queries in the primary for a Google Reader sign-in (ClientLogin: routes/greader.ts): the attempt counted
 * per address and pair (2) and forgiven (2), the app password found by its hash (1), its copy made sure of
 * (the row read, and read again after the copy: 2; db/app-password-copies.ts writeAppPasswords 'copy').
 */
const PRIMARY_QUERIES_A_READER_APP_SIGN_IN = 7;
/**
 * Sign-ins a reader app makes a day: newsboat signs in each time it starts, NetNewsWire and Reeder when
 * their token is refused (it lasts 30 days: greader/auth.ts); once a day each, at most.
 */
const READER_APP_SIGN_INS_A_DAY = 1;
const MOST_APP_PASSWORDS = constantIn('worker/db/app-passwords.ts', 'MAX_APP_PASSWORDS');
/** The people's address hash's worst people database against the mean (±15 % over 16: worker/db/people.test.ts). */
const PEOPLE_HASH_IMBALANCE = 1.15;
/**
 * Calls a deletion request makes besides step 2's part and its Fever keys' directory rows, one per people
 * database holding some, at most one a key (auth/account-deletion.ts): its session check, step 1 (with
 * every app password revoked through db/app-password-copies.ts writeAppPasswords: 4), the images' keys,
 * the users row, the Stripe customer forgotten.
 */
const REQUEST_FIXED_CALLS = constantIn('worker/auth/account-deletion.ts', 'REQUEST_FIXED_CALLS');
/** Of those, the users row's copy: none with no people databases (everyone's row is its own copy). */
const USERS_ROW_COPY_CALLS = 2;
/**
 * Step 2's calls for a part reaching `feedShards` feed shards (db/account-deletion.ts readingStatePartCalls):
 * the person's stars and feeds listed, their rows deleted, two in each people database.
 */
const readingStatePartCalls = (feedShards, peopleDatabases) => 2 + 2 * peopleDatabases + feedShards;

/**
 * The storage of every item and person: the projection counts each item's row as stored (its body
 * deflated), its search index row and its index entries (projection.mjs `indexBytesPerItem`).
 */
function storageGB(scale) {
  const d = scale.detail;
  return { items: d.itemsGB, people: d.peopleGB };
}

/**
 * An item row as stored against the same row with its body as text, on the parser's fixtures
 * (worker/feeds/testdata/fixtures, up to 500 items each), with the Worker's own parse, sanitiser and
 * packing (schema/packed-text.ts): its text columns as bench-probes.ts counts them (a BLOB by its bytes),
 * the guid hash and ~40 bytes of integers. The refresh bench's mean item (measured before bodies were
 * deflated) times this ratio is the projection's item row.
 */
export async function storedItemBytes() {
  const { parseFeed, sanitizeHtml, htmlToText, firstImage, packText } = await importWorkerModules('limits-items', {
    'feeds/parse/index': ['parseFeed'],
    'html/sanitize': ['sanitizeHtml', 'firstImage'],
    'html/text': ['htmlToText'],
    '../schema/packed-text': ['packText'],
  });
  const dir = new URL('../worker/feeds/testdata/fixtures/', import.meta.url);
  let items = 0;
  let plain = 0;
  let stored = 0;
  for (const file of readdirSync(dir)
    .filter((name) => /\.(xml|rss|atom|rdf|json)$/.test(name))
    .sort()) {
    let parsed;
    try {
      parsed = parseFeed(readFileSync(new URL(file, dir)), 'http://127.0.0.1/');
    } catch {
      continue;
    }
    for (const item of parsed.items.slice(0, 500)) {
      const html = item.content ?? item.summary;
      const content = html ? await sanitizeHtml(html, item.link ?? 'http://127.0.0.1/') : '';
      const description = htmlToText(item.summary ?? item.content ?? '').slice(0, 500);
      const rest =
        item.title.length +
        description.length +
        (item.link?.length ?? 0) +
        (item.author?.length ?? 0) +
        (content ? (firstImage(content)?.length ?? 0) : 0) +
        64 +
        40;
      const packed = content ? packText(content) : '';
      items++;
      plain += rest + content.length;
      stored += rest + (typeof packed === 'string' ? packed.length : packed.byteLength);
    }
  }
  return { items, plainBytes: plain / items, storedBytes: stored / items, ratio: stored / plain };
}

/** The rows of the limits table for one workload's projection, keyed by name. */
function atWorkload(scale, measured) {
  const d = scale.detail;
  const storage = storageGB(scale);
  const feedShards = d.feedShards;
  const peopleDatabases = Math.max(1, d.peopleShards);
  const inScope = feedShardsInScope(feedShards, SUBSCRIPTIONS);
  // A reader's pages share one allowance of D1 calls (db/items/call-allowance.ts): a list page or a whole
  // Google Reader stream, besides the session's call, its reading list's or feeds' addresses, and the span
  // a first page remembers after the response.
  const readerCalls = constantIn('worker/db/items/call-allowance.ts', 'MOST_CALLS_A_READER') + 3;
  // Every job of a batch shares this budget, and no call passes it (jobs/call-budget.ts).
  const callBudget = constantIn('worker/jobs/call-budget.ts', 'INVOCATION_CALL_BUDGET');
  const accountsPerCleanupJob = constantIn('worker/auth/account-deletion.ts', 'ACCOUNTS_PER_CLEANUP_JOB');
  const resetsPerJob = constantIn('worker/db/credits.ts', 'RESETS_PER_JOB');
  const pacedPerSecond = constantIn('worker/jobs/enqueue.ts', 'PACED_MESSAGES_PER_SECOND');
  // Every signed-in request checks its session (worker/db/sessions.ts). Someone in people shard 0 (every
  // person while there are no people shards) has both rows in the primary: every check reads it. Someone
  // in a people database has a copy of their users row beside the session row (db/users-row-copy.ts),
  // and their check reads the primary only when the copy is older than its time limit: at most once a
  // person in that time, all of them active in the busiest hour at worst.
  const requestsPerSecond = (d.pages * 2 + d.marks) / MONTH_SECONDS;
  const sessionUsersRowsPerSecond =
    d.peopleShards > 0
      ? Math.min(requestsPerSecond * PEAK_OVER_AVERAGE, scale.people / USERS_ROW_COPY_TTL_S)
      : requestsPerSecond * PEAK_OVER_AVERAGE;
  // Reader apps poll (projection.mjs READER_APPS): every call checks its credential.
  const readerAppCalls = readerAppCallsPerSecond(scale.people);
  const readerAppSignIns = (scale.people * READER_APPS.share * READER_APP_SIGN_INS_A_DAY) / 86_400;
  const primaryQueriesPerSecond =
    (d.peopleShards > 0
      ? sessionUsersRowsPerSecond + readerAppCalls * PRIMARY_QUERIES_A_READER_APP_CALL
      : sessionUsersRowsPerSecond + readerAppCalls) +
    readerAppSignIns * PRIMARY_QUERIES_A_READER_APP_SIGN_IN;
  // New people go to the people databases after the primary (worker/db/people.ts), by their address hashed.
  const peopleQueries = peopleDatabaseQueriesPerSecond(d.pages, d.marks, scale.people);
  // A deletion: one batch in each feed shard its stars and feeds are in, every people database asked who
  // else follows them and, after the delete, who follows the feeds deleted (the subscription race); at
  // worst (feeds in every shard) one in every feed shard. Step 2 goes in parts of at most as many feed
  // shards as an invocation has room for (auth/account-deletion.ts requestFeedShardsAPart, and the
  // cleanup a part a job within its budget): a request makes at most the budget's calls, and leaves the
  // rest to the cleanup.
  const fixedCalls =
    REQUEST_FIXED_CALLS -
    (d.peopleShards > 0 ? 0 : USERS_ROW_COPY_CALLS) +
    Math.min(MOST_APP_PASSWORDS, d.peopleShards);
  const feedShardsAPart = callBudget - fixedCalls - readingStatePartCalls(0, peopleDatabases);
  const deletionCalls = fixedCalls + readingStatePartCalls(Math.min(inScope, feedShardsAPart), peopleDatabases);
  const worstDeletionCalls = fixedCalls + readingStatePartCalls(Math.min(feedShards, feedShardsAPart), peopleDatabases);
  return {
    feedShards,
    databases: d.feedShards + d.peopleShards,
    bindings: d.feedShards + d.peopleShards + 5, // + R2, the two queues, Analytics Engine, the assets
    largestDatabaseGB: scale.largestDatabaseGB,
    accountStorageGB: storage.items + storage.people,
    primaryQueriesPerSecond,
    busiestPeopleDatabaseQueriesPerSecond:
      d.peopleShards > 0 ? (peopleQueries / d.peopleShards) * PEOPLE_HASH_IMBALANCE : peopleQueries,
    // Refreshes and pages at their busiest; reader apps' syncs (every hour alike) read every shard in scope
    // for what arrived since the last one (projection.mjs, which sizes the feed shards by it too).
    busiestFeedShardQueriesPerSecond: busiestFeedShardQueriesPerSecond(
      {
        checks: d.checks,
        pages: d.pages,
        people: scale.people,
        subscriptions: SUBSCRIPTIONS,
        callsPerCheck: measured.callsPerCheck,
      },
      feedShards,
    ),
    consumerCalls: callBudget,
    // A cleanup job takes an account only while the batch's budget has room for all of it.
    cleanupCalls: Math.min(callBudget, accountsPerCleanupJob * deletionCalls),
    // The pick and the reset's batch; the rows read back, and their copies in each people database
    // that holds some of them (db/credits.ts, db/users-row-copy.ts).
    creditResetCalls: d.peopleShards > 0 ? 3 + d.peopleShards : 2,
    unreadListCalls: readerCalls,
    readerStreamCalls: readerCalls,
    accountDeletionCalls: deletionCalls,
    worstAccountDeletionCalls: worstDeletionCalls,
    queueMessagesPerSecond: pacedPerSecond,
    resetsPerJob,
  };
}

/**
 * The limits table: [{name, limit, source, atA, atB, headroomB}]. `measured`: { avgItemBytes,
 * searchIndexBytesPerItem, callsPerCheck, workerGzipBytes, memoryMB }.
 */
export function limitsTable(scale, measured) {
  const [a, b] = ['A', 'B'].map((w) =>
    atWorkload(
      scale.find((s) => s.workload === w),
      measured,
    ),
  );
  const row = (name, limit, source, key, unit = '') => ({
    name,
    limit,
    source,
    atA: round(a[key]),
    atB: round(b[key]),
    unit,
    headroomB: Number((limit / b[key]).toFixed(2)),
  });
  const same = (name, limit, source, value, unit = '') => ({
    name,
    limit,
    source,
    atA: round(value),
    atB: round(value),
    unit,
    headroomB: Number((limit / value).toFixed(2)),
  });
  return [
    row('D1 databases per account', 50_000, D1_LIMITS, 'databases'),
    row('D1 bindings per Worker', 5_000, D1_LIMITS, 'bindings'),
    row('D1 database size, the largest', 10, D1_LIMITS, 'largestDatabaseGB', 'GB'),
    row('D1 storage per account', 1_000, D1_LIMITS, 'accountStorageGB', 'GB'),
    row(
      "queries a second, the busiest people database: session rows, reading lists, read marks, reader apps' checks (busiest hour)",
      1_000,
      D1_LIMITS,
      'busiestPeopleDatabaseQueriesPerSecond',
    ),
    row(
      `queries a second, the primary: users rows for session checks, reader apps' credentials (${Math.round(READER_APPS.share * 100)} % of people syncing every ${READER_APPS.syncSeconds / 60} minutes) (busiest hour)`,
      1_000,
      D1_LIMITS,
      'primaryQueriesPerSecond',
    ),
    row(
      'queries a second, the busiest feed shard (busiest hour)',
      1_000,
      D1_LIMITS,
      'busiestFeedShardQueriesPerSecond',
    ),
    row('D1 queries an invocation: the queue consumer (one budget for a batch)', 1_000, D1_LIMITS, 'consumerCalls'),
    row(
      'D1 queries an invocation: a daily cleanup job (accounts taken while the budget has room)',
      1_000,
      D1_LIMITS,
      'cleanupCalls',
    ),
    row('D1 queries an invocation: a credit reset job', 1_000, D1_LIMITS, 'creditResetCalls'),
    row('D1 queries an invocation: an unread list', 1_000, D1_LIMITS, 'unreadListCalls'),
    row('D1 queries an invocation: a Google Reader stream', 1_000, D1_LIMITS, 'readerStreamCalls'),
    row('D1 queries an invocation: an account deletion', 1_000, D1_LIMITS, 'accountDeletionCalls'),
    row(
      'D1 queries an invocation: an account deletion, feeds in every feed shard',
      1_000,
      D1_LIMITS,
      'worstAccountDeletionCalls',
    ),
    row('Queue messages a second, per queue', 5_000, QUEUES_LIMITS, 'queueMessagesPerSecond'),
    same(
      'CPU an invocation, a refresh batch of 100 feeds at 4 MiB (Workers Paid default)',
      30_000,
      WORKERS_LIMITS,
      measured.worstBatchCpuMs,
      'ms',
    ),
    same(
      `memory an isolate: ${measured.refreshesAtOnce} 4 MiB feed${measured.refreshesAtOnce === 1 ? '' : 's'} parsed at once (${measured.refreshMemoryMB} MB), and the ${measured.isolateCaches.length} caches it keeps across requests at their bounds (${cachesMB(measured.isolateCaches)} MB, each below)`,
      128,
      WORKERS_LIMITS,
      measured.memoryMB,
      'MB',
    ),
    same('Worker size, compressed', 10 * 1024 * 1024, WORKERS_LIMITS, measured.workerGzipBytes, 'B'),
    same(
      'environment variable size (FEED_DATABASES at B)',
      5_120,
      WORKERS_LIMITS,
      `DB,FEEDS_1..FEEDS_${b.feedShards - 1}`.length,
      'B',
    ),
  ];
}

const round = (n) => (Number.isInteger(n) ? n : Number(n.toFixed(n < 10 ? 2 : 0)));

/**
 * The whole bill, a month: [{item, A, B}], with everything the projection left out counted: the search
 * index and index entries in storage, rows written per item at the number of items a refresh with new
 * items brings (Poisson: `itemsPerRefreshWithNew`), Workers CPU, page views (a request and an Analytics
 * Engine point each), Workers Logs.
 */
export function billTable(scale, measured) {
  const lines = {};
  const per = {};
  for (const s of scale) {
    const d = s.detail;
    const storage = storageGB(s);
    const pageViews = d.pages; // the SPA reports each route change: one POST and one data point
    const requests = d.requests + pageViews;
    const cpuMs = requests * measured.cpuMsPerRequest + d.checks * measured.cpuMsPerCheck;
    // A refresh with new items writes the feed's own rows once, however many items it brings: the
    // projection spread the measured refresh's (25 items) over its items; here they are counted per refresh.
    const extraRowsWritten =
      d.newItems *
      (measured.fixedRowsPerRefreshWithNew / measured.itemsPerRefreshWithNew -
        (measured.rowsPerRefreshedItem - measured.rowsPerNewItem));
    const over = (value, included, perMillion) => (Math.max(0, value - included) / 1e6) * perMillion;
    const dollars = {
      'Workers Paid plan': PRICES.workersBase,
      'Workers requests (with page views)': over(requests, PRICES.requestsIncluded, PRICES.perMillionRequests),
      'Workers CPU': over(cpuMs, 30e6, 0.02),
      'D1 rows read': d.dollars.rowsRead,
      'D1 rows written': over(
        d.rowsWritten + extraRowsWritten,
        PRICES.rowsWrittenIncluded,
        PRICES.perMillionRowsWritten,
      ),
      // A read mark is a position on its subscription row (db/read-above.ts, issue 30): retention deletes
      // nothing for it (worker/db/retention-cost.test.ts), so it has no line of its own here any more (it
      // had: a row deleted for every mark, $21 at A). Kept-unread marks are still rows, deleted with their
      // items, but people keep few: the projection counts none.
      'D1 storage (bodies deflated; search index and index entries counted)':
        Math.max(0, storage.items + storage.people - PRICES.storageIncludedGB) * PRICES.perGBMonth,
      'Queues operations': d.dollars.queues,
      'Analytics Engine points (page views)': over(pageViews, 10e6, 0.25),
      'Workers Logs events': over(requests * measured.logEventsPerRequest, 20e6, 0.6),
    };
    dollars.total = Object.values(dollars).reduce((sum, n) => sum + n, 0);
    dollars['per person-month'] = dollars.total / s.people;
    for (const [item, value] of Object.entries(dollars)) {
      lines[item] ??= { item };
      lines[item][s.workload] = Number(value.toFixed(item === 'per person-month' ? 4 : 2));
    }
    per[s.workload] = dollars['per person-month'];
  }
  return {
    bill: Object.values(lines),
    dollarsPerPersonMonth: { A: Number(per.A.toFixed(4)), B: Number(per.B.toFixed(4)), goalA: DOLLARS_GOAL_A },
    sources: [WORKERS_PRICING, 'https://developers.cloudflare.com/d1/platform/pricing/', AE_PRICING, LOGS_PRICING],
  };
}

/** What the limits and the bill are computed from: this run's figures, or the last full run's. */
export function limitsInputs(
  figures,
  itemsPerRefreshWithNew,
  isolateCaches = isolateCachesAtBounds(measureCacheBytes()),
) {
  const { refresh, api, cost, worker, parse } = figures;
  const ours = parse.results.feedloom;
  const feedMB = parse.commonMegabytes / parse.commonFixtures;
  return {
    avgItemBytes: refresh.avgItemBytes,
    searchIndexBytesPerItem: api.searchIndex.indexBytesPerItem,
    callsPerCheck: cost.refresh.unchanged.calls,
    // The parser's measured rate over the fixtures, for a consumer batch of 10 messages × 10 feeds, each
    // at the 4 MiB body cap.
    worstBatchCpuMs: Math.round(((100 * 4 * 1.048576) / ours.mbPerSecAll) * 1000),
    // A queue batch refreshes REFRESH_MESSAGES_AT_ONCE × FEEDS_AT_ONCE feeds at once (jobs/consumer.ts,
    // jobs/handlers.ts): `node bench/memory.mjs 32` fits one 4 MiB feed parsed and sanitised in a 32 MB V8
    // heap (Node's own included; every hostile shape too), beside its 4 MiB body (six fit 48 MB + 24).
    refreshesAtOnce: REFRESHES_AT_ONCE,
    refreshMemoryMB: REFRESH_HEAP_MB + REFRESHES_AT_ONCE * 4,
    // Beside it, what an isolate keeps across requests (it serves the queue and requests alike): every
    // cache at its bound from the code, at the bytes an entry measured now (bench/isolate-caches.mjs).
    isolateCaches,
    isolateCacheBudgetMB: isolateCacheBudgetMB(),
    memoryMB: Number((REFRESH_HEAP_MB + REFRESHES_AT_ONCE * 4 + cachesMB(isolateCaches)).toFixed(2)),
    workerGzipBytes: worker.gzipBytes,
    // A list page alone, less one empty D1 call alone: our own work, measured in the local runtime.
    cpuMsPerRequest: Math.max(0.5, api.feedItems.serialP50 - api.d1Floor.serialP50),
    // A check that finds changed bytes parses a feed of the fixtures' mean size.
    cpuMsPerCheck: (1 - refresh.pass2.notModifiedShare) * ((feedMB / ours.mbPerSecCommon) * 1000),
    // What a refresh with new items writes besides its items and besides an unchanged check's row (counted
    // with the checks): the feed's sequence, the items' id sequence, the next check's index entry.
    fixedRowsPerRefreshWithNew: ROWS_A_REFRESH_WITH_NEW - cost.refresh.unchanged.rowsWritten,
    // A new item's own rows, measured: the new feed's refresh less the refresh's own (its row, its two index
    // entries, its search index row, its story's index row: worker/stories/ingest-cost.test.ts).
    rowsPerNewItem: (cost.refresh.newFeed.rowsWritten - ROWS_A_REFRESH_WITH_NEW) / cost.refresh.newFeed.outcome.stored,
    // The projection's rows per new item: the measured refresh's rows over its items.
    rowsPerRefreshedItem: cost.refresh.newFeed.rowsWritten / cost.refresh.newFeed.outcome.stored,
    itemsPerRefreshWithNew,
    // The request log (middleware/request-log.ts): one plain success in SUCCESS_SAMPLE, besides sign-ins
    // and failures (left out here: a few in a hundred); invocation logs are off.
    logEventsPerRequest: 1 / constantIn('worker/middleware/request-log.ts', 'SUCCESS_SAMPLE'),
  };
}

/** The caches' MB at their bounds, together. */
const cachesMB = (caches) => Number(caches.reduce((sum, cache) => sum + cache.mb, 0).toFixed(2));

const fmtN = (n) => Number(n).toLocaleString('en-US', { maximumFractionDigits: n < 10 ? 2 : 0 });

/** The caches an isolate keeps, each at its bound, as docs/scaling.md lists them under the limits. */
function isolateCachesMarkdown({ isolateCaches, isolateCacheBudgetMB: budget, refreshMemoryMB }) {
  const rows = isolateCaches.map(
    (cache) =>
      `| ${cache.what} | \`${cache.file.replace(/^worker\//, '')}\` ${cache.constant} | ${fmtN(cache.bound)} ${cache.unit} | ${fmtN(cache.bytesEach)} B | ${cache.mb} |`,
  );
  const total = cachesMB(isolateCaches);
  return `### Memory an isolate: the caches it keeps across requests

Every cache an isolate keeps from one request to the next, at its bound from the code, times the bytes an
entry (or a counted character) takes in workerd's V8 heap with entries shaped as the code keeps them
(\`node bench/cache-bytes-workerd.mjs\`; a time-zone formatter's ICU memory, outside the heap, from Node's
resident memory: \`node --expose-gc bench/cache-bytes.mjs\`), both run by the limits bench. One budget,
\`worker/lib/isolate-cache-budget.ts\` ISOLATE_CACHE_MB, is shared among them by what each saves.

| cache | bounded by | bound | bytes each | MB |
| --- | --- | --: | --: | --: |
${rows.join('\n')}
| **all the caches** (budget ${budget} MB${total <= budget ? ' ✓' : ' ✗'}) | | | | **${total}** |

With a refresh's ${refreshMemoryMB} MB: ${Number((refreshMemoryMB + total).toFixed(2))} MB of 128, ${(128 / (refreshMemoryMB + total)).toFixed(2)}×.`;
}

/** docs/scaling.md's limits table and bill. */
export function limitsMarkdown({ limits, bill, dollarsPerPersonMonth, limitsInputs: inputs }) {
  const limitRows = limits.map(
    (l) =>
      `| ${l.name} | ${fmtN(l.limit)}${l.unit ? ` ${l.unit}` : ''} | ${fmtN(l.atA)} | ${fmtN(l.atB)} | ${l.headroomB}×${l.headroomB >= HEADROOM_GOAL ? ' ✓' : ' ✗'} | [page](${l.source}) |`,
  );
  const dollars = (line, n) => (line.item === 'per person-month' ? n.toFixed(4) : fmtN(n));
  const billRows = bill.map((line) => `| ${line.item} | $${dollars(line, line.A)} | $${dollars(line, line.B)} |`);
  return `## Limits at A and B (issue 30)

Each limit from its page, what the design reaches at workloads A and B, and the headroom at B (goal ≥ ${HEADROOM_GOAL}×).
The bounds per invocation are the code's own (read from the source by bench/limits.mjs, each held by a test).

| limit | value | at A | at B | headroom at B | source |
| --- | --- | --- | --- | --- | --- |
${limitRows.join('\n')}
${inputs?.isolateCaches ? `\n${isolateCachesMarkdown(inputs)}\n` : ''}
## The whole bill, a month

| item | A | B |
| --- | --- | --- |
${billRows.join('\n')}

A person-month at A: $${dollarsPerPersonMonth.A} (goal ≤ $${dollarsPerPersonMonth.goalA}${dollarsPerPersonMonth.A <= dollarsPerPersonMonth.goalA ? ' ✓' : ' ✗'}); at B: $${dollarsPerPersonMonth.B}.`;
}
