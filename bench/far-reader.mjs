// `npm run bench -- farReader` (issue 30, "Reads near the reader"): p50 per request for a person far from
// the primary database, in the latency model of bench/far-reader-worker.ts (150 ms a call to the
// primary, 10 ms to a replica near the Worker), on the API benchmark's person (50 feeds, 20,000 items):
// - `before`: every call to the primary, as production did before read replication;
// - after (the top-level figures): the app's D1 sessions, reads from the replica at the person's
//   bookmark (the cookie is carried from response to request as a browser does), writes to the primary;
// - `smartPlacement`: no replicas, the Worker beside the primary (5 ms a call), the request crossing the
//   distance once.
// The goal: a read ≤ 1 nearby round trip plus CPU (10 ms + CPU), a write ≤ 1 far round trip (150 ms +
// CPU). `calls` are the model's exact counts of the after figures' calls (primary, replica) a request
// made before its answer, `waitMs` the model's exact part of each figure (the calls' delays along the
// longest chain of calls each made after the one before had answered), and `withinGoal` holds that wait
// to the goal. Timings are reported, never asserted.
import { API_PERSON } from './api.mjs';
import { createAppPassword, greaderSession } from './reader-app-auth.mjs';

const FAR_READER_HEADER = 'x-feedloom-far-reader';
const FAR_READER_CALLS_HEADER = 'x-feedloom-far-reader-calls';
const READING_LIST = 'user/-/state/com.google/reading-list';
const BOOKMARK_COOKIE = 'feedloom_d1';
export const FAR_READER_MODEL = { primaryMs: 150, replicaMs: 10, placedMs: 5 };
const TIMED = 15;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The requests, as the SPA and a Google Reader client make them; each a function of the bookmark cookie. */
function requests(baseURL, cookie, greader) {
  const web = (jar) => ({
    cookie: jar ? `${cookie}; ${jar}` : cookie,
    origin: baseURL,
    'content-type': 'application/json',
  });
  return {
    list: (jar) => [`${baseURL}/api/feed-items`, { headers: web(jar) }],
    item: (jar) => [`${baseURL}/api/feed-items/2`, { headers: web(jar) }],
    sidebar: (jar) => [`${baseURL}/api/categories/with-feeds`, { headers: web(jar) }],
    search: (jar) => [`${baseURL}/api/feed-items?search=12345`, { headers: web(jar) }],
    markRead: (jar) => [
      `${baseURL}/api/feed-items/3`,
      { method: 'PATCH', headers: web(jar), body: JSON.stringify({ isRead: true }) },
    ],
    greaderStream: () => [
      `${baseURL}/api/greader/reader/api/0/stream/contents/${READING_LIST}?n=30&output=json`,
      { headers: greader.headers },
    ],
  };
}

/** Each request's p50 in ms under `placement`, and the calls the model counted for its last one. */
async function measure(placement, made) {
  let jar = '';
  const p50 = {};
  const calls = {};
  const waits = {};
  for (const [name, request] of Object.entries(made)) {
    const times = [];
    // Once first, as a person's second visit (a first page remembers its span, windows.ts).
    for (let k = 0; k <= TIMED; k++) {
      const [url, init] = request(jar);
      const started = performance.now();
      const response = await fetch(url, { ...init, headers: { ...init.headers, [FAR_READER_HEADER]: placement } });
      await response.arrayBuffer();
      const took = performance.now() - started;
      if (!response.ok) throw new Error(`${name} (${placement}) answered ${response.status}`);
      const bookmark = response.headers
        .getSetCookie()
        .find((line) => line.startsWith(`${BOOKMARK_COOKIE}=`))
        ?.split(';')[0];
      if (bookmark) jar = bookmark;
      if (k > 0) times.push(took);
      const counted = response.headers.get(FAR_READER_CALLS_HEADER)?.match(/primary=(\d+) replica=(\d+) wait=(\d+)/);
      if (counted) {
        calls[name] = { primary: Number(counted[1]), replica: Number(counted[2]) };
        waits[name] = Number(counted[3]);
      }
    }
    p50[name] = Math.round(median(times));
  }
  return { p50, calls, waits };
}

export async function benchFarReader(baseURL, cookie) {
  const password = await createAppPassword(baseURL, cookie, API_PERSON.password);
  const greader = await greaderSession(`${baseURL}/api/greader`, API_PERSON.email, password);
  const made = requests(baseURL, cookie, greader);
  const before = await measure('primary', made);
  const after = await measure('replicas', made);
  const placed = await measure('placed', made);
  const { primaryMs, replicaMs } = FAR_READER_MODEL;
  const goals = {
    list: replicaMs,
    item: replicaMs,
    sidebar: replicaMs,
    search: replicaMs,
    greaderStream: replicaMs,
    markRead: primaryMs,
  };
  return {
    ...after.p50,
    before: before.p50,
    smartPlacement: placed.p50,
    calls: after.calls,
    callsBefore: before.calls,
    // The model's own part of each figure, exact (bench/far-reader-worker.ts): the rest is CPU and local D1.
    waitMs: { ...after.waits, before: before.waits, smartPlacement: placed.waits },
    // The goal: a read waits for at most one near round trip, a write for at most one far one.
    goalMs: goals,
    withinGoal: Object.fromEntries(Object.entries(goals).map(([name, goal]) => [name, after.waits[name] <= goal])),
    model: { ...FAR_READER_MODEL, replicationLag: 'not modelled (replicas caught up)', timedRequests: TIMED },
  };
}
