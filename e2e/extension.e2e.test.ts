// The browser extension in Chromium (issue 5's "Done when"): the built extension is loaded unpacked,
// finds the feed of a local page, shows its count on the badge, and its popup's "Add to Feedloom" opens
// the app's /home?addFeed=<encoded feed URL> for a signed-in person. The zip downloaded from the app
// carries the app's address and shows it, with the install steps, on first run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL } from './app';
import { CHROMIUM } from './browser';

const EXTENSION_DIR = resolve('extension/dist');
const FEED_TITLE = 'Loom Notes <b>&</b> friends';

/** A small blog on 127.0.0.1 whose page links its feed; the feed URL has characters that need encoding. */
async function startBlog(): Promise<{ server: Server; pageUrl: string; feedUrl: string; laterPageUrl: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><title>Loom Notes</title>
        <link rel="alternate" type="application/rss+xml" title="Loom Notes &lt;b&gt;&amp;&lt;/b&gt; friends"
          href="/feed.xml?format=rss&amp;lang=en"></head><body><h1>Loom Notes</h1></body></html>`);
      return;
    }
    if (request.url === '/later') {
      // A page whose feed link arrives after it loaded, as a single-page app adds it.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><head><title>Later</title></head><body><h1>Later</h1></body></html>',
      );
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    server,
    pageUrl: `${origin}/`,
    feedUrl: `${origin}/feed.xml?format=rss&lang=en`,
    laterPageUrl: `${origin}/later`,
  };
}

/** Registers through the API and sets the password from the emailed link, as the outbox shows it. */
async function createAccount(email: string, password: string): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/register', { name: 'Extension Tester', email })).status).toBe(201);
  const outbox = (await (await fetch(`${baseURL}/api/dev/outbox`)).json()) as { to: string; text: string }[];
  const token = /password-setup\?token=([\w-]+)/.exec(outbox.find((mail) => mail.to === email)?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  expect((await post('/api/auth/set-password', { token, password })).status).toBe(200);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseURL}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseURL}/home`);
}

/** Chromium with one unpacked extension loaded, in a fresh profile. */
function launchWithExtension(profile: string, extensionDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      '--no-first-run',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
}

/** Evaluated in the service worker, where `chrome` is the real extension API. */
type WorkerChrome = {
  storage: { session: { get(keys: null): Promise<Record<string, { pageUrl?: string } | undefined>> } };
  action: { getBadgeText(details: { tabId: number }): Promise<string> };
};

/** Evaluated in an extension page. */
type PageChrome = {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  tabs: { getCurrent(): Promise<{ id?: number } | undefined> };
};

async function tabShowing(worker: Worker, pageUrl: string): Promise<number | null> {
  return worker.evaluate(async (url) => {
    const { storage } = (globalThis as unknown as { chrome: WorkerChrome }).chrome;
    const entries = await storage.session.get(null);
    const key = Object.keys(entries).find((name) => entries[name]?.pageUrl === url);
    return key ? Number(key.slice('tab:'.length)) : null;
  }, pageUrl);
}

/** The tab whose page has reported its feeds (any number of them) to the service worker, once it has. */
async function tabReporting(worker: Worker, pageUrl: string): Promise<number> {
  let tabId: number | null = null;
  await expect
    .poll(async () => {
      tabId = await tabShowing(worker, pageUrl);
      return tabId;
    })
    .not.toBeNull();
  return tabId ?? -1;
}

describe('the browser extension', () => {
  let profile: string;
  let context: BrowserContext;
  let worker: Worker;
  let extensionId: string;
  let blog: Awaited<ReturnType<typeof startBlog>>;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['scripts/build-extension.mjs'], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    blog = await startBlog();
    profile = mkdtempSync(join(tmpdir(), 'feedloom-extension-'));
    context = await launchWithExtension(profile, EXTENSION_DIR);
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    extensionId = new URL(worker.url()).host;
  });

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await new Promise((done) => blog?.server.close(done));
  });

  it('refuses an app address that is not http(s) and saves a valid one', async () => {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.locator('body[data-ready="true"]').waitFor();
    await expect.poll(() => options.locator('#app-url').inputValue()).toBe('http://localhost:8787');

    await options.locator('#app-url').fill('ftp://feedloom.example.com');
    await options.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => options.locator('#status').textContent())
      .toBe('The address must start with http:// or https://.');

    await options.locator('#app-url').fill(`${baseURL}/`);
    await options.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => options.locator('#status').textContent()).toBe('Saved.');
    await options.close();
  });

  it("finds a local page's feed and opens the add-feed link for it", async () => {
    const email = `extension-${Date.now()}@example.com`;
    const password = 'woven-threads-42';
    await createAccount(email, password);
    const page = await context.newPage();
    await signIn(page, email, password);

    await page.goto(blog.pageUrl);
    const tabId = await tabReporting(worker, blog.pageUrl);
    const badge = await worker.evaluate(
      (id) => (globalThis as unknown as { chrome: WorkerChrome }).chrome.action.getBadgeText({ tabId: id }),
      tabId,
    );
    expect(badge).toBe('1');

    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
    await popup.locator('body[data-ready="true"]').waitFor();
    await expect.poll(() => popup.locator('#summary').textContent()).toBe('1 feed on this page');
    await expect.poll(() => popup.locator('.feed-title').textContent()).toBe(FEED_TITLE);
    expect(await popup.locator('.feed-url').textContent()).toBe(blog.feedUrl);
    expect(await popup.locator('.feed b').count()).toBe(0);

    const expected = `${baseURL}/home?addFeed=${encodeURIComponent(blog.feedUrl)}`;
    const [appTab] = await Promise.all([
      context.waitForEvent('page'),
      popup.getByRole('button', { name: `Add ${FEED_TITLE} to Feedloom` }).click(),
    ]);
    // The new tab's first address: the app may tidy the parameter away once the add-feed dialog has read it.
    await appTab.waitForURL(expected, { waitUntil: 'commit' });
    // Signed in, the person stays on /home, where the add-feed dialog opens pre-filled.
    await appTab.waitForLoadState('load');
    await expect.poll(() => new URL(appTab.url()).pathname).toBe('/home');
    const dialog = appTab.getByRole('dialog', { name: 'Add Feed' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Feed URL').inputValue()).toBe(blog.feedUrl);
  });

  it('follows a page that changes its address without loading a new one', async () => {
    const page = await context.newPage();
    // Its own address (another test's tab shows the blog too), told apart by the fragment.
    const start = `${blog.pageUrl}#app`;
    await page.goto(start);
    const tabId = await tabReporting(worker, start);
    // A single-page app moves on with history.pushState: the same document and script, a new address.
    const moved = new URL('/moved', blog.pageUrl).href;
    await page.evaluate(() => history.pushState(null, '', '/moved'));
    expect(await tabReporting(worker, moved)).toBe(tabId);
    await page.close();
  });

  it("keeps a page's report only while its tab shows that page", async () => {
    // A page being replaced can report after the next page did. Here an extension page in a tab plays
    // both: it reports for itself, then for an address its tab does not show.
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    const send = (message: unknown) =>
      page.evaluate(
        (sent) => (globalThis as unknown as { chrome: PageChrome }).chrome.runtime.sendMessage(sent),
        message,
      );
    const tabId = await page.evaluate(
      async () => (await (globalThis as unknown as { chrome: PageChrome }).chrome.tabs.getCurrent())?.id,
    );
    const report = (pageUrl: string, title: string) =>
      send({ type: 'page-feeds', pageUrl, feeds: [{ url: blog.feedUrl, title, type: 'rss' }] });

    await report(page.url(), 'Shown page');
    await report(blog.pageUrl, 'Page left behind');
    expect(await send({ type: 'get-tab-feeds', tabId })).toEqual({
      pageUrl: page.url(),
      feeds: [{ url: blog.feedUrl, title: 'Shown page', type: 'rss' }],
    });
    await page.close();
  });

  it('shows a feed the page reports after the popup opened', async () => {
    const page = await context.newPage();
    await page.goto(blog.laterPageUrl);
    const tabId = await tabReporting(worker, blog.laterPageUrl);
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
    await popup.locator('body[data-ready="true"]').waitFor();
    expect(await popup.locator('#summary').textContent()).toBe('No feeds found on this page.');

    await page.evaluate((href) => {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.type = 'application/rss+xml';
      link.title = 'Later feed';
      link.href = href;
      document.head.append(link);
    }, blog.feedUrl);
    await expect.poll(() => popup.locator('#summary').textContent()).toBe('1 feed on this page');
    expect(await popup.locator('.feed-title').textContent()).toBe('Later feed');
  });
});

describe('the extension as a person downloads it from the app', () => {
  let profile: string;
  let unpacked: string;
  let context: BrowserContext;

  beforeAll(async () => {
    // The zip the sidebar's "Chrome Extension" dialog offers, unzipped as its steps say.
    const response = await fetch(`${baseURL}/api/extension/download`);
    expect(response.headers.get('content-type')).toBe('application/zip');
    unpacked = mkdtempSync(join(tmpdir(), 'feedloom-unzipped-'));
    const zip = join(unpacked, 'feedloom-extension.zip');
    writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
    const unzipped = spawnSync('unzip', ['-q', zip, '-d', join(unpacked, 'extension')], { encoding: 'utf8' });
    expect(unzipped.status, unzipped.stderr).toBe(0);
    profile = mkdtempSync(join(tmpdir(), 'feedloom-extension-'));
    context = await launchWithExtension(profile, join(unpacked, 'extension'));
  });

  afterAll(async () => {
    await context?.close();
    for (const dir of [profile, unpacked]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('carries the address it was downloaded from, and shows it on first run', async () => {
    expect(JSON.parse(readFileSync(join(unpacked, 'extension', 'app-origin.json'), 'utf8'))).toEqual({
      appUrl: baseURL,
    });
    // Installing opens the settings by themselves, with this app's address and where it came from.
    const options =
      context.pages().find((page) => page.url().endsWith('/options.html')) ??
      (await context.waitForEvent('page', { predicate: (page) => page.url().endsWith('/options.html') }));
    await options.locator('body[data-ready="true"]').waitFor();
    expect(await options.locator('#app-url').inputValue()).toBe(baseURL);
    expect(await options.locator('#app-url-origin').textContent()).toMatch(
      /^Taken from the Feedloom you downloaded the extension from/,
    );
    await options.getByRole('heading', { name: 'Installing from the zip' }).waitFor();
    expect(await options.getByText('Load unpacked', { exact: false }).count()).toBeGreaterThan(0);
  });
});
