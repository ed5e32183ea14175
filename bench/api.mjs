// API benchmark: one person following 50 feeds with 20,000 items (30 % of them read, 5 categories),
// seeded with SQL before the server starts, signs in the way people do (a password link from the
// development outbox, then POST /api/auth/login). autocannon then drives each endpoint for ~10 s at 32
// connections after a 2 s warm-up, with GET /api/health as the baseline of the same run, measured first
// and again last (the machine may be shared). Each endpoint's median latency one request at a time
// (its service time, without queueing) is measured too. Search (issue 14) is measured the same way, beside
// the plain list: a rare word, a word every item holds (20,000 matches, newest first and by relevance,
// and unread only), and a phrase with a prefix and an exclusion.
import { deflateRawSync } from 'node:zlib';
import autocannon from 'autocannon';

export const API_PERSON = { id: 2, email: 'api@bench.local', password: 'bench correct horse battery' };
/** Someone else following one feed of 10,000 items: what "mark all as read" writes (bench/cost.mjs). */
export const MARK_ALL = { userId: 3, feedId: 3001, items: 10_000 };
/** Whose subscriptions and categories the seed writes: the server rebuilds their reading lists (server.mjs). */
export const API_SEED_PEOPLE = [API_PERSON.id, MARK_ALL.userId];
const FEEDS = 50;
const ITEMS_PER_FEED = 400;
const FIRST_FEED_ID = 2001;
const CONNECTIONS = 32;
const SECONDS = 10;
// D1 refuses statements over 100 KB; 40 items of ~1.4 KB stay well under.
const ROWS_PER_INSERT = 40;

const q = (value) =>
  value === null ? 'null' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
/**
 * The content as storeItems keeps it (schema/packed-text.ts packText, the same rule): a long body raw-
 * deflated, as a BLOB, where that saves a tenth at least; else the text. Items stored since issue 30 are
 * kept this way, so a page reads them this way.
 */
function storedContent(text) {
  if (text.length < 200) return q(text);
  const packed = deflateRawSync(Buffer.from(text));
  return packed.byteLength > Buffer.byteLength(text) * 0.9 ? q(text) : `x'${packed.toString('hex')}'`;
}
const paragraph = (n) =>
  `<p>Paragraph ${n} of a benchmark item: enough text to be a realistic summary, with a <a href="https://example.com/${n}">link</a> and some <em>emphasis</em>, as feeds write them.</p>`;

/** The seed's feeds and items per feed: item n (0…19,999, id n + 1) is in feed n % API_FEEDS. */
export const API_FEEDS = FEEDS;
export const API_ITEMS = FEEDS * ITEMS_PER_FEED;

/**
 * Item n of the seed as a feed carries it (bench/freshrss.mjs serves the same items as RSS to a peer):
 * items interleave across feeds, one every 4 minutes back from `now` (about 55 days in all).
 */
export function apiItem(n, now) {
  return {
    title: `Benchmark item ${n}: a headline of ordinary length`,
    description: `A summary of item ${n}, plain text of a couple of sentences as the cards show it. `.repeat(3),
    content: [1, 2, 3, 4, 5].map((k) => paragraph(n * 10 + k)).join(''),
    link: `https://site.example/items/${n}`,
    author: `Author ${n % 17}`,
    pubDate: now - n * 240_000,
  };
}

/** 30 % of the items are read: n % 10 < 3. */
export const isSeededRead = (n) => n % 10 < 3;

/** The person, their categories, feeds (never due: the cron leaves them alone), items and read marks. */
export function apiSeedSql() {
  const now = Date.now();
  const { id: user } = API_PERSON;
  const lines = [
    `insert into users (id, email, name, plan, created_at) values (${user}, ${q(API_PERSON.email)}, 'API Bench', 'pro', ${now});`,
    `insert into categories (id, user_id, name, created_at) values ${[1, 2, 3, 4, 5].map((c) => `(${c}, ${user}, 'Category ${c}', ${now})`).join(', ')};`,
  ];
  const feedRows = [];
  const subscriptionRows = [];
  for (let f = 0; f < FEEDS; f++) {
    const id = FIRST_FEED_ID + f;
    feedRows.push(
      `(${id}, 'http://127.0.0.1:9/api-feed-${f}.xml', 'https://site-${f}.example', 'Feed ${f}', 'https://site-${f}.example/favicon.ico', ${now + 30 * 86_400_000}, ${now}, ${now})`,
    );
    // Ten feeds stay uncategorised ("General"); the others spread over the five categories.
    subscriptionRows.push(`(${user}, ${id}, 'Feed ${f}', ${f < 10 ? 'null' : 1 + (f % 5)}, ${now})`);
  }
  lines.push(
    `insert into feeds (id, url, site_url, title, favicon_url, next_fetch_at, last_fetched_at, created_at) values ${feedRows.join(', ')};`,
    `insert into subscriptions (user_id, feed_id, name, category_id, created_at) values ${subscriptionRows.join(', ')};`,
  );
  const total = FEEDS * ITEMS_PER_FEED;
  for (let start = 0; start < total; start += ROWS_PER_INSERT) {
    const rows = [];
    const indexed = [];
    const reads = [];
    for (let n = start; n < Math.min(total, start + ROWS_PER_INSERT); n++) {
      const id = n + 1;
      const feed = FIRST_FEED_ID + (n % FEEDS);
      // Within its feed, item n is the (n / FEEDS)-th newest: numbered oldest first, as refreshFeed does.
      const seq = ITEMS_PER_FEED - Math.floor(n / FEEDS);
      const item = apiItem(n, now);
      rows.push(
        `(${id}, ${feed}, ${seq}, '${n.toString(16).padStart(64, '0')}', ${q(item.title)}, ${q(item.description)}, ${storedContent(item.content)}, ${q(item.link)}, ${n % 3 === 0 ? `'https://site.example/img/${n}.jpg'` : 'null'}, ${q(item.author)}, ${item.pubDate}, ${item.pubDate})`,
      );
      // The search index row storeItems writes: the content as text (db/search.ts), title, summary, author.
      const text = item.content
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      indexed.push(
        `(${id}, ${q(item.title)}, ${q(item.description)}, ${q(text)}, ${q(item.author)}, 'f${feed}', ${feed}, ${seq}, ${item.pubDate})`,
      );
      if (isSeededRead(n)) reads.push(`(${user}, ${feed}, ${seq}, 1, ${now})`);
    }
    lines.push(
      `insert into items (id, feed_id, seq, guid_hash, title, description, content, link, thumbnail, author, pub_date, created_at) values ${rows.join(', ')};`,
    );
    lines.push(
      `insert into search_index (rowid, title, summary, content, author, feed, feed_id, seq, pub_date) values ${indexed.join(', ')};`,
    );
    if (reads.length > 0)
      lines.push(`insert into read_marks (user_id, feed_id, seq, is_read, marked_at) values ${reads.join(', ')};`);
  }
  lines.push(...markAllSeedSql(now));
  // refreshFeed keeps each feed's last sequence number, and items read on their own are positions on their
  // subscription row (worker/db/read-above.ts): the seeded marks moved there as migration 0036 moves them,
  // except a run of FOLD_RUN (32) or more on from the watermark, which the marks that made it folded into
  // the watermark (read-above.ts foldSql): here every item of 15 feeds is read, each feed one run from 1.
  const read = (alias) =>
    `read_marks ${alias} where ${alias}.user_id = subscriptions.user_id and ${alias}.feed_id = subscriptions.feed_id and ${alias}.is_read = 1`;
  lines.push(
    'update feeds set last_seq = (select coalesce(max(seq), 0) from items where items.feed_id = feeds.id);',
    `update subscriptions set read_seq = (select min(m.seq) from ${read('m')} and not exists (select 1 from ${read('n')} and n.seq = m.seq + 1)) where (select count(*) from ${read('m')} and m.seq between 1 and 32) = 32;`,
    `update subscriptions set read_above = (select ',' || group_concat(m.seq, ',') || ',' from ${read('m')} and m.seq > subscriptions.read_seq) where exists (select 1 from ${read('m')} and m.seq > subscriptions.read_seq);`,
    'delete from read_marks where is_read = 1;',
  );
  return lines.join('\n');
}

function markAllSeedSql(now) {
  const { userId, feedId, items } = MARK_ALL;
  const lines = [
    `insert into users (id, email, name, created_at) values (${userId}, 'markall@bench.local', 'Mark All', ${now});`,
    `insert into feeds (id, url, next_fetch_at, created_at) values (${feedId}, 'http://127.0.0.1:9/mark-all.xml', ${now + 30 * 86_400_000}, ${now});`,
    `insert into subscriptions (user_id, feed_id, name, created_at) values (${userId}, ${feedId}, 'Ten thousand', ${now});`,
  ];
  for (let start = 0; start < items; start += 200) {
    const rows = [];
    for (let n = start; n < Math.min(items, start + 200); n++) {
      rows.push(`(${feedId}, ${items - n}, 'm${n}', 'Item ${n}', ${now - n * 60_000}, ${now})`);
    }
    lines.push(`insert into items (feed_id, seq, guid_hash, title, pub_date, created_at) values ${rows.join(', ')};`);
  }
  // Some read on their own first, as people do before giving up and marking all read.
  const reads = Array.from({ length: 50 }, (_, n) => `(${userId}, ${feedId}, ${items - n * 7}, 1, ${now})`);
  lines.push(`insert into read_marks (user_id, feed_id, seq, is_read, marked_at) values ${reads.join(', ')};`);
  return lines;
}

/**
 * A password link from the development outbox, then the login form: returns the session cookie.
 * `origin`: the server's APP_URL, when it is not `baseURL`; `person`: a seeded { email, password }.
 */
export async function signIn(baseURL, origin = baseURL, person = API_PERSON) {
  const post = (path, body) =>
    fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { email, password } = person;
  await post('/api/auth/forgot-password', { email });
  // Account mail is sent by a queue job: the link reaches the outbox a moment later.
  let token;
  for (let attempt = 0; attempt < 50 && !token; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    const outbox = await (await fetch(`${baseURL}/api/dev/outbox`)).json();
    token = outbox.find((message) => message.to === email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
  }
  if (!token) throw new Error('no password link in the development outbox');
  const set = await post('/api/auth/set-password', { token, password });
  if (!set.ok) throw new Error(`set-password answered ${set.status}`);
  const login = await post('/api/auth/login', { username: email, password });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

/** The request autocannon sends first for these options: its own, or the one `setupRequest` makes. */
const firstRequest = (options) =>
  options.requests?.[0]?.setupRequest({ method: 'GET', ...options.requests[0] }) ?? options;

/**
 * One request as the load sends it must reach the API (a JSON answer, 2xx): a figure measured on
 * something else (the SPA shell, a sign-in refusal) would look fine and mean nothing.
 */
export async function expectApiAnswer(baseURL, name, options) {
  const request = firstRequest(options);
  const response = await fetch(new URL(request.path, baseURL), {
    method: request.method ?? 'GET',
    headers: options.headers,
    body: request.body,
  });
  const type = response.headers.get('content-type') ?? '';
  await response.arrayBuffer();
  if (!response.ok || !type.includes('application/json'))
    throw new Error(`${name}: ${request.path} answered ${response.status} ${type}, not the API's JSON`);
}

/** Median latency of `count` requests sent one after another. */
export async function serialMedian(baseURL, options, count = 40) {
  const times = [];
  for (let n = 0; n < count; n++) {
    const request = firstRequest(options);
    const started = performance.now();
    const response = await fetch(`${baseURL}${request.path}`, {
      method: request.method ?? 'GET',
      headers: options.headers,
      body: request.body,
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Number(times[Math.floor(times.length / 2)].toFixed(1));
}

/** Searches of the person's 20,000 items (search strings: the API's syntax). */
export const SEARCHES = {
  searchRare: 'search=12345',
  searchEvery: 'search=benchmark',
  searchEveryByRelevance: 'search=benchmark&sort=relevance',
  searchEveryUnread: 'search=benchmark&filter=unread',
  searchPhrase: `search=${encodeURIComponent('"realistic summary" emph* -12345')}`,
};

const searchEndpoints = (headers) =>
  Object.fromEntries(
    Object.entries(SEARCHES).map(([name, query]) => [name, { path: `/api/feed-items?${query}`, headers }]),
  );

export async function load(baseURL, options, seconds = SECONDS) {
  // autocannon takes the path from the URL: a `path` option of its own is ignored (every GET measured
  // before 24 Nov 2026 was the SPA's index.html at /, not the API).
  const url = new URL(options.path ?? '/', baseURL).href;
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...options, url });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * What the search index stores per item of the API person's 20,000: its FTS5 blocks and per-item sizes
 * (the payload; SQLite's page overhead on top), beside the payload of the items rows themselves.
 */
export function searchIndexStorage(queryState) {
  const [row] = queryState(`select
    (select count(*) from search_index_docsize) as items,
    (select sum(length(block)) from search_index_data) as blockBytes,
    (select sum(length(sz)) from search_index_docsize) as sizeBytes,
    (select sum(length(title) + coalesce(length(description), 0) + coalesce(length(content), 0)
       + coalesce(length(link), 0) + coalesce(length(author), 0) + length(guid_hash)) from items) as itemBytes`);
  return {
    items: row.items,
    indexBytesPerItem: Math.round((row.blockBytes + row.sizeBytes) / row.items),
    itemBytesPerItem: Math.round(row.itemBytes / row.items),
  };
}

export async function benchApi(baseURL, cookie) {
  const headers = { cookie, origin: baseURL, 'content-type': 'application/json' };
  let nextItem = 0;
  const endpoints = {
    health: { path: '/api/health' },
    // The floors under the goal's 1.5× health: one D1 call that reads nothing (health makes none), and
    // the session alone, the one call every signed-in request makes.
    d1Floor: { path: '/api/dev/bench/d1-floor' },
    signedIn: { path: '/api/users/me', headers },
    feedItems: { path: '/api/feed-items', headers },
    feedItemsUnread: { path: '/api/feed-items?filter=unread', headers },
    categoriesWithFeeds: { path: '/api/categories/with-feeds', headers },
    ...searchEndpoints(headers),
    markRead: {
      headers,
      requests: [
        {
          method: 'PATCH',
          body: JSON.stringify({ isRead: true }),
          // A different item every time, across all 20,000.
          setupRequest: (request) => ({
            ...request,
            path: `/api/feed-items/${(nextItem++ % (FEEDS * ITEMS_PER_FEED)) + 1}`,
          }),
        },
      ],
    },
  };
  const results = {};
  for (const [name, options] of [...Object.entries(endpoints), ['healthAgain', endpoints.health]]) {
    await expectApiAnswer(baseURL, name, options);
    await load(baseURL, options, 2); // warm-up: JIT, SQLite page cache
    results[name] = { ...(await load(baseURL, options)), serialP50: await serialMedian(baseURL, options) };
  }
  return { connections: CONNECTIONS, seconds: SECONDS, feeds: FEEDS, items: FEEDS * ITEMS_PER_FEED, ...results };
}
