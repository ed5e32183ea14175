// A real reader app against the Google Reader API (issue 15): Debian's newsboat with its FeedHQ backend
// (urls-source "feedhq"), which signs in with ClientLogin, lists subscriptions, reads each feed as Atom
// through reader/atom and writes back with edit-tag and mark-all-as-read. It loads the person's feeds
// and unread counts as the web app shows them, and a feed marked read in newsboat (driven headless in
// tmux) is read in the app. The sample podcast's episodes reach it with their audio, which podboat (its
// podcast downloader) fetches from its queue. An item a rule hid never reaches it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, url } from './app';
import { PASSWORD, postApi, SESSION_COOKIE, signUpThroughApi } from './people';
import { upgradeSignedInToPro } from './stripe';

const upstream = inject('fakeUpstreamUrl');
const stamp = Date.now();
const HOUR = 3_600_000;
const NEWSBOAT = '/usr/bin/newsboat';
const PODBOAT = '/usr/bin/podboat';

type Group = { feeds: { name: string; unreadCount: number }[] };

let cookie = '';
let email = '';
const api = (path: string, body?: unknown) =>
  fetch(url(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

function rss(name: string, count: number) {
  const items = Array.from(
    { length: count },
    (_, index) => `<item><title>${name} story ${index + 1}</title><link>https://example.com/${name}/${index + 1}</link>
<guid isPermaLink="false">${stamp}-${name}-${index + 1}</guid><pubDate>${new Date(Date.now() - (index + 1) * HOUR).toUTCString()}</pubDate>
<description>${name} story ${index + 1}, in brief.</description></item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${name}</title>
<link>https://example.com/${name}</link><description>${name}</description>${items}</channel></rss>`;
}

async function follow(name: string, count: number) {
  const feedUrl = `${upstream}/scripted/${name}-${stamp}`;
  await fetch(feedUrl, {
    method: 'PUT',
    body: JSON.stringify({ body: rss(name, count), contentType: 'application/rss+xml' }),
  });
  expect((await api('/api/feeds', { url: feedUrl, name, categoryId: null, includeInAi: true })).status).toBe(201);
}

async function unreadByFeed() {
  const groups = (await (await api('/api/categories/with-feeds')).json()) as Group[];
  return new Map(groups.flatMap((group) => group.feeds.map((feed) => [feed.name, feed.unreadCount] as const)));
}

describe('newsboat through the Google Reader API', () => {
  let dir: string;
  let files: { config: string; urls: string; cache: string };
  const session = `feedloom-newsboat-${process.pid}`;

  const newsboat = (...commands: string[]) =>
    spawnSync(NEWSBOAT, ['-C', files.config, '-u', files.urls, '-c', files.cache, '-x', ...commands], {
      env: { ...process.env, HOME: dir },
      encoding: 'utf8',
      timeout: 60_000,
    });

  const tmux = (...args: string[]) => spawnSync('tmux', args, { encoding: 'utf8' });
  const screen = () => tmux('capture-pane', '-p', '-t', session).stdout;

  beforeAll(async () => {
    expect(existsSync(NEWSBOAT), 'newsboat is installed by .ci/run (apt-get install newsboat)').toBe(true);
    const person = await signUpThroughApi('newsboat');
    email = person.email;
    cookie = `${SESSION_COOKIE}=${person.cookie}`;
    await follow('Lighthouse', 4);
    await follow('Quayside', 3);
    // Making an app password asks for the account password again (issue 28).
    const created = await api('/api/users/me/app-passwords', { name: 'newsboat', currentPassword: PASSWORD });
    const { password: appPassword } = (await created.json()) as { password: string };

    dir = mkdtempSync(join(tmpdir(), 'feedloom-newsboat-'));
    files = { config: join(dir, 'config'), urls: join(dir, 'urls'), cache: join(dir, 'cache.db') };
    writeFileSync(files.urls, '');
    writeFileSync(
      files.config,
      [
        'urls-source "feedhq"',
        `feedhq-url "${baseURL}/api/greader"`,
        `feedhq-login "${email}"`,
        `feedhq-password "${appPassword}"`,
        'feedhq-min-items 50',
        'show-read-feeds yes',
        'feedhq-show-special-feeds no',
      ].join('\n'),
    );
  });

  afterAll(() => {
    tmux('kill-session', '-t', session);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loads the feeds and the unread count the web app shows', async () => {
    const run = newsboat('reload', 'print-unread');
    expect(run.status, run.stderr).toBe(0);
    const total = [...(await unreadByFeed()).values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBe(7);
    expect(run.stdout).toMatch(new RegExp(`^${total} unread articles`, 'm'));
  });

  it('follows a read mark made in the web app', async () => {
    const items = (await (await api('/api/feed-items?limit=1')).json()) as { id: number }[];
    const patched = await fetch(url(`/api/feed-items/${items[0]?.id}`), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: baseURL, cookie },
      body: JSON.stringify({ isRead: true }),
    });
    expect(patched.status).toBe(200);
    const run = newsboat('reload', 'print-unread');
    expect(run.stdout).toMatch(/^6 unread articles/m);
  });

  it('marks a feed read in newsboat, driven in tmux, and the web app shows it read', async () => {
    const started = tmux(
      'new-session',
      '-d',
      '-s',
      session,
      '-x',
      '160',
      '-y',
      '40',
      `HOME=${dir} ${NEWSBOAT} -C ${files.config} -u ${files.urls} -c ${files.cache}`,
    );
    expect(started.status, started.stderr).toBe(0);
    await expect.poll(screen, { timeout: 30_000, interval: 200 }).toMatch(/Lighthouse/);
    // The feed list shows "(unread/total)"; the cursor starts on the first feed.
    const firstFeed = /^\s*1\s.*\((\d+)\/(\d+)\)\s+(\w+)/m.exec(screen());
    const name = firstFeed?.[3] ?? '';
    expect(['Lighthouse', 'Quayside']).toContain(name);
    tmux('send-keys', '-t', session, 'A');
    await expect.poll(async () => (await unreadByFeed()).get(name), { timeout: 15_000, interval: 200 }).toBe(0);
    const other = name === 'Lighthouse' ? 'Quayside' : 'Lighthouse';
    expect((await unreadByFeed()).get(other)).toBeGreaterThan(0);
    tmux('send-keys', '-t', session, 'Q');
  });

  it('shows "Architect & Designer" and "1 < 2" as written, and items starred on the web in its Starred items feed', async () => {
    // Titles that need escaping (issue 27 §6): as type="html" newsboat rendered them as HTML and lost
    // "&amp; Designer" and everything after "<".
    const studio = `${upstream}/scripted/Studio-${stamp}`;
    const titles = ['Architect &amp; Designer', '1 &lt; 2 for small teams'];
    const entries = titles
      .map(
        (title, index) => `<item><title>${title}</title><link>https://example.com/studio/${index}</link>
<guid isPermaLink="false">${stamp}-studio-${index}</guid><pubDate>${new Date(Date.now() - (index + 1) * HOUR).toUTCString()}</pubDate>
<description>Studio notes ${index}.</description></item>`,
      )
      .join('\n');
    await fetch(studio, {
      method: 'PUT',
      body: JSON.stringify({
        body: `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Studio</title><link>https://example.com/studio</link><description>Studio</description>${entries}</channel></rss>`,
        contentType: 'application/rss+xml',
      }),
    });
    expect((await api('/api/feeds', { url: studio, name: 'Studio', categoryId: null, includeInAi: true })).status).toBe(
      201,
    );
    // Starred on the web: newsboat reads stars only from its "Starred items" feed, which Feedloom lists
    // to it as a subscription on our origin (greader/special-streams.ts).
    const page = (await (await api('/api/feed-items?limit=50')).json()) as { id: number; title: string }[];
    const architect = page.find((item) => item.title === 'Architect & Designer');
    const starred = await fetch(url(`/api/feed-items/${architect?.id}`), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: baseURL, cookie },
      body: JSON.stringify({ isStarred: true }),
    });
    expect(starred.status).toBe(200);

    const run = newsboat('reload');
    expect(run.status, run.stderr).toBe(0);
    const cache = (sql: string) => spawnSync('sqlite3', [files.cache, sql], { encoding: 'utf8' }).stdout.trim();
    // What newsboat keeps is what it shows: the titles as written.
    const shown = cache(
      "select distinct title from rss_item where title like '%Designer%' or title like '1 %small teams'",
    );
    expect(shown.split('\n').sort()).toEqual(['1 < 2 for small teams', 'Architect & Designer']);
    // The starred stream came from our origin, never from feedhq.org.
    const starredFeed = cache("select rssurl || ' ' || title from rss_feed where rssurl like '%starred%'");
    expect(starredFeed).toBe(
      `${baseURL}/api/greader/reader/atom/user%2F-%2Fstate%2Fcom.google%2Fstarred?n=50 Starred items`,
    );
    expect(cache("select count(*) from rss_feed where rssurl like '%feedhq.org%'")).toBe('0');
    expect(cache("select title from rss_item where feedurl like '%starred%'")).toBe('Architect & Designer');

    // On screen: the Studio feed's article list, opened in newsboat driven in tmux.
    const titlesSession = `${session}-titles`;
    const started = tmux(
      'new-session',
      '-d',
      '-s',
      titlesSession,
      '-x',
      '160',
      '-y',
      '40',
      `HOME=${dir} ${NEWSBOAT} -C ${files.config} -u ${files.urls} -c ${files.cache}`,
    );
    expect(started.status, started.stderr).toBe(0);
    const pane = () => tmux('capture-pane', '-p', '-t', titlesSession).stdout;
    try {
      await expect.poll(pane, { timeout: 30_000, interval: 200 }).toMatch(/Studio/);
      const row = Number(/^\s*(\d+)\s.*Studio\s*$/m.exec(pane())?.[1]);
      expect(row).toBeGreaterThan(0);
      for (let step = 1; step < row; step++) tmux('send-keys', '-t', titlesSession, 'Down');
      tmux('send-keys', '-t', titlesSession, 'Enter');
      await expect.poll(pane, { timeout: 15_000, interval: 200 }).toContain('Architect & Designer');
      expect(pane()).toContain('1 < 2 for small teams');
    } finally {
      tmux('kill-session', '-t', titlesSession);
    }
  });

  it('lists the sample podcast’s enclosures, and podboat downloads one from its queue', async () => {
    // A Free account follows the samples its plan has room for, and the podcast is the fourth: Pro has room.
    await upgradeSignedInToPro(cookie.slice(SESSION_COOKIE.length + 1));
    await postApi('/api/dev/sample-feeds', {}, cookie.slice(SESSION_COOKIE.length + 1));
    const run = newsboat('reload');
    expect(run.status, run.stderr).toBe(0);
    // What newsboat stored from the Atom stream's <link rel="enclosure">: each episode's audio.
    const stored = spawnSync(
      'sqlite3',
      [files.cache, "select enclosure_url || ' ' || enclosure_type from rss_item where enclosure_url <> ''"],
      { encoding: 'utf8' },
    );
    expect(stored.status, stored.stderr).toBe(0);
    const enclosures = stored.stdout.trim().split('\n');
    expect(enclosures).toHaveLength(8);
    for (const line of enclosures)
      expect(line).toMatch(/\/api\/dev\/sample-feeds\/audio\/bombcast-\d+\.wav audio\/wav$/);

    // An episode in podboat's queue, as newsboat's "enqueue" writes it, downloaded by podboat (-a).
    const episodeUrl = enclosures[0]?.split(' ')[0] ?? '';
    const target = join(dir, 'podcasts', 'episode.wav');
    mkdirSync(join(dir, 'podcasts'));
    const queue = join(dir, 'queue');
    writeFileSync(queue, `${episodeUrl} "${target}"\n`);
    const podboat = `feedloom-podboat-${process.pid}`;
    const started = tmux(
      'new-session',
      '-d',
      '-s',
      podboat,
      '-x',
      '120',
      '-y',
      '30',
      `HOME=${dir} ${PODBOAT} -C ${files.config} -q ${queue} -a`,
    );
    expect(started.status, started.stderr).toBe(0);
    try {
      await expect
        .poll(() => (existsSync(target) ? statSync(target).size : 0), { timeout: 30_000, interval: 200 })
        .toBe(64044);
    } finally {
      tmux('kill-session', '-t', podboat);
    }
  });

  it('never receives an item a rule hid, and counts it nowhere (issue 26)', async () => {
    const harbour = `${upstream}/scripted/Harbour-${stamp}`;
    const titles = ['Tides rise at the harbour', 'Ferry timetable changes', 'Boats in the bay'];
    const items = titles
      .map(
        (title, index) => `<item><title>${title}</title><link>https://example.com/harbour/${index}</link>
<guid isPermaLink="false">${stamp}-harbour-${index}</guid><pubDate>${new Date(Date.now() - (index + 1) * HOUR).toUTCString()}</pubDate>
<description>${title}, in brief.</description></item>`,
      )
      .join('\n');
    await fetch(harbour, {
      method: 'PUT',
      body: JSON.stringify({
        body: `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Harbour</title><link>https://example.com/harbour</link><description>Harbour</description>${items}</channel></rss>`,
        contentType: 'application/rss+xml',
      }),
    });
    const added = await api('/api/feeds', { url: harbour, name: 'Harbour', categoryId: null, includeInAi: true });
    expect(added.status).toBe(201);
    // Hidden before newsboat ever asks: a rule applied to the items already stored.
    const rule = await api('/api/rules', {
      name: 'No tides',
      match: 'tides',
      actions: ['hide'],
      applyToExisting: true,
    });
    expect(rule.status).toBe(201);
    expect((await unreadByFeed()).get('Harbour')).toBe(2);

    const run = newsboat('reload');
    expect(run.status, run.stderr).toBe(0);
    const cache = (sql: string) => spawnSync('sqlite3', [files.cache, sql], { encoding: 'utf8' }).stdout.trim();
    const inNewsboat = cache("select title from rss_item where feedurl like '%Harbour%' order by title");
    expect(inNewsboat.split('\n')).toEqual(['Boats in the bay', 'Ferry timetable changes']);
    expect(cache("select count(*) from rss_item where title like 'Tides%'")).toBe('0');
    // Its unread count there is the web app's: the hidden item is not unread anywhere.
    expect(cache("select count(*) from rss_item where feedurl like '%Harbour%' and unread = 1")).toBe('2');
  });
});
