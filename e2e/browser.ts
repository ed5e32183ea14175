// Debian's Chromium driven by playwright-core: headless, no sandbox (CI runs as root), no background
// networking (this machine has no internet), and a fresh profile for every browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Request } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How many of a browser's latest events (navigations, errors, error answers) a failed test reports. */
const EVENTS_KEPT = 25;

/** A browser as a failed test's report shows it (e2e/failure-report.ts). */
export type WatchedBrowser = {
  context: BrowserContext;
  /** What its pages did lately, newest last. */
  events: string[];
  /** The requests sent and neither finished nor failed yet: what a page's load event still waits for. */
  pending: () => string[];
  /** Where its pages were and what they still waited for when it was closed, once closed. */
  closed?: { pages: string[]; pending: string[] };
};

/** The browsers open now, each with what its pages said lately: e2e/failure-report.ts prints them. */
export const openBrowsers = new Set<WatchedBrowser>();
/**
 * The browsers closed since the running test began (failure-report.ts empties it before each test): a
 * test that opens a browser of its own and fails in it closes it first (a `finally`), and its report
 * still needs what that browser's page was doing.
 */
export const closedBrowsers: WatchedBrowser[] = [];

export async function openBrowser(options: { width?: number; height?: number } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'feedloom-e2e-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  // Every screen of every browser test runs under the app's Content-Security-Policy (web/public/_headers):
  // anything it blocks is collected here, and closing the browser fails the test file (issue 10 M6).
  const cspViolations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) {
      cspViolations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
    }
  });
  const page: Page = context.pages()[0] ?? (await context.newPage());
  const watched: WatchedBrowser = { context, ...watchEvents(context) };
  openBrowsers.add(watched);
  return {
    context,
    page,
    cspViolations,
    close: async () => {
      openBrowsers.delete(watched);
      watched.closed = { pages: context.pages().map((open) => open.url()), pending: watched.pending() };
      closedBrowsers.push(watched);
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (cspViolations.length > 0) {
        throw new Error(`The Content-Security-Policy blocked something:\n${cspViolations.join('\n')}`);
      }
    },
  };
}

export type Browser = Awaited<ReturnType<typeof openBrowser>>;

/**
 * What a browser's pages did lately, newest last: where they went, uncaught errors, console errors,
 * requests that failed and answers of 400 or more (some are what a test expects), each with its time;
 * and the requests still waiting for their answer, each with how long it has waited.
 */
function watchEvents(context: BrowserContext) {
  const events: string[] = [];
  const started = Date.now();
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
  const note = (text: string) => {
    events.push(`+${seconds(started)} s ${text}`);
    if (events.length > EVENTS_KEPT) events.shift();
  };
  // Sent, and not yet finished or failed: each with when it was sent and, once its answer's head came,
  // its status (a body still coming in) or nothing (no answer yet).
  const waiting = new Map<Request, { sent: number; status?: number }>();
  context.on('request', (request) => waiting.set(request, { sent: Date.now() }));
  context.on('response', (response) => {
    const entry = waiting.get(response.request());
    if (entry) entry.status = response.status();
  });
  context.on('requestfinished', (request) => waiting.delete(request));
  context.on('requestfailed', (request) => waiting.delete(request));
  const pending = () =>
    [...waiting].map(
      ([request, { sent, status }]) =>
        `${request.method()} ${request.url()} (${status === undefined ? 'no answer' : `answered ${status}, its body still coming`} after ${seconds(sent)} s)`,
    );
  const followNavigations = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`at ${frame.url()}`);
    });
  context.pages().forEach(followNavigations);
  context.on('page', followNavigations);
  context.on('weberror', (error) => note(`uncaught: ${error.error().message}`));
  context.on('console', (message) => {
    // A failed load is noted from its answer below, with its address.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      note(`console error: ${message.text()}`);
    }
  });
  context.on('requestfailed', (request) =>
    note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`),
  );
  context.on('response', (response) => {
    if (response.status() >= 400) note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { events, pending };
}
