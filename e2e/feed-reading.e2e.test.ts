// Reading feeds in Chromium (issue 3's "Done when"): opening an item (it turns read and the sidebar's
// unread count drops), the date filters, Refresh Feeds, and moving through the items with the keyboard.
// The person follows Alpha (in Tech) and Beta through the API first.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './app';
import type { Browser } from './browser';
import {
  alphaItems,
  betaItems,
  card,
  cards,
  DAY,
  expectCount,
  rss,
  script,
  sidebarFeed,
  signInFollowingAlphaAndBeta,
  type TestItem,
} from './feed-fixtures';

describe('reading feeds in the browser', () => {
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    desktop = await signInFollowingAlphaAndBeta();
    page = desktop.page;
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('opens an item: the full article shows, the item turns read and the unread count drops', async () => {
    const target = card(page, 'Alpha looms return');
    await target.getByRole('button', { name: 'Alpha looms return' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alpha looms return' });
    await dialog.waitFor();
    await dialog.getByText('Paragraph 3 of the full article', { exact: false }).waitFor();
    expect(await dialog.getByRole('link', { name: /Read the original/ }).getAttribute('target')).toBe('_blank');
    expect(await dialog.getByRole('button', { name: 'Rewrite with AI' }).isVisible()).toBe(true);
    await screenshot(page, 'feeds-article-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((target) => !target.searchParams.has('item'));

    await expect.poll(() => target.getAttribute('data-read')).toBe('true');
    await expect.poll(() => sidebarFeed(page, 'Alpha Weekly').textContent()).toContain('3 unread');
  });

  it('filters by date', async () => {
    // The server's clock cannot be pinned here, so the expected cards follow from the items' ages and
    // the time since midnight in the browser's zone (the person's): right after midnight the items of a
    // few minutes ago are yesterday's. worker/routes/date-filters.test.ts checks every hour.
    const shown = [...alphaItems, ...betaItems];
    const sinceMidnight = await page.evaluate(() => {
      const now = new Date();
      return now.getTime() - new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
    });
    const daysAgo = (item: TestItem) => Math.ceil((item.ageMs - sinceMidnight) / DAY);
    const expected = (from: number, to: number) =>
      shown.filter((item) => daysAgo(item) >= from && daysAgo(item) <= to).length;
    const filter = page.getByLabel('Date filter');
    await filter.selectOption('today');
    await expectCount(cards(page), expected(0, 0));
    expect(await card(page, 'Alpha archive three days').count()).toBe(0);
    await filter.selectOption('last7days');
    await expectCount(cards(page), expected(0, 6));
    await filter.selectOption('yesterday');
    if (expected(1, 1) === 0) await page.getByText('No feed items found').waitFor();
    else await expectCount(cards(page), expected(1, 1));
    await filter.selectOption('none');
    await expectCount(cards(page), 6);
  });

  it('refreshes the feeds and shows what they published since', async () => {
    await script('alpha', rss('Alpha Weekly', [{ title: 'Alpha breaking news', ageMs: 0 }, ...alphaItems]));
    await page.getByRole('button', { name: 'Refresh Feeds' }).click();
    await page.getByText('Feed refresh started', { exact: true }).waitFor();
    // The list is refetched 2 s after the refresh starts; a slow queue gets a second refresh (the "r" key).
    try {
      await card(page, 'Alpha breaking news').waitFor({ timeout: 8000 });
    } catch {
      await page.locator('body').press('r');
      await card(page, 'Alpha breaking news').waitFor({ timeout: 8000 });
    }
    await expectCount(cards(page), 7);
  });

  it('moves through the items with the keyboard', async () => {
    const activeIndex = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="feed-card"]')).findIndex((card) =>
          card.hasAttribute('data-active'),
        ),
      );
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    const first = await activeIndex();
    expect(first).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('j');
    await expect.poll(activeIndex).toBe(first + 1);
    await page.keyboard.press('k');
    await expect.poll(activeIndex).toBe(first);

    const selected = cards(page).nth(first);
    const wasRead = await selected.getAttribute('data-read');
    await page.keyboard.press('m');
    await expect.poll(() => selected.getAttribute('data-read')).toBe(wasRead === 'true' ? 'false' : 'true');

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByText('Next item').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    const title = (await selected.getByRole('heading').textContent()) ?? '';
    await page.keyboard.press('o');
    await page.getByRole('dialog', { name: title }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((target) => !target.searchParams.has('item'));
  });
});
