// Projection of the measured per-operation costs (cost.mjs) to issue 12's workloads A and B against
// Cloudflare's published prices and limits. Every volume below is a measured figure times a count from
// the workload; the assumptions are the constants in this file and are printed in docs/scaling.md.
// `databases` is the feed-shard design (worker/db/shards.ts, docs/scaling.md "Scaling: the data layer's design"):
// as many feed shards (a power of two) as keep each under FEED_SHARD_TARGET_GB of items and the busiest
// under a third of what one database runs, shard 0 being the primary database; people shards
// (worker/db/people.ts) once the people's rows or their queries outgrow it.
import { cronsFromWranglerToml, firingsPerDay, mostFrequentCron } from '../scripts/cron.mjs';
import { constantIn } from './source-constants.mjs';

// Workers Paid, D1, Queues: published prices and limits (developers.cloudflare.com, 2026).
export const PRICES = {
  workersBase: 5,
  requestsIncluded: 10e6,
  perMillionRequests: 0.3,
  rowsReadIncluded: 25e9,
  perMillionRowsRead: 0.001,
  rowsWrittenIncluded: 50e6,
  perMillionRowsWritten: 1,
  storageIncludedGB: 5,
  perGBMonth: 0.75,
  maxDatabaseGB: 10,
  queueOpsIncluded: 1e6,
  perMillionQueueOps: 0.4,
  queueOpsPerMessage: 3,
};

/** Issue 12's workloads. */
export const WORKLOADS = {
  A: { people: 10_000, subscriptions: 50, uniqueFeeds: 100_000, pagesPerDay: 20, itemsReadPerDay: 100 },
  B: { people: 1_000_000, subscriptions: 50, uniqueFeeds: 2_000_000, pagesPerDay: 20, itemsReadPerDay: 100 },
};

/**
 * "3 new items per feed per day on average, most feeds far fewer, some hundreds": three kinds of feed.
 * A feed is checked at half its typical gap between posts, between 15 minutes and a day (schedule.ts),
 * so 2 × items per day checks, at least 1 and at most 96.
 */
export const FEED_MIX = [
  { share: 0.8, itemsPerDay: 0.5 },
  { share: 0.15, itemsPerDay: 5 },
  { share: 0.05, itemsPerDay: 40 },
];
/**
 * Retention (worker/feeds/refresh.ts, read from the source): an item nobody starred stays RETENTION_DAYS
 * after it arrived, a feed keeping at least its newest KEPT_AT_LEAST and at most its newest ITEMS_KEPT.
 */
const ITEMS_KEPT = constantIn('worker/feeds/refresh.ts', 'MAX_ITEMS_PER_FEED');
const RETENTION_DAYS = constantIn('worker/feeds/refresh.ts', 'ITEM_RETENTION_DAYS');
const KEPT_AT_LEAST = constantIn('worker/feeds/refresh.ts', 'ITEMS_KEPT_AT_LEAST');
/**
 * Bytes an item takes beyond its row's payload and its search index row: two index entries (feed and
 * date, feed and sequence: about 50 B each; the feed-and-guid one, ~90 B, went in issue 30).
 */
export const INDEX_ENTRY_BYTES = 100;
/**
 * Rows written per item retention deletes, an upper bound held by worker/db/retention-cost.test.ts
 * (measured 2: the item and its search row, read on its own or not; a read mark is a position on its
 * subscription row since issue 30, which retention does not write: worker/db/read-above.ts).
 */
const TRIM_ROWS_WRITTEN_PER_ITEM = 2;
const DAYS = 30;
const CONSUMER_BATCH = 10; // wrangler.toml max_batch_size
const FEEDS_PER_MESSAGE = 10; // enqueue-refreshes.ts
/** Feeds one pick leases (jobs/enqueue-refreshes.ts PICK_LIMIT): a shard's pick queues the next past it. */
const PICK_LIMIT = 500;
/** The frequent Cron Trigger's firings a day, from wrangler.toml (288 for every 5 minutes). */
const CRON_TICKS_PER_DAY = firingsPerDay(
  mostFrequentCron(cronsFromWranglerToml(new URL('../wrangler.toml', import.meta.url))),
);
/** Queues' published maximum of concurrent consumer invocations. */
const MAX_CONSUMERS = 250;
/** D1: one database runs its queries one at a time; ~1 ms each is Cloudflare's rule of thumb (1,000/s). */
const D1_QUERIES_PER_SECOND = 1000;
/**
 * What a person keeps besides items: subscriptions, their reading list (~50 bytes a subscription:
 * worker/db/reading-list.ts), categories, read marks within retention (positions of ~5 bytes on the
 * subscription rows since issue 30, worker/db/read-above.ts, where a row of read_marks took ~40), account.
 */
const PERSON_BYTES = 50 * 150 + 50 * 50 + 1_000 * 5 + 2_000;
/**
 * What a feed shard holds on average, everything counted (rows, search index, index entries): the largest
 * database (shard 0, which is also the primary, with ~1 GB of accounts and sessions) then stays within a
 * third of D1's 10 GB with room for a ±15 % uneven URL hash (issue 30: 2 × 1.15 + 1 = 3.3 GB).
 */
const FEED_SHARD_TARGET_GB = 2;
/** People per people database: at most this many GB of them on average. */
const PEOPLE_SHARD_TARGET_GB = 4;
/** The URL hash's worst shard against the mean (measured ±15 % over 64 shards: worker/db/shards.test.ts). */
const HASH_IMBALANCE = 1.15;
const powerOfTwoAtLeast = (n) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));
/** The busiest hour against the average: people read in the morning and evening. */
export const PEAK_OVER_AVERAGE = 3;
/** Headroom asked of every limit at B (bench/limits.mjs). */
const QUERY_HEADROOM = 3;
/**
 * D1 calls a person's people database takes for what they do (worker/routes/d1-round-trips.test.ts,
 * "someone whose reading state is in PEOPLE_1"): a page of items 2 (their session's row with their reading
 * list, in one batch; the marks of the rows shown), the sidebar 2 (the same batch; their subscriptions), a
 * read mark 2 (the session's row; the mark's batch). Session rows live there (worker/db/sessions.ts).
 */
export const PEOPLE_DATABASE_CALLS = { page: 2, sidebar: 2, mark: 2 };
/** Seconds in the 30-day month. */
const MONTH_SECONDS = 30 * 86_400;

/**
 * Reader apps (Google Reader and Fever clients: docs/reader-apps.md) sync on a timer, whether or not their
 * person is reading, and every call of a sync checks its credential. No public figure gives these; they
 * are this projection's assumptions, printed in docs/scaling.md:
 * - `share`: the people who sync a reader app. FreshRSS and Miniflux are mostly read through apps; the web
 *   app is Feedloom's own reader, so a third of the people at most.
 * - `syncSeconds`: how often an app syncs. NetNewsWire offers 10 minutes to 8 hours (on iOS it asks for a
 *   background refresh every 15 minutes, which iOS grants as it sees fit); newsboat reloads on start and,
 *   with auto-reload on, every `reload-time` (60 minutes by default); Reeder and Fever apps sync on open
 *   and in the background. Every 30 minutes, around the clock: no busiest-hour factor, the timer does not
 *   follow reading.
 * - `callsPerSync`: a NetNewsWire-shaped Google Reader sync (worker/routes/greader-clients.test.ts,
 *   greader-sync.test.ts): tag/list, subscription/list, the unread ids, the starred ids, the ids since the
 *   last sync (`ot`), their contents; a Fever sync (fever.test.ts) is groups, feeds, unread_item_ids,
 *   saved_item_ids and items since_id: 5. Six.
 * - `feedShardCallsPerSync`: the calls that read items in every feed shard the person's feeds are in (the
 *   ids since the last sync); the contents read only the shards of the ids asked, the rest none.
 */
export const READER_APPS = { share: 1 / 3, syncSeconds: 30 * 60, callsPerSync: 6, feedShardCallsPerSync: 1 };

/** Distinct shards among `picks` uniform choices of `shards`: a person's feeds over the feed shards. */
export const distinctShards = (shards, picks) => shards * (1 - (1 - 1 / shards) ** picks);

/** The feed shards a person's lists read (one batch in each shard their feeds are in), for `shards` shards. */
export const feedShardsInScope = (shards, subscriptions) =>
  Math.min(shards, Math.ceil(distinctShards(shards, subscriptions)));

/**
 * Queries a second the busiest of `feedShards` feed shards takes in the busiest hour: refreshes (each
 * touches its feed's shard alone: `callsPerCheck` D1 calls) and pages at their busiest (a page reads
 * every feed shard in scope), and reader apps' syncs, which poll at the same rate every hour and read
 * every shard in scope for what arrived since the last one (READER_APPS.feedShardCallsPerSync); the
 * URL hash's worst shard ×HASH_IMBALANCE.
 */
export function busiestFeedShardQueriesPerSecond({ checks, pages, people, subscriptions, callsPerCheck }, feedShards) {
  const inScope = feedShardsInScope(feedShards, subscriptions);
  const syncsPerSecond = readerAppCallsPerSecond(people) / READER_APPS.callsPerSync;
  return (
    ((((checks / MONTH_SECONDS) * callsPerCheck + (pages * inScope) / MONTH_SECONDS) * PEAK_OVER_AVERAGE +
      syncsPerSecond * READER_APPS.feedShardCallsPerSync * inScope) /
      feedShards) *
    HASH_IMBALANCE
  );
}

/** Reader apps' calls a second (any hour: they poll on a timer) for `people` people. */
export const readerAppCallsPerSecond = (people) =>
  (people * READER_APPS.share * READER_APPS.callsPerSync) / READER_APPS.syncSeconds;

/**
 * The D1 calls a second all people databases take together in the busiest hour: the web app's pages and
 * marks at their busiest, and reader apps' calls (each a person's people database's: their credential's
 * check with the users row's copy and reading list, in one batch, and the marks of what it lists, as a
 * page of items), which poll at the same rate every hour.
 */
export const peopleDatabaseQueriesPerSecond = (pages, marks, people = 0) =>
  ((pages * (PEOPLE_DATABASE_CALLS.page + PEOPLE_DATABASE_CALLS.sidebar) + marks * PEOPLE_DATABASE_CALLS.mark) /
    MONTH_SECONDS) *
    PEAK_OVER_AVERAGE +
  readerAppCallsPerSecond(people) * PEOPLE_DATABASE_CALLS.page;

const mixOf = (field) => FEED_MIX.reduce((sum, kind) => sum + kind.share * field(kind), 0);
const checksPerDay = mixOf((kind) => Math.min(96, Math.max(1, 2 * kind.itemsPerDay)));
const itemsPerFeedPerDay = mixOf((kind) => kind.itemsPerDay);
/** A feed's items after a year: those of the last RETENTION_DAYS, at least its newest KEPT_AT_LEAST, at most ITEMS_KEPT. */
const heldAfterAYear = (itemsPerDay) =>
  Math.min(ITEMS_KEPT, itemsPerDay * 365, Math.max(KEPT_AT_LEAST, itemsPerDay * RETENTION_DAYS));
const itemsHeldAfterAYear = mixOf((kind) => heldAfterAYear(kind.itemsPerDay));
/** After a year, a feed that has passed what it holds deletes an item for each it stores. */
const itemsTrimmedPerFeedPerDay = mixOf((kind) =>
  kind.itemsPerDay * 365 > heldAfterAYear(kind.itemsPerDay) ? kind.itemsPerDay : 0,
);

/**
 * Items a refresh that finds new ones brings, on average over the feed mix: a feed checked c times a
 * day for its n items finds new ones at a check with the Poisson chance 1 − e^(−n/c).
 */
export function itemsPerRefreshWithNew() {
  const refreshesWithNew = mixOf((kind) => {
    const checks = Math.min(96, Math.max(1, 2 * kind.itemsPerDay));
    return checks * (1 - Math.exp(-kind.itemsPerDay / checks));
  });
  return itemsPerFeedPerDay / refreshesWithNew;
}

export function projectScale(cost, measured) {
  return Object.entries(WORKLOADS).map(([workload, w]) => project(workload, w, cost, measured));
}

/**
 * `avgItemBytes`: an item row as stored (its body deflated: limits.mjs storedItemBytes); `indexBytesPerItem`:
 * its search index row and index entries besides (0 leaves them out, as the projection did before issue 30).
 */
function project(workload, w, cost, { notModifiedShare, avgItemBytes, fetchesPerSecond, indexBytesPerItem = 0 }) {
  const { newFeed, unchanged, notModified } = cost.refresh;
  const { session, itemsPage, sidebar, markRead } = cost.reading;
  const perLeased = (field) => cost.cron[field] / Math.max(1, cost.cron.queued);
  const perCheck = (field) =>
    notModifiedShare * notModified[field] + (1 - notModifiedShare) * unchanged[field] + perLeased(field);
  const checks = w.uniqueFeeds * checksPerDay * DAYS;
  const newItems = w.uniqueFeeds * itemsPerFeedPerDay * DAYS;
  const writesPerNewItem = newFeed.rowsWritten / Math.max(1, newFeed.outcome.stored ?? 1);
  const pages = w.people * w.pagesPerDay * DAYS;
  const marks = w.people * w.itemsReadPerDay * DAYS;
  const refreshMessages = checks / FEEDS_PER_MESSAGE;
  const itemsGB = (w.uniqueFeeds * itemsHeldAfterAYear * (avgItemBytes + indexBytesPerItem)) / 1e9;
  const peopleGB = (w.people * PERSON_BYTES) / 1e9;
  // Feed shards for storage, and for queries as the people shards are (issue 30): enough that the busiest
  // takes at most a third of what one database runs in the busiest hour. A power of two, as the storage
  // rule: at B the fewest that pass would be 133 (3.0x, no room for any assumption to grow; 136: 3.09x),
  // where 256 take the busiest to ~188 a second (5.3x). Each feed shard more costs a pick message a tick
  // and a call for a deletion reaching it, which past an invocation's room goes in parts
  // (auth/account-deletion.ts).
  const feedLoad = {
    checks,
    pages,
    people: w.people,
    subscriptions: w.subscriptions,
    callsPerCheck: cost.refresh.unchanged.calls,
  };
  const feedShardsForStorage = powerOfTwoAtLeast(itemsGB / FEED_SHARD_TARGET_GB);
  let feedShards = feedShardsForStorage;
  while (busiestFeedShardQueriesPerSecond(feedLoad, feedShards) > D1_QUERIES_PER_SECOND / QUERY_HEADROOM)
    feedShards *= 2;
  // The primary database holds people until they outgrow PEOPLE_SHARD_TARGET_GB, or their queries a third of what
  // one database runs (every request checks its session there: worker/db/sessions.ts); then people shards
  // (PEOPLE_DATABASES: new people go to the databases after the primary, which keeps accounts), enough for
  // both, the busiest ×HASH_IMBALANCE (the address hash, as the URL hash). No power of two for the
  // queries: placement is the address hash modulo the number (people.ts), and each people database more
  // is two calls more for an account deletion (asked who else follows, twice: bench/limits.mjs).
  const peopleQueries = peopleDatabaseQueriesPerSecond(pages, marks, w.people) * HASH_IMBALANCE;
  const queryBound = D1_QUERIES_PER_SECOND / QUERY_HEADROOM;
  const peopleShards = Math.max(
    peopleGB > PEOPLE_SHARD_TARGET_GB ? powerOfTwoAtLeast(peopleGB / PEOPLE_SHARD_TARGET_GB) : 0,
    peopleQueries > queryBound ? Math.ceil(peopleQueries / queryBound) : 0,
  );
  // One pick per feed shard each tick, and one more for every PICK_LIMIT feeds it leases.
  const pickMessages = feedShards * CRON_TICKS_PER_DAY * DAYS + checks / PICK_LIMIT;

  // Reader apps' calls in the month: each a request, reading about what a page of items with its session does.
  const readerAppCalls = readerAppCallsPerSecond(w.people) * MONTH_SECONDS;
  const requests = pages * 2 + marks + readerAppCalls + (refreshMessages + pickMessages) / CONSUMER_BATCH;
  const rowsRead =
    checks * perCheck('rowsRead') +
    pages * (2 * session.rowsRead + itemsPage.rowsRead + sidebar.rowsRead) +
    marks * (session.rowsRead + markRead.rowsRead) +
    readerAppCalls * (session.rowsRead + itemsPage.rowsRead);
  const trimmedItems = w.uniqueFeeds * itemsTrimmedPerFeedPerDay * DAYS;
  const rowsWritten =
    checks * perCheck('rowsWritten') +
    newItems * writesPerNewItem +
    trimmedItems * TRIM_ROWS_WRITTEN_PER_ITEM +
    marks * markRead.rowsWritten;
  const queueOps = (refreshMessages + pickMessages) * PRICES.queueOpsPerMessage;
  const storageGB = itemsGB + peopleGB;

  const over = (value, included, perMillion) => (Math.max(0, value - included) / 1e6) * perMillion;
  const dollars = {
    workers: PRICES.workersBase + over(requests, PRICES.requestsIncluded, PRICES.perMillionRequests),
    rowsRead: over(rowsRead, PRICES.rowsReadIncluded, PRICES.perMillionRowsRead),
    rowsWritten: over(rowsWritten, PRICES.rowsWrittenIncluded, PRICES.perMillionRowsWritten),
    queues: over(queueOps, PRICES.queueOpsIncluded, PRICES.perMillionQueueOps),
    storage: Math.max(0, storageGB - PRICES.storageIncludedGB) * PRICES.perGBMonth,
  };
  const total = Object.values(dollars).reduce((sum, value) => sum + value, 0);

  const databases = feedShards + peopleShards;
  const feedShardGB = (itemsGB / feedShards) * Math.min(HASH_IMBALANCE, feedShards);
  // Shard 0 is also the primary database: the people's rows too while there are no people shards.
  const largestDatabaseGB = Math.max(
    feedShardGB + (peopleShards ? 1 : peopleGB),
    peopleShards ? peopleGB / peopleShards : 0,
  );
  const queriesPerCheck = perCheckCalls(cost, notModifiedShare);
  const refreshNeededPerHour = (w.uniqueFeeds * checksPerDay) / 24;
  const refreshCapacityPerHour = Math.min(
    fetchesPerSecond * 3600 * MAX_CONSUMERS,
    // Refreshes touch only their feed's shard: the feed shards' query rates add up.
    (feedShards * D1_QUERIES_PER_SECOND * 3600) / queriesPerCheck,
  );
  return {
    workload,
    people: w.people,
    uniqueFeeds: w.uniqueFeeds,
    databases,
    largestDatabaseGB,
    refreshNeededPerHour,
    refreshCapacityPerHour,
    dollarsPerPersonMonth: total / w.people,
    detail: {
      feedShards,
      feedShardsForStorage,
      busiestFeedShardQueriesPerSecond: busiestFeedShardQueriesPerSecond(feedLoad, feedShards),
      peopleShards,
      peopleShardsBuilt: true,
      checks,
      newItems,
      trimmedItems,
      pages,
      marks,
      readerAppCalls,
      requests,
      rowsRead,
      rowsWritten,
      queueOps,
      itemsGB,
      peopleGB,
      dollars,
      total,
    },
  };
}

/** D1 calls of one check: the refresh's own, plus its share of the pick that leased it. */
function perCheckCalls(cost, notModifiedShare) {
  const { unchanged, notModified } = cost.refresh;
  return (
    notModifiedShare * notModified.calls +
    (1 - notModifiedShare) * unchanged.calls +
    cost.cron.calls / Math.max(1, cost.cron.queued)
  );
}

const fmt = (n, digits = 1) => Number(n).toLocaleString('en-US', { maximumFractionDigits: digits });
const money = (n) => `$${fmt(n, n < 1 ? 4 : 0)}`;

/** docs/scaling.md's projection: both workloads, itemised. */
export function scalingMarkdown(scale) {
  const rows = scale.map((s) => {
    const d = s.detail;
    return `| ${s.workload} | ${fmt(s.people, 0)} | ${fmt(s.uniqueFeeds, 0)} | ${fmt(d.requests / 1e6)} M · ${money(d.dollars.workers)} | ${fmt(d.rowsRead / 1e9)} B · ${money(d.dollars.rowsRead)} | ${fmt(d.rowsWritten / 1e6)} M · ${money(d.dollars.rowsWritten)} | ${fmt(d.queueOps / 1e6)} M · ${money(d.dollars.queues)} | ${fmt(d.itemsGB + d.peopleGB)} GB · ${money(d.dollars.storage)} | ${money(d.total)} | ${money(s.dollarsPerPersonMonth)} | ${fmt(s.refreshNeededPerHour, 0)} / ${fmt(s.refreshCapacityPerHour, 0)} | ${d.feedShards} + ${d.peopleShards} · ${fmt(s.largestDatabaseGB, 2)} GB |`;
  });
  return `## Scaling (projection)

Measured per-operation costs ([performance.md](performance.md)) × workload counts; a ${DAYS}-day month. Feeds: ${FEED_MIX.map((k) => `${k.share * 100} % post ${k.itemsPerDay} a day`).join(', ')}
(${fmt(itemsPerFeedPerDay, 2)} on average), each checked ${fmt(checksPerDay, 2)} times a day by schedule.ts, ${fmt(itemsHeldAfterAYear, 0)} items held per feed after a year
(retention: ${RETENTION_DAYS} days, the newest ${KEPT_AT_LEAST} at least and ${ITEMS_KEPT} at most: by then ${fmt(itemsTrimmedPerFeedPerDay, 2)} a feed a day are deleted, ${TRIM_ROWS_WRITTEN_PER_ITEM} rows written each at most,
worker/db/retention-cost.test.ts); each check pays its share of the pick that leased it. People open ${WORKLOADS.A.pagesPerDay} pages a day (a page of items and the
sidebar) and mark ${WORKLOADS.A.itemsReadPerDay} items read one by one; ${fmt(READER_APPS.share * 100, 0)} % of them also sync a reader app every ${READER_APPS.syncSeconds / 60} minutes around the clock,
${READER_APPS.callsPerSync} calls a sync (bench/projection.mjs READER_APPS says where these come from), each a request reading about what a page of items does. Refresh capacity: the measured fetches per second of one consumer × ${MAX_CONSUMERS}
consumers, bounded by ${D1_QUERIES_PER_SECOND} D1 queries a second per feed shard. Databases: feed shards (a power of two) holding
at most ${FEED_SHARD_TARGET_GB} GB of items each on average (search index and index entries counted), ×${HASH_IMBALANCE} for the URL hash's worst shard, and
as many more as keep the busiest feed shard's queries (refreshes, pages and reader apps' syncs, each page or sync reading every shard in scope) at a third of ${D1_QUERIES_PER_SECOND} a second in the busiest hour; people shards (PEOPLE_DATABASES) once the
people's rows pass ${PEOPLE_SHARD_TARGET_GB} GB, or their D1 calls (sessions included) a third of ${D1_QUERIES_PER_SECOND} a second in the busiest hour; the cron queues one pick of every feed shard each tick, and a pick the next past ${PICK_LIMIT} feeds. Prices: Workers Paid $5 with 10 M requests, then $0.30/M;
D1 25 B rows read, then $0.001/M, 50 M rows written, then $1.00/M, 5 GB, then $0.75/GB-month; Queues 1 M operations, then
$0.40/M, 3 per message.

| workload | people | feeds | requests | D1 rows read | D1 rows written | Queue ops | storage | total / month | per person | refreshes needed / capacity per hour | feed + people databases · largest |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`;
}
