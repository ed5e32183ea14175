// Cost benchmark: D1 rows read and written, D1 calls and outbound fetches (subrequests) of one feed
// refresh (a new feed, an unchanged 200, a 304) and of what a signed-in page reads, from D1's own
// result meta (development-only routes in worker/routes/dev.ts). Then a projection of those figures to
// 10,000 people against Cloudflare's published limits and prices; the assumptions sit in SCALE.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';

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
  subrequestsPerInvocation: 1000,
};

export const SCALE = {
  people: 10_000,
  feedsPerPerson: 50,
  sharedShare: 0.2, // a fifth of follows are of a feed someone else already follows
  refreshMinutes: 60,
  pagesPerDay: 20, // each page: GET /api/feed-items + GET /api/categories/with-feeds
  readMarksPerDay: 20, // one item opened per page: PATCH /api/feed-items/{id}
  newItemsPerFeedPerDay: 5,
  itemsKeptPerFeed: 500, // refresh.ts keeps the newest 500; a feed posting 5 a day gets there in 100 days
  consumerBatch: 10, // wrangler.toml max_batch_size
  cronMinutes: 5,
  days: 30,
};

const post = async (baseURL, pathname, body, cookie) => {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: 'POST',
    headers: { origin: baseURL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
  return response.json();
};

export async function benchCost(baseURL, cookie, costFeeds, cronRange) {
  const refresh = (feedId) => post(baseURL, '/api/dev/bench/cost/refresh', { feedId });
  const newFeed = await refresh(costFeeds.always200);
  const unchanged = await refresh(costFeeds.always200);
  await refresh(costFeeds.conditional); // stores the ETag
  const notModified = await refresh(costFeeds.conditional);
  const reading = await post(baseURL, '/api/dev/bench/cost/reading', {}, cookie);
  const cron = await post(baseURL, '/api/dev/bench/cost/cron', cronRange);
  return { refresh: { newFeed, unchanged, notModified }, cron, reading };
}

const cronLimit = (name) => {
  const source = readFileSync(path.join(root, 'worker/jobs/enqueue-refreshes.ts'), 'utf8');
  return Number(source.match(new RegExp(`${name} = ([\\d_]+)`))?.[1].replaceAll('_', ''));
};

/** Monthly volumes and dollars for SCALE, from the measured per-operation figures. */
export function projectCost(cost, { notModifiedShare, avgItemBytes }) {
  const s = SCALE;
  const { newFeed, unchanged, notModified } = cost.refresh;
  const { session, itemsPage, sidebar, markRead } = cost.reading;
  const feeds = s.people * s.feedsPerPerson * (1 - s.sharedShare);
  const refreshes = feeds * (60 / s.refreshMinutes) * 24 * s.days;
  // Each refresh also pays its share of the cron tick that picked and leased it.
  const cronShare = (field) => cost.cron[field] / Math.max(1, cost.cron.queued);
  const mix = (field) =>
    notModifiedShare * notModified[field] + (1 - notModifiedShare) * unchanged[field] + cronShare(field);
  const writesPerNewItem = newFeed.rowsWritten / Math.max(1, newFeed.outcome.stored ?? 1);
  const newItems = feeds * s.newItemsPerFeedPerDay * s.days;
  const pages = s.people * s.pagesPerDay * s.days;
  const marks = s.people * s.readMarksPerDay * s.days;

  const requests = pages * 2 + marks + refreshes / s.consumerBatch + (s.days * 24 * 60) / s.cronMinutes;
  const readsBy = {
    'feed refreshes': refreshes * mix('rowsRead'),
    'pages of items': pages * (session.rowsRead + itemsPage.rowsRead),
    'sidebar unread counts': pages * (session.rowsRead + sidebar.rowsRead),
    'read marks': marks * (session.rowsRead + markRead.rowsRead),
  };
  const rowsRead = Object.values(readsBy).reduce((sum, value) => sum + value, 0);
  const rowsWritten = refreshes * mix('rowsWritten') + newItems * writesPerNewItem + marks * markRead.rowsWritten;
  const queueOps = refreshes * PRICES.queueOpsPerMessage;
  const storageGB = (feeds * s.itemsKeptPerFeed * avgItemBytes) / 1e9;

  const over = (value, included, perMillion) => (Math.max(0, value - included) / 1e6) * perMillion;
  const dollars = {
    workers: PRICES.workersBase + over(requests, PRICES.requestsIncluded, PRICES.perMillionRequests),
    rowsRead: over(rowsRead, PRICES.rowsReadIncluded, PRICES.perMillionRowsRead),
    rowsWritten: over(rowsWritten, PRICES.rowsWrittenIncluded, PRICES.perMillionRowsWritten),
    queues: over(queueOps, PRICES.queueOpsIncluded, PRICES.perMillionQueueOps),
    storage: Math.max(0, storageGB - PRICES.storageIncludedGB) * PRICES.perGBMonth,
  };
  const maxPerTick = cronLimit('MAX_PER_TICK');
  const perBatch = (m) => s.consumerBatch * (m.calls + m.fetches);
  return {
    feeds,
    refreshes,
    pages,
    marks,
    requests,
    rowsRead,
    readsBy,
    rowsWritten,
    queueOps,
    storageGB,
    dollars,
    totalDollars: Object.values(dollars).reduce((sum, value) => sum + value, 0),
    cron: {
      neededPerTick: feeds / (s.refreshMinutes / s.cronMinutes),
      maxPerTick,
      perHostPerTick: cronLimit('PER_HOST_PER_TICK'),
      feedsRefreshableHourly: maxPerTick * (60 / s.cronMinutes),
    },
    subrequests: {
      consumerBatchWorst: Math.max(perBatch(newFeed), perBatch(unchanged), perBatch(notModified)),
      itemsPage: session.calls + itemsPage.calls,
      limit: PRICES.subrequestsPerInvocation,
    },
  };
}

const fmt = (n, digits = 1) => Number(n).toLocaleString('en-US', { maximumFractionDigits: digits });
const money = (n) => `$${fmt(n, 0)}`;

/** The README's "Scaling" section: assumptions, monthly volumes and dollars, and the walls hit first. */
export function scalingMarkdown(p) {
  const s = SCALE;
  return `### Scaling

Projected from the cost figures above to ${fmt(s.people, 0)} people following ${s.feedsPerPerson} feeds each. Assumptions:
${Math.round(s.sharedShare * 100)} % of follows are of a feed someone else follows (${fmt(p.feeds, 0)} distinct feeds); each feed is
refreshed every ${s.refreshMinutes} min, at the second pass's 304 share and otherwise an unchanged 200, plus ${s.newItemsPerFeedPerDay} new
items per feed per day; a person opens ${s.pagesPerDay} pages a day (each a page of items and the sidebar) and marks
${s.readMarksPerDay} items read; each queue consumer batch of ${s.consumerBatch} counts as a Worker request; static assets are free;
a ${s.days}-day month. Prices: Workers Paid $5 with 10 M requests, then $0.30/M; D1 25 B rows read included, then
$0.001/M, 50 M rows written, then $1.00/M, 5 GB, then $0.75/GB-month, at most ${PRICES.maxDatabaseGB} GB per database; Queues
1 M operations, then $0.40/M, ${PRICES.queueOpsPerMessage} operations per message.

| per month | volume | cost |
| --- | --- | --- |
| Worker requests | ${fmt(p.requests / 1e6)} M | ${money(p.dollars.workers)} |
| D1 rows read | ${fmt(p.rowsRead / 1e9)} B | ${money(p.dollars.rowsRead)} |
| D1 rows written | ${fmt(p.rowsWritten / 1e6)} M | ${money(p.dollars.rowsWritten)} |
| Queue operations (${fmt(p.refreshes / 1e6)} M refreshes) | ${fmt(p.queueOps / 1e6)} M | ${money(p.dollars.queues)} |
| D1 storage, ${s.itemsKeptPerFeed} items per feed | ${fmt(p.storageGB)} GB | ${money(p.dollars.storage)} |
| **total** | | **${money(p.totalDollars)}** |

- **Cron throughput is the first wall:** hourly refreshes need ${fmt(p.cron.neededPerTick, 0)} feeds per 5-minute tick; the cron
  queues at most ${fmt(p.cron.maxPerTick, 0)} (MAX_PER_TICK), so about ${fmt(p.cron.feedsRefreshableHourly, 0)} feeds can be refreshed hourly, and a host
  serving many feeds gets ${p.cron.perHostPerTick} per tick (${p.cron.perHostPerTick * 12} an hour).
- **Storage:** ${fmt(p.storageGB)} GB of items against D1's ${PRICES.maxDatabaseGB} GB per database: items (or their content) must be split
  across databases or moved out of D1, or fewer kept per feed.
- **Queues** cost follows the refresh count: one message per feed refresh; several feeds per message would divide it.
- **Subrequests:** a consumer batch of ${s.consumerBatch} refreshes makes at most ${p.subrequests.consumerBatchWorst} (D1 calls + fetches), a page of
  items ${p.subrequests.itemsPage}; the limit is ${p.subrequests.limit} per invocation.
- **Rows read** by source: ${Object.entries(p.readsBy)
    .sort((a, b) => b[1] - a[1])
    .map(([source, rows]) => `${source} ${fmt((rows / p.rowsRead) * 100, 0)} %`)
    .join(', ')}.`;
}
