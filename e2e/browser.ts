// Debian's Chromium driven by playwright-core: headless, no sandbox (CI runs as root), no background
// networking (this machine has no internet), and a fresh profile for every browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How many of a browser's latest events (navigations, errors, error answers) a failed test reports. */
const EVENTS_KEPT = 25;

/** The browsers open now, each with what its pages said lately: e2e/failure-report.ts prints them. */
export const openBrowsers = new Set<{ context: BrowserContext; events: string[] }>();

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
  const watched = { context, events: watchEvents(context) };
  openBrowsers.add(watched);
  return {
    context,
    page,
    cspViolations,
    close: async () => {
      openBrowsers.delete(watched);
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
 * requests that failed and answers of 400 or more (some are what a test expects), each with its time.
 */
function watchEvents(context: BrowserContext): string[] {
  const events: string[] = [];
  const started = Date.now();
  const note = (text: string) => {
    events.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${text}`);
    if (events.length > EVENTS_KEPT) events.shift();
  };
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
  return events;
}
