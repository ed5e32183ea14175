// Reading a stream without a click per item (issue 27 §1-3), in Chromium: the compact list (title, source
// and time on one line, about 28 px a row at 1280, at least 15 rows on a 390 × 844 first screen, titles
// wrapping to two lines on a phone rather than being cut).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, MOBILE, url } from './app';
import { type Browser, openBrowser } from './browser';
import { followFeed, SESSION_COOKIE, signUpThroughApi } from './people';

const upstream = inject('fakeUpstreamUrl');
const stamp = Date.now();
const HOUR = 3_600_000;

/** A headline too long for one line of a phone's row, short enough for two. */
const longTitle = (name: string, index: number) => `${name} story ${index}: the council votes on the new harbour wall`;

/** An RSS feed of `count` items, one an hour apart, newest first. */
function rss(name: string, count: number) {
  const items = Array.from({ length: count }, (_, position) => {
    const index = position + 1;
    return `<item><title>${longTitle(name, index)}</title><link>${upstream}/scripted/${name}-${stamp}-page-${index}</link>
<guid isPermaLink="false">${stamp}-${name}-${index}</guid><pubDate>${new Date(Date.now() - index * HOUR).toUTCString()}</pubDate>
<description>What happened in ${name} story ${index}, in a sentence or two.</description></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${name}</title>
<link>https://example.com/${name}</link><description>${name}</description>${items}</channel></rss>`;
}

async function scriptFeed(name: string, count: number) {
  const feedUrl = `${upstream}/scripted/${name}-${stamp}`;
  const scripted = await fetch(feedUrl, {
    method: 'PUT',
    body: JSON.stringify({ body: rss(name, count), contentType: 'application/rss+xml' }),
  });
  expect(scripted.ok).toBe(true);
  return feedUrl;
}

const rows = (page: Page) => page.getByTestId('feed-row');

async function openSignedIn(cookie: string, size: { width: number; height: number }) {
  const browser = await openBrowser(size);
  await browser.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseURL }]);
  return browser;
}

async function chooseView(page: Page, view: 'Cards' | 'List' | 'Expanded') {
  await page.getByText(view, { exact: true }).click();
}

describe('reading a stream in the browser', () => {
  let cookie = '';
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    const person = await signUpThroughApi('flow');
    cookie = person.cookie;
    await followFeed(cookie, { url: await scriptFeed('Harbour', 20), name: 'Harbour', items: 20 });
    await followFeed(cookie, { url: await scriptFeed('Meadow', 12), name: 'Meadow', items: 12 });
    desktop = await openSignedIn(cookie, { width: 1280, height: 800 });
    page = desktop.page;
    await page.goto(url('/home'));
    await page.getByRole('heading', { name: 'My Feed' }).waitFor();
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('shows the compact list: one 28 px line per item at 1280, 15 rows with two-line titles on a phone', async () => {
    await chooseView(page, 'List');
    await rows(page).first().waitFor();
    const desktopRows = await rows(page).evaluateAll((elements) =>
      elements.slice(0, 10).map((row) => {
        const box = (selector: string) => {
          const element = row.querySelector(selector);
          if (!element) throw new Error(`no ${selector} in a row`);
          const rect = element.getBoundingClientRect();
          return { top: rect.top, bottom: rect.bottom };
        };
        return {
          height: row.getBoundingClientRect().height,
          title: box('[data-item-open]'),
          source: box('[data-item-source]'),
          time: box('time'),
        };
      }),
    );
    await page.screenshot({ path: 'e2e/screenshots/compact-list-1280.png' });
    for (const row of desktopRows) {
      expect(row.height).toBeGreaterThanOrEqual(24);
      expect(row.height).toBeLessThanOrEqual(30);
      // Title, source and time share one line: each is within the others' vertical extent.
      for (const part of [row.source, row.time]) {
        const middle = (part.top + part.bottom) / 2;
        expect(middle).toBeGreaterThan(row.title.top);
        expect(middle).toBeLessThan(row.title.bottom);
      }
    }

    const phone = await openSignedIn(cookie, MOBILE);
    try {
      await phone.page.goto(url('/home'));
      await chooseView(phone.page, 'List');
      await rows(phone.page).first().waitFor();
      await phone.page.screenshot({ path: 'e2e/screenshots/compact-list-390.png' });
      // Nothing sticks out sideways: the filters scroll inside their own row.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      const onFirstScreen = await rows(phone.page).evaluateAll(
        (elements) => elements.filter((element) => element.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
      expect(onFirstScreen).toBeGreaterThanOrEqual(15);
      // The long title is there in full, over two lines, not cut to its first words.
      const title = await rows(phone.page)
        .first()
        .locator('[data-item-open]')
        .evaluate((element) => {
          const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
          const height = element.getBoundingClientRect().height;
          return { lines: Math.round(height / lineHeight), cut: element.scrollHeight > element.clientHeight + 1 };
        });
      expect(title).toEqual({ lines: 2, cut: false });
    } finally {
      await phone.close();
    }
  });
});
