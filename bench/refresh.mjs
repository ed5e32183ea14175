// Refresh benchmark: 1,000 feeds served by a local fixture server, all due at once, refreshed through the
// real cron → queue → consumer path of `wrangler dev`. The server listens on 200 ports with 5 feeds
// each, so the cron's cap of 5 feeds per host:port per tick lets all 1,000 go in one tick. Feeds are the
// RSS, Atom, RDF and JSON Feed files of worker/feeds/testdata/fixtures that our parser reads, each with an
// ETag. Pass 1 fetches everything (10 feeds answer after 3 s). Pass 2 makes them due again: a third
// answer 304 to If-None-Match, 10 answer 500, the rest send the same body again with a new ETag.
// Then every item the feeds hold (the newest 500 per feed) must be stored exactly once.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { cronsFromWranglerToml, mostFrequentCron } from '../scripts/cron.mjs';
import { importWorkerModules } from './bundle-worker.mjs';
import { root } from './server.mjs';

export const FEEDS = 1000;
const PORTS = 200;
const SLOW_MS = 3000;
const MAX_ITEMS_PER_FEED = 500; // worker/feeds/refresh.ts
const COST_FEEDS = { always200: FEEDS + 1, conditional: FEEDS + 2 };
const CRON = mostFrequentCron(cronsFromWranglerToml(path.join(root, 'wrangler.toml')));
const FIXTURES = path.join(root, 'worker/feeds/testdata/fixtures');

const isSlow = (i) => i % 100 === 7;
const failsOnPass2 = (i) => i % 100 === 42;
const honoursEtag = (i) => i % 3 === 0;

/** The feed fixtures our parser reads with at least one item, in a fixed order. */
function feedFixtures(parseFeed) {
  return readdirSync(FIXTURES)
    .filter((file) => /\.(xml|rss|atom|rdf|json)$/.test(file))
    .sort()
    .map((file) => ({ file, body: readFileSync(path.join(FIXTURES, file)) }))
    .filter(({ body }) => {
      try {
        return parseFeed(body, 'http://127.0.0.1/').items.length > 0;
      } catch {
        return false;
      }
    })
    .map((fixture) => ({
      ...fixture,
      type: fixture.file.endsWith('.json') ? 'application/feed+json' : 'application/xml',
    }));
}

const sha256Hex = (text) => createHash('sha256').update(text).digest('hex');

/** Mirrors identityOf and normaliseItems in worker/feeds/refresh.ts: the identities refreshFeed keeps. */
function expectedIdentities(parseFeed, body, url) {
  const now = Date.now();
  const dated = parseFeed(body, url).items.map((item, index) => ({
    item,
    time: Date.parse(item.published ?? item.updated ?? '') || now - index,
  }));
  dated.sort((a, b) => b.time - a.time);
  const kept = new Set();
  for (const { item } of dated) {
    if (kept.size >= MAX_ITEMS_PER_FEED) break;
    if (item.id) kept.add(sha256Hex(`id:${item.id}`));
    else if (item.link) kept.add(sha256Hex(`link:${item.link}`));
    else kept.add(sha256Hex(`hash:${item.title}\n${item.content ?? item.summary ?? ''}`));
  }
  return kept;
}

/** 200 HTTP servers on 127.0.0.1; feed i lives on server floor(i / 5). `pass` switches the behaviour. */
export async function startFixtureServer() {
  const { parseFeed } = await importWorkerModules('refresh-parse', { 'feeds/parse/index': ['parseFeed'] });
  const fixtures = feedFixtures(parseFeed);
  const state = { pass: 1, counts: {} };
  const feeds = [];
  const servers = [];
  const count = (status) => {
    const key = `pass${state.pass}`;
    state.counts[key] ??= { requests: 0 };
    state.counts[key].requests++;
    state.counts[key][status] = (state.counts[key][status] ?? 0) + 1;
  };

  const handle = async (request, response) => {
    const match = request.url.match(/^\/(feed|cost)-(\d+)\./);
    const kind = match?.[1];
    const i = Number(match?.[2]);
    const feed = kind === 'cost' ? feeds[(i === 1 ? COST_FEEDS.always200 : COST_FEEDS.conditional) - 1] : feeds[i];
    if (!feed) {
      response.writeHead(404).end();
      return;
    }
    if (kind === 'feed' && isSlow(i)) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    if (kind === 'feed' && state.pass === 2 && failsOnPass2(i)) {
      count(500);
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    // A stable ETag for the feeds that answer 304; the others send a new one with every response.
    const stable = kind === 'cost' ? i === 2 : honoursEtag(i);
    const etag = stable ? `"${kind}-${i}"` : `"${kind}-${i}-${state.pass}-${Date.now()}"`;
    const answers304 = kind === 'cost' ? i === 2 : state.pass === 2 && honoursEtag(i);
    if (answers304 && request.headers['if-none-match'] === etag) {
      if (kind === 'feed') count(304);
      response.writeHead(304, { etag }).end();
      return;
    }
    if (kind === 'feed') count(200);
    response.writeHead(200, { 'content-type': feed.fixture.type, etag }).end(feed.fixture.body);
  };

  for (let p = 0; p < PORTS; p++) {
    const server = createServer((request, response) => {
      handle(request, response).catch(() => response.destroy());
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  const hostOf = (i) => `127.0.0.1:${servers[Math.floor(i / 5)].address().port}`;
  for (let i = 0; i < FEEDS; i++) {
    const fixture = fixtures[i % fixtures.length];
    const ext = path.extname(fixture.file);
    feeds.push({ id: i + 1, url: `http://${hostOf(i)}/feed-${i}${ext}`, fixture });
  }
  // Two feeds nobody follows (so the cron never picks them) for the cost benchmark: one always answers
  // 200, one honours If-None-Match. Both serve the fixture nearest to 25 items.
  const typical = [...fixtures].sort(
    (a, b) =>
      Math.abs(parseFeed(a.body).items.length - 25) - Math.abs(parseFeed(b.body).items.length - 25) ||
      a.file.localeCompare(b.file),
  )[0];
  for (const [n, id] of [COST_FEEDS.always200, COST_FEEDS.conditional].entries()) {
    feeds[id - 1] = { id, url: `http://${hostOf(0)}/cost-${n + 1}.xml`, fixture: typical };
  }

  return {
    state,
    feeds,
    fixtures,
    costFeeds: COST_FEEDS,
    feedCount: FEEDS,
    typicalFixture: typical.file,
    allowHosts: servers.map((server) => `127.0.0.1:${server.address().port}`).join(','),
    expected: () => feeds.slice(0, FEEDS).map((feed) => expectedIdentities(parseFeed, feed.fixture.body, feed.url)),
    close: () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))),
  };
}

const q = (value) =>
  value === null ? 'null' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/** The one person of the refresh seed, whose reading list the server rebuilds after seeding (server.mjs). */
export const REFRESH_PERSON_ID = 1;

/** One person following all 1,000 feeds, every feed due; the two cost feeds followed by no one. */
export function refreshSeedSql(fixtureServer) {
  const now = Date.now();
  const lines = [
    `insert into users (id, email, name, plan, created_at) values (${REFRESH_PERSON_ID}, 'refresh@bench.local', 'Refresh Bench', 'pro', ${now});`,
  ];
  for (let start = 0; start < fixtureServer.feeds.length; start += 200) {
    const chunk = fixtureServer.feeds.slice(start, start + 200);
    lines.push(
      // The cost feeds are never due: the cost benchmark's first refresh of one must find it new.
      `insert into feeds (id, url, next_fetch_at, created_at) values ${chunk.map((f) => `(${f.id}, ${q(f.url)}, ${f.id <= FEEDS ? now - 60_000 : now + 30 * 86_400_000}, ${now})`).join(', ')};`,
    );
    const followed = chunk.filter((f) => f.id <= FEEDS);
    if (followed.length > 0) {
      lines.push(
        `insert into subscriptions (user_id, feed_id, name, created_at) values ${followed.map((f) => `(${REFRESH_PERSON_ID}, ${f.id}, ${q(f.fixture.file)}, ${now})`).join(', ')};`,
      );
    }
  }
  return lines.join('\n');
}

const getJson = async (url, init) => {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
};

/** Ticks the cron and waits until every feed has been fetched (or failed) since the tick. */
async function runPass(baseURL, timeoutMs) {
  const since = Date.now();
  const tick = await fetch(`${baseURL}/__scheduled?cron=${encodeURIComponent(CRON)}`);
  if (!tick.ok) throw new Error(`/__scheduled answered ${tick.status}`);
  let stats;
  const deadline = since + timeoutMs;
  do {
    await new Promise((resolve) => setTimeout(resolve, 500));
    stats = await getJson(`${baseURL}/api/dev/bench/stats?from=1&to=${FEEDS}&since=${since}`);
  } while (stats.fetched < FEEDS && Date.now() < deadline);
  const seconds = (Date.now() - since) / 1000;
  return { seconds, fetched: stats.fetched, errors: stats.errors, fetchesPerSecond: stats.fetched / seconds };
}

export async function benchRefresh(baseURL, fixtureServer, { timeoutMs = 180_000 } = {}) {
  fixtureServer.state.pass = 1;
  const pass1 = await runPass(baseURL, timeoutMs);
  const setup = { feeds: FEEDS, ports: PORTS, fixtureFiles: fixtureServer.fixtures.length };
  if (pass1.fetched < FEEDS) {
    // Pass 2 would overlap the jobs still queued from pass 1 and measure neither.
    return { ...setup, pass1, pass2: null, note: `pass 1 did not finish within ${timeoutMs / 1000} s` };
  }

  fixtureServer.state.pass = 2;
  await getJson(`${baseURL}/api/dev/bench/due`, {
    method: 'POST',
    headers: { origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ from: 1, to: FEEDS }),
  });
  const pass2 = await runPass(baseURL, timeoutMs);
  const seen = fixtureServer.state.counts.pass2 ?? { requests: 0 };
  pass2.notModifiedShare = (seen[304] ?? 0) / Math.max(1, seen.requests);
  const indexes = Array.from({ length: FEEDS }, (_, i) => i);
  pass2.expectedNotModifiedShare = indexes.filter((i) => honoursEtag(i) && !failsOnPass2(i)).length / FEEDS;
  pass2.responses = seen;

  // Every identity the fixture feeds hold must be stored once; none may be stored that they do not hold.
  const {
    byFeed: stored,
    count: storedItems,
    avgItemBytes,
  } = await getJson(`${baseURL}/api/dev/bench/items?from=1&to=${FEEDS}`);
  const expected = fixtureServer.expected();
  let lost = 0;
  let duplicated = 0;
  let expectedItems = 0;
  expected.forEach((identities, i) => {
    const hashes = stored[i + 1] ?? [];
    const storedSet = new Set(hashes);
    expectedItems += identities.size;
    for (const identity of identities) if (!storedSet.has(identity)) lost++;
    duplicated += hashes.length - [...storedSet].filter((hash) => identities.has(hash)).length;
  });
  return {
    ...setup,
    slowFeeds: indexes.filter(isSlow).length,
    failingFeedsPass2: indexes.filter(failsOnPass2).length,
    pass1,
    pass2,
    expectedItems,
    storedItems,
    lost,
    duplicated,
    avgItemBytes,
  };
}
