// SPA benchmark in Chromium (Debian's, through playwright-core): the JavaScript a page loads (counted by
// spa-scripts.mjs: the gzip sizes of the same-origin scripts it fetched) for the landing page and
// for /home signed in, and the time from navigation to the first feed card on /home. Every visit starts
// in a fresh profile, so nothing is cached; a reload then gives the warm figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { recordScripts } from './spa-scripts.mjs';

const CARD = '[data-testid="feed-card"]';
const CARD_TIMEOUT_MS = 10_000;

async function visit(baseURL, pathname, cookie) {
  const profile = mkdtempSync(path.join(tmpdir(), 'feedloom-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  try {
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name, value, url: baseURL }]);
    }
    // Records when the first card enters the DOM, on the page's own clock (0 = navigation start).
    await context.addInitScript((selector) => {
      new MutationObserver((_, observer) => {
        if (document.querySelector(selector)) {
          window.__firstCardAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, CARD);
    const page = context.pages()[0] ?? (await context.newPage());
    const countScripts = recordScripts(page, baseURL);

    const firstCard = async () => {
      const found = await page.waitForSelector(CARD, { timeout: CARD_TIMEOUT_MS }).catch(() => null);
      return found ? page.evaluate(() => window.__firstCardAt ?? null) : null;
    };
    await page.goto(`${baseURL}${pathname}`, { waitUntil: 'networkidle' });
    const coldCardMs = cookie ? await firstCard() : null;
    // Where the time goes: the load event, the last script, the first page of items from the API.
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource');
      const scriptEnds = resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
      return {
        loadMs: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? null,
        lastScriptMs: scriptEnds.length ? Math.max(...scriptEnds.map((r) => r.responseEnd)) : null,
        itemsApiMs: resources.find((r) => r.name.includes('/api/feed-items'))?.responseEnd ?? null,
      };
    });
    const { scripts, jsGzipBytes } = await countScripts();
    let warmCardMs = null;
    if (coldCardMs !== null) {
      await page.reload({ waitUntil: 'networkidle' });
      warmCardMs = await firstCard();
    }
    return {
      scripts,
      jsGzipBytes,
      ...timings,
      firstCardMs: coldCardMs,
      firstCardWarmMs: warmCardMs,
      finalPath: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function benchSpa(baseURL, cookie) {
  const landing = await visit(baseURL, '/', null);
  const home = await visit(baseURL, '/home', cookie);
  return {
    landing,
    home,
    note:
      home.firstCardMs === null
        ? `no ${CARD} appeared on /home within ${CARD_TIMEOUT_MS / 1000} s (the feeds UI is not built yet)`
        : null,
  };
}
