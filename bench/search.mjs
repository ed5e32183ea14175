// Search benchmark (issue 29): the worst searches the API accepts (search/parse-query.ts: at most 8 words,
// at most 2 prefixes of 3 letters or more), against a feed shard of 100,000 index rows, of which the
// people searching follow 10,000. The words are drawn from a vocabulary of 3,000 made-up words with a
// Zipf distribution, as words in text are: the commonest are in nearly every item, and the commonest
// 3-letter prefixes start hundreds of words. Each search is sent one at a time (after two warm-ups) and
// its median end-to-end time reported, through `npm start`'s server as in production; `worstAccepted` is
// the slowest of them (goal ≤ 50 ms). Beside it, `cpuMs`: the server's CPU per request over the timed
// ones (its process group, from /proc), which a loaded machine does not stretch as it stretches wall time. Every search runs as a person of its own: each may search 30 times
// a minute (search/search-limit.ts), and a refusal would be timed as a fast answer.
import { signIn } from './api.mjs';
import { groupCpuMs } from './process-cpu.mjs';
import { startServer } from './server.mjs';

const FEEDS = 250;
const ITEMS_PER_FEED = 400;
const FOLLOWED_FEEDS = 25;
const FIRST_FEED_ID = 5001;
const VOCABULARY = 3000;
const ROWS_PER_INSERT = 40;
const WARM_UPS = 2;
const TIMED = 15;
export const SEARCH_GOAL_MS = 50;

/** A small deterministic generator (mulberry32): the same data set every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STARTS = ['con', 'pro', 'str', 'tra', 'pre', 'com', 'per', 'int', 'dis', 'res', 'par', 'sta', 'mar', 'ber'];
const SYLLABLES = ['a', 'e', 'i', 'o', 'u', 'an', 'en', 'in', 'on', 'ar', 'er', 'or', 'el', 'al', 'is', 'us'];
const CONSONANTS = 'bcdfglmnprstvz';

/** The vocabulary, commonest first: words of 2–4 parts, a third of them on a common start. */
function vocabulary(next) {
  const words = new Set();
  while (words.size < VOCABULARY) {
    const parts = [];
    if (next() < 0.35) parts.push(STARTS[Math.floor(next() * STARTS.length)]);
    const length = 2 + Math.floor(next() * 3);
    while (parts.length < length) {
      parts.push(CONSONANTS[Math.floor(next() * CONSONANTS.length)] + SYLLABLES[Math.floor(next() * SYLLABLES.length)]);
    }
    words.add(parts.join(''));
  }
  return [...words];
}

/** Zipf: word r (0-based) drawn with weight 1 / (r + 1). */
function zipf(words, next) {
  const cumulative = [];
  let sum = 0;
  for (let r = 0; r < words.length; r++) {
    sum += 1 / (r + 1);
    cumulative.push(sum);
  }
  return () => {
    const x = next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
}

const q = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** worker/db/shards.ts clockItemId in the primary database (shard 0): 2^50 + ms since 2025 × 2^10. */
const clockItemId = (ms) => 2 ** 50 + (ms - Date.UTC(2025, 0, 1)) * 1024;

/** Searches timed one at a time (worstSearches), the list, and the people of the throughput pass. */
const THROUGHPUT_PEOPLE = 20;
export const SEARCH_PEOPLE = Array.from({ length: 15 + THROUGHPUT_PEOPLE }, (_, n) => ({
  id: 11 + n,
  email: `search-${n}@bench.local`,
  password: 'bench correct horse battery',
}));

/** The shard's feeds, items and index rows, and the people following the first FOLLOWED_FEEDS feeds. */
export function searchSeedSql() {
  const next = random(29);
  const words = vocabulary(next);
  const word = zipf(words, next);
  const text = (n) => Array.from({ length: n }, word).join(' ');
  const now = Date.now();
  const lines = [];
  for (const person of SEARCH_PEOPLE) {
    lines.push(
      `insert into users (id, email, name, plan, created_at) values (${person.id}, ${q(person.email)}, 'Search Bench', 'pro', ${now});`,
    );
  }
  const feeds = [];
  for (let f = 0; f < FEEDS; f++) {
    feeds.push(
      `(${FIRST_FEED_ID + f}, 'http://127.0.0.1:9/search-feed-${f}.xml', 'Search feed ${f}', ${now + 30 * 86_400_000}, ${now})`,
    );
  }
  lines.push(`insert into feeds (id, url, title, next_fetch_at, created_at) values ${feeds.join(', ')};`);
  const subscriptions = SEARCH_PEOPLE.flatMap((person) =>
    Array.from(
      { length: FOLLOWED_FEEDS },
      (_, f) => `(${person.id}, ${FIRST_FEED_ID + f}, 'Search feed ${f}', ${now})`,
    ),
  );
  lines.push(`insert into subscriptions (user_id, feed_id, name, created_at) values ${subscriptions.join(', ')};`);
  const total = FEEDS * ITEMS_PER_FEED;
  for (let start = 0; start < total; start += ROWS_PER_INSERT) {
    const items = [];
    const indexed = [];
    for (let n = start; n < Math.min(total, start + ROWS_PER_INSERT); n++) {
      // Items interleave across feeds, one every minute back from now, each stored as it was published: its
      // id is the one the refresh's clock gives then (shards.ts clockItemId), so the newest has the largest.
      const feed = FIRST_FEED_ID + (n % FEEDS);
      const seq = ITEMS_PER_FEED - Math.floor(n / FEEDS);
      const title = text(8);
      const summary = text(16);
      const pubDate = now - n * 60_000;
      const id = clockItemId(pubDate);
      items.push(
        `(${id}, ${feed}, ${seq}, 's${n}', ${q(title)}, ${q(summary)}, 'https://site.example/s/${n}', ${pubDate}, ${pubDate})`,
      );
      indexed.push(
        `(${id}, ${q(title)}, ${q(summary)}, ${q(text(30))}, 'Author ${n % 23}', 'f${feed}', ${feed}, ${seq}, ${pubDate})`,
      );
    }
    lines.push(
      `insert into items (id, feed_id, seq, guid_hash, title, description, link, pub_date, created_at) values ${items.join(', ')};`,
      `insert into search_index (rowid, title, summary, content, author, feed, feed_id, seq, pub_date) values ${indexed.join(', ')};`,
    );
  }
  lines.push('update feeds set last_seq = (select coalesce(max(seq), 0) from items where items.feed_id = feeds.id);');
  return { sql: lines.join('\n'), words };
}

/** The commonest 3-letter starts of the vocabulary, weighted as the words are drawn. */
function commonestPrefixes(words) {
  const weight = new Map();
  words.forEach((word, r) => {
    const start = word.slice(0, 3);
    weight.set(start, (weight.get(start) ?? 0) + 1 / (r + 1));
  });
  return [...weight].sort((a, b) => b[1] - a[1]).map(([start]) => start);
}

/** The costliest searches the syntax accepts, on this vocabulary (the API's query strings). */
export function worstSearches(words) {
  const common = words.slice(0, 8);
  const [p1, p2] = commonestPrefixes(words);
  const search = (text, rest = '') => `search=${encodeURIComponent(text)}${rest}`;
  const sixWordsTwoPrefixes = `${p1}* ${p2}* ${common.slice(0, 6).join(' ')}`;
  return {
    eightCommonWordsByRelevance: search(common.join(' '), '&sort=relevance'),
    twoPrefixesSixWordsByRelevance: search(sixWordsTwoPrefixes, '&sort=relevance'),
    twoPrefixesSixWordsNewest: search(sixWordsTwoPrefixes),
    twoPrefixesSixWordsUnreadByRelevance: search(sixWordsTwoPrefixes, '&sort=relevance&filter=unread'),
    twoPrefixesByRelevance: search(`${p1}* ${p2}*`, '&sort=relevance'),
    oneWordSevenLeftOut: search(
      `${common[0]} ${common
        .slice(1, 8)
        .map((w) => `-${w}`)
        .join(' ')}`,
      '&sort=relevance',
    ),
    eightWordPhraseByRelevance: search(`"${common.join(' ')}"`, '&sort=relevance'),
    // Issue 23: a word in every item (each has an author "Author N"), newest first, and the same by date
    // the other way, which the index's order cannot help (every match is read and sorted).
    wordInEveryItemNewest: search('author'),
    wordInEveryItemOldest: search('author', '&sort=oldest'),
    eightWordPhraseNewest: search(`"${common.join(' ')}"`),
    // Issue 29: the same sparse shapes in the other orders a person can pick (newest is the web app's
    // default; oldest reads a window by date a page).
    oneWordSevenLeftOutNewest: search(
      `${common[0]} ${common
        .slice(1, 8)
        .map((w) => `-${w}`)
        .join(' ')}`,
    ),
    eightWordPhraseOldest: search(`"${common.join(' ')}"`, '&sort=oldest'),
    // Oldest first reads windows by date (worker/db/search.ts oldestWindowSql): every shape that way too.
    oneWordSevenLeftOutOldest: search(
      `${common[0]} ${common
        .slice(1, 8)
        .map((w) => `-${w}`)
        .join(' ')}`,
      '&sort=oldest',
    ),
    twoPrefixesSixWordsOldest: search(sixWordsTwoPrefixes, '&sort=oldest'),
  };
}

/** Requests in flight at once in the throughput pass, and searches each of its people sends (under 30 a minute). */
const CONNECTIONS = 8;
const SEARCHES_EACH = 25;

/** Requests a second over `requests` ({path, cookie}) sent CONNECTIONS at a time, after one of each cookie. */
async function requestsPerSecond(baseURL, requests) {
  const send = async ({ path, cookie }) => {
    const response = await fetch(`${baseURL}${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < requests.length) await send(requests[next++]);
    }),
  );
  return Number((requests.length / ((performance.now() - started) / 1000)).toFixed(1));
}

/**
 * CPU seconds (user + system, in ms) of every process in the server's process group (the local runtime and
 * the Node beside it), from /proc (bench/process-cpu.mjs): on a shared machine a request's wall time is mostly waiting for a core,
 * while the CPU it costs the server is the same at any load. Null where /proc is not there.
 */
function serverCpuMs(groupId) {
  try {
    return groupCpuMs(groupId);
  } catch {
    return null;
  }
}

/** The median wall time of TIMED requests after WARM_UPS, and the server's CPU per request over them. */
async function medianOf(baseURL, path, cookie, groupId) {
  const times = [];
  let cpuStart = null;
  for (let n = 0; n < WARM_UPS + TIMED; n++) {
    if (n === WARM_UPS) cpuStart = serverCpuMs(groupId);
    const started = performance.now();
    const response = await fetch(`${baseURL}${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    if (n >= WARM_UPS) times.push(ms);
  }
  const cpuEnd = serverCpuMs(groupId);
  times.sort((a, b) => a - b);
  return {
    ms: Number(times[Math.floor(times.length / 2)].toFixed(1)),
    cpuMs: cpuStart === null || cpuEnd === null ? null : Number(((cpuEnd - cpuStart) / TIMED).toFixed(1)),
  };
}

/** Starts a server of its own with the 100,000-row shard; the median of each worst search and the worst. */
export async function benchSearch() {
  const { sql, words } = searchSeedSql();
  const server = await startServer({
    seeds: [{ name: 'search', sql, people: SEARCH_PEOPLE.map((person) => person.id) }],
  });
  try {
    const searches = Object.entries(worstSearches(words));
    const cookies = [];
    for (const person of SEARCH_PEOPLE) cookies.push(await signIn(server.baseURL, server.baseURL, person));
    const queries = {};
    // The plain list of the same person: the floor under every search (session, reading list, one call).
    const listCookie = cookies[searches.length];
    const list = await medianOf(server.baseURL, '/api/feed-items', listCookie, server.pid);
    for (const [index, [name, query]] of searches.entries()) {
      queries[name] = {
        query: decodeURIComponent(query),
        ...(await medianOf(server.baseURL, `/api/feed-items?${query}`, cookies[index], server.pid)),
      };
    }
    const [worstName, worst] = Object.entries(queries).sort((a, b) => b[1].ms - a[1].ms)[0];
    const [worstCpuName, worstCpu] = Object.entries(queries).sort((a, b) => (b[1].cpuMs ?? 0) - (a[1].cpuMs ?? 0))[0];
    // Issue 23's figure: a word in every item, newest first, CONNECTIONS at a time (each person under the
    // search limit), beside the same person's plain list sent the same way.
    const throughputCookies = cookies.slice(-THROUGHPUT_PEOPLE);
    const wordSearch = `/api/feed-items?${worstSearches(words).wordInEveryItemNewest}`;
    const searchRequests = throughputCookies.flatMap((cookie) =>
      Array.from({ length: SEARCHES_EACH }, () => ({ path: wordSearch, cookie })),
    );
    const listRequests = searchRequests.map(() => ({ path: '/api/feed-items', cookie: listCookie }));
    const throughput = {
      connections: CONNECTIONS,
      requests: searchRequests.length,
      wordInEveryItemNewestPerSecond: await requestsPerSecond(server.baseURL, searchRequests),
      listPerSecond: await requestsPerSecond(server.baseURL, listRequests),
    };
    return {
      indexRows: FEEDS * ITEMS_PER_FEED,
      followedRows: FOLLOWED_FEEDS * ITEMS_PER_FEED,
      listMs: list.ms,
      listCpuMs: list.cpuMs,
      queries,
      throughput,
      worstAccepted: { name: worstName, ms: worst.ms, goalMs: SEARCH_GOAL_MS, withinGoal: worst.ms <= SEARCH_GOAL_MS },
      // The same judged by the server's CPU per request, which the machine's load does not stretch.
      worstAcceptedCpu: {
        name: worstCpuName,
        cpuMs: worstCpu.cpuMs,
        goalMs: SEARCH_GOAL_MS,
        withinGoal: worstCpu.cpuMs !== null && worstCpu.cpuMs <= SEARCH_GOAL_MS,
      },
    };
  } finally {
    await server.stop();
  }
}
