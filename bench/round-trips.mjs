// `npm run bench -- roundTrips` (issue 23): how many D1 round trips each read waits for, one after
// another, on the API benchmark's person (50 feeds, 20,000 items, all in the primary database), as the
// app itself counts them in development (`x-feedloom-count-d1`, worker/middleware/services.ts). A count,
// not a timing: in production each is a round trip to a database, and a request's latency follows them.
// The goal: every read is 1 (the session row read in the same round trip), a read mark at most 2.
// worker/routes/d1-round-trips.test.ts holds the same paths to their counts in the Worker suite.
import { API_PERSON } from './api.mjs';
import { createAppPassword, feverApiKey, greaderSession } from './reader-app-auth.mjs';

const READING_LIST = 'user/-/state/com.google/reading-list';
const COUNT_D1_HEADER = 'x-feedloom-count-d1';
/** The goal per request (issue 23): reads in one round trip, a read mark in two. */
export const ROUND_TRIP_GOALS = {
  list: 1,
  unreadList: 1,
  item: 1,
  sidebar: 1,
  search: 1,
  greaderStream: 1,
  feverItems: 1,
  markRead: 2,
};

/** One request, answered with what the app says it waited for: `{calls, roundTrips}`. */
async function countedRequest(url, init) {
  const response = await fetch(url, { ...init, headers: { ...init.headers, [COUNT_D1_HEADER]: '1' } });
  const timing = response.headers.get('server-timing') ?? '';
  const counts = timing.match(/calls=(\d+) roundTrips=(\d+)/);
  if (!response.ok || !counts)
    throw new Error(`${url} answered ${response.status} with server-timing "${timing}" (a development server?)`);
  await response.arrayBuffer();
  return { calls: Number(counts[1]), roundTrips: Number(counts[2]) };
}

export async function benchRoundTrips(baseURL, cookie) {
  const web = { headers: { cookie, origin: baseURL, 'content-type': 'application/json' } };
  const password = await createAppPassword(baseURL, cookie, API_PERSON.password);
  const greader = await greaderSession(`${baseURL}/api/greader`, API_PERSON.email, password);
  const fever = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: feverApiKey(API_PERSON.email, password) }).toString(),
  };
  const requests = {
    list: [`${baseURL}/api/feed-items`, web],
    unreadList: [`${baseURL}/api/feed-items?filter=unread`, web],
    item: [`${baseURL}/api/feed-items/2`, web],
    sidebar: [`${baseURL}/api/categories/with-feeds`, web],
    search: [`${baseURL}/api/feed-items?search=12345`, web],
    greaderStream: [`${baseURL}/api/greader/reader/api/0/stream/contents/${READING_LIST}?n=30&output=json`, greader],
    feverItems: [`${baseURL}/api/fever/?api&items`, fever],
    markRead: [`${baseURL}/api/feed-items/3`, { ...web, method: 'PATCH', body: JSON.stringify({ isRead: true }) }],
  };
  const roundTrips = {};
  const calls = {};
  for (const [name, [url, init]] of Object.entries(requests)) {
    // Once first, as a person's second visit: a first page remembers its span on the first (windows.ts).
    await countedRequest(url, init);
    const counted = await countedRequest(url, init);
    roundTrips[name] = counted.roundTrips;
    calls[name] = counted.calls;
  }
  return { roundTrips, calls };
}
