// Reading a stream without a click per item (issue 27 §1-3), in Chromium: the compact list (title, source
// and time on one line, about 28 px a row at 1280, at least 15 rows on a 390 × 844 first screen, titles
// wrapping to two lines on a phone rather than being cut); the keys (n, v, o/Enter, g a/s/u, ?); the
// expanded view (whole articles, marked read as they scroll past, j/k to each start, the position kept
// over a reload). Saves both views at 1280 and 390 px, light and dark, into e2e/screenshots/, and runs
// axe on each.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, MOBILE, url } from './app';
import { findSerious } from './axe';
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
  let harbourId = 0;
  let meadowId = 0;
  let valleyId = 0;
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    const person = await signUpThroughApi('flow');
    cookie = person.cookie;
    harbourId = (await followFeed(cookie, { url: await scriptFeed('Harbour', 20), name: 'Harbour', items: 20 })).feedId;
    meadowId = (await followFeed(cookie, { url: await scriptFeed('Meadow', 12), name: 'Meadow', items: 12 })).feedId;
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
    // With three views to choose from, the toolbar still keeps "?" on the row of the filters (issue 27 §5).
    const middle = (box: { y: number; height: number } | null) => (box ? box.y + box.height / 2 : Number.NaN);
    const help = await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).boundingBox();
    const order = await page.getByRole('combobox', { name: 'Order' }).boundingBox();
    expect(Math.abs(middle(help) - middle(order))).toBeLessThan(4);
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

  it('reads with the keys: n next unread (on to the next feed), v the original, o and Enter, g a/s/u, ? lists them', async () => {
    await page.goto(url('/home'));
    await rows(page).first().waitFor();
    const activeIndex = () =>
      rows(page).evaluateAll((elements) => elements.findIndex((row) => row.hasAttribute('data-active')));
    await page.locator('main h1').click();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(activeIndex).toBe(1);
    await page.keyboard.press('m');
    await expect.poll(() => rows(page).nth(1).getAttribute('data-read')).toBe('true');
    await page.keyboard.press('k');
    await expect.poll(activeIndex).toBe(0);
    // n skips the item just read.
    await page.keyboard.press('n');
    await expect.poll(activeIndex).toBe(2);

    const third = rows(page).nth(2);
    const title = ((await third.locator('[data-item-open]').textContent()) ?? '').replace(/^Unread: /, '');
    const popup = desktop.context.waitForEvent('page');
    await page.keyboard.press('v');
    const original = await popup;
    expect(original.url()).toMatch(/\/scripted\/(Harbour|Meadow)-\d+-page-2$/);
    await original.close();

    await page.keyboard.press('o');
    const article = page.getByRole('dialog', { name: title });
    await article.waitFor();
    await page.keyboard.press('o');
    await article.waitFor({ state: 'hidden' });
    await page.keyboard.press('o');
    await article.waitFor();
    await article.getByText('What happened in', { exact: false }).first().click();
    await page.keyboard.press('Enter');
    await article.waitFor({ state: 'hidden' });

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const key of ['n', 'v', 'o', 'Enter', 'g a', 'g s', 'g u', '?']) {
      expect(await help.locator('kbd', { hasText: new RegExp(`^${key.replace('?', '\\?')}$`) }).count()).toBe(1);
    }
    expect(await help.getByText('Next unread item', { exact: false }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    await page.keyboard.press('g');
    await page.keyboard.press('s');
    await page.waitForURL((target) => target.pathname === '/starred');
    await page.getByRole('heading', { name: 'Starred' }).first().waitFor();
    await page.keyboard.press('g');
    await page.keyboard.press('u');
    await page.waitForURL((target) => target.pathname === '/home');
    const unreadOnly = page.getByRole('button', { name: 'Unread only' });
    await expect.poll(() => unreadOnly.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expect.poll(() => unreadOnly.getAttribute('aria-pressed')).toBe('false');

    // Past the last unread item of a feed, n goes on to the next feed with unread items.
    await page.goto(url(`/feed/${harbourId}`));
    await rows(page).first().waitFor();
    await page.locator('main h1').click();
    await page.keyboard.press('Shift+A');
    await page.getByText('Marked as read', { exact: true }).waitFor();
    await expect.poll(() => rows(page).first().getAttribute('data-read')).toBe('true');
    await page.keyboard.press('n');
    await page.waitForURL((target) => target.pathname === `/feed/${meadowId}`);
  });

  it('shows whole articles in the expanded view, marks them read as they scroll past, and comes back after a reload', async () => {
    valleyId = (await followFeed(cookie, { url: await scriptFeed('Valley', 14), name: 'Valley', items: 14 })).feedId;
    await page.goto(url(`/feed/${valleyId}`));
    await page.getByTestId('feed-row').first().waitFor();
    await chooseView(page, 'Expanded');
    const articles = page.getByTestId('expanded-item');
    await articles.first().waitFor();
    expect(await articles.count()).toBe(14);
    // The article itself is in the list, not a line of it.
    expect(await articles.nth(3).getByText('What happened in Valley story 4', { exact: false }).isVisible()).toBe(true);
    const markOnScroll = page.getByRole('button', { name: 'Mark read on scroll' });
    expect(await markOnScroll.getAttribute('aria-pressed')).toBe('true');

    const top = (index: number) => articles.nth(index).evaluate((element) => element.getBoundingClientRect().top);
    const read = (index: number) => articles.nth(index).getAttribute('data-read');
    await page.locator('main h1').click();
    await page.keyboard.press('j');
    await expect.poll(() => top(0)).toBeLessThan(24);
    expect(await top(0)).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('j');
    await expect.poll(() => top(1)).toBeLessThan(24);
    await expect.poll(() => read(0)).toBe('true');
    expect(await read(1)).toBe('false');
    await page.keyboard.press('k');
    await expect.poll(() => top(0)).toBeLessThan(24);
    expect(await top(0)).toBeGreaterThanOrEqual(0);

    // Scrolled past by the wheel: the four articles above the window are read, the rest are not.
    await articles.nth(4).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await expect.poll(() => read(3)).toBe('true');
    expect(await read(2)).toBe('true');
    expect(await read(4)).toBe('false');

    // With the option off, scrolling past leaves an article unread.
    await markOnScroll.click();
    await expect.poll(() => markOnScroll.getAttribute('aria-pressed')).toBe('false');
    await articles.nth(5).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await expect.poll(() => top(5)).toBeLessThan(40);
    await page.waitForTimeout(300);
    expect(await read(4)).toBe('false');
    await markOnScroll.click();

    // The position survives a reload: the article at the top comes back to the top, selected.
    await articles.nth(5).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(sessionStorage).some((key) => key.startsWith('feedloom:expanded-position:'))),
      )
      .toBe(true);
    await page.waitForTimeout(300);
    const title = await articles.nth(5).getByRole('heading').textContent();
    await page.reload();
    await articles.first().waitFor();
    await expect.poll(() => top(5)).toBeLessThan(40);
    expect(await top(5)).toBeGreaterThanOrEqual(0);
    expect(await articles.nth(5).getByRole('heading').textContent()).toBe(title);
    expect(await articles.nth(5).getAttribute('data-active')).not.toBeNull();
    // What was marked read on scroll was saved on the server.
    expect(await read(0)).toBe('true');
    expect(await read(3)).toBe('true');
  });

  it('always fetches the full article of a feed when asked, and says when a page could not be read', async () => {
    // Valley story 1 links to an article page; story 2's page is missing (404).
    const paragraph = 'The whole article, as its page tells it, long enough to be reading matter, with commas. ';
    await fetch(`${upstream}/scripted/Valley-${stamp}-page-1`, {
      method: 'PUT',
      body: JSON.stringify({
        contentType: 'text/html',
        body: `<!doctype html><html><head><title>Valley</title></head><body><nav>Home</nav><article><h1>Valley story 1</h1>${`<p>${paragraph.repeat(3)}</p>`.repeat(4)}</article></body></html>`,
      }),
    });
    await page.goto(url(`/feed/${valleyId}`));
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Always fetch the full article').check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Feed updated', { exact: true }).waitFor();

    await chooseView(page, 'Expanded');
    const articles = page.getByTestId('expanded-item');
    // The list asks again while articles are being fetched: the article replaces the teaser by itself.
    await articles.nth(0).getByText('The whole article, as its page tells it', { exact: false }).first().waitFor();
    await articles.nth(1).getByText('The full article could not be fetched', { exact: false }).waitFor();
    expect(await articles.nth(1).getByText('What happened in Valley story 2', { exact: false }).isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/full-article-1280.png' });

    // The article dialog shows the stored article too.
    await articles.nth(0).getByRole('heading').getByRole('button').click();
    await page
      .getByRole('dialog')
      .getByText('The whole article, as its page tells it', { exact: false })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
  });

  it('saves the new views at 1280 and 390 px, light and dark, with nothing serious for axe', {
    timeout: 180_000,
  }, async () => {
    const findings: string[] = [];
    for (const size of [{ width: 1280, height: 800 }, MOBILE]) {
      const browser = await openSignedIn(cookie, size);
      try {
        for (const scheme of ['light', 'dark'] as const) {
          await browser.page.emulateMedia({ colorScheme: scheme });
          for (const [view, name] of [
            ['List', 'compact-list'],
            ['Expanded', 'expanded-view'],
          ] as const) {
            await browser.page.goto(url(`/feed/${meadowId}`));
            await chooseView(browser.page, view);
            await browser.page
              .getByTestId(view === 'List' ? 'feed-row' : 'expanded-item')
              .first()
              .waitFor();
            await browser.page.waitForLoadState('networkidle');
            await browser.page.screenshot({ path: `e2e/screenshots/${name}-${size.width}-${scheme}.png` });
            for (const finding of await findSerious(browser.page)) {
              findings.push(`${name} at ${size.width} px, ${scheme}: ${finding}`);
            }
          }
        }
      } finally {
        await browser.close();
      }
    }
    expect(findings).toEqual([]);
  });
});
