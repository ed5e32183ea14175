// Cost benchmark: D1 rows read and written, D1 calls and outbound fetches (subrequests) of one feed
// refresh (a new feed, an unchanged 200, a 304) and of what a signed-in page reads, from D1's own
// result meta (development-only routes in worker/routes/dev.ts), and the issue-12 figures derived from
// them (`summary`: rows read per row shown, per sidebar feed, rows written by "mark all as read").
// The projection to workloads A and B lives in projection.mjs.
import { MARK_ALL } from './api.mjs';

const SIDEBAR_FEEDS = 50;

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
  const markAll = await post(baseURL, '/api/dev/bench/cost/mark-all-read', {
    userId: MARK_ALL.userId,
    feedId: MARK_ALL.feedId,
  });
  const shown = 30;
  const withSession = (m) => m.rowsRead + reading.session.rowsRead;
  return {
    refresh: { newFeed, unchanged, notModified },
    cron,
    reading,
    markAll: { ...markAll, feedItems: MARK_ALL.items },
    // Rows read per row shown include the session lookup every request makes.
    perRowShown: {
      page: withSession(reading.itemsPage) / shown,
      unreadPage: withSession(reading.unreadPage) / shown,
      categoryPage: withSession(reading.categoryPage) / shown,
      oldestPage: withSession(reading.oldestPage) / shown,
    },
    sidebarRowsPerFeed: reading.sidebar.rowsRead / SIDEBAR_FEEDS,
    markAllReadRowsWritten: markAll.rowsWritten,
  };
}
