// The spec's small promises in Chromium (issue 11 item 8): icon-only buttons show their tooltip 700 ms
// after the pointer rests on them; a full article that cannot be loaded because the connection fails
// says "An error occurred while loading the content"; every route change reports a page view; and a
// page left open refetches nothing by itself.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, url } from './app';
import { openBrowser } from './browser';
import { followOneItemFeed, SESSION_COOKIE, signUpThroughApi } from './people';

describe('small promises in the browser', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  let itemTitle: string;

  beforeAll(async () => {
    const { cookie } = await signUpThroughApi('promises');
    ({
      item: { title: itemTitle },
    } = await followOneItemFeed(cookie));
    browser = await openBrowser({ width: 1280, height: 900 });
    page = browser.page;
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseURL }]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows an icon-only button’s tooltip after 700 ms of hovering, named as the button', async () => {
    await page.goto(url('/home'));
    const toggle = page.getByRole('button', { name: /^Switch to (dark|light) theme$/ });
    await toggle.hover();
    const tooltip = page.getByRole('tooltip');
    await page.waitForTimeout(300);
    expect(await tooltip.isVisible()).toBe(false);
    await tooltip.waitFor({ state: 'visible', timeout: 2_000 });
    expect(await tooltip.textContent()).toMatch(/^Switch to (dark|light) theme$/);
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'hidden' });
  });

  it('says "An error occurred while loading the content" when the article cannot be fetched', async () => {
    await page.route('**/api/feed-items/*/content', (route) => route.abort('connectionfailed'));
    await page.goto(url('/home'));
    await page.getByTestId('feed-card').filter({ hasText: itemTitle }).first().click();
    await page.getByText('An error occurred while loading the content', { exact: true }).waitFor();
    // The feed's own text still shows.
    await page.getByRole('dialog').getByText('Readable text needs enough contrast').waitFor();
    await page.unroute('**/api/feed-items/*/content');
    // Closing the article navigates back from the item's own address; let that finish first.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // /home?item=… and /home share a path: wait for the item to leave the address.
    await page.waitForURL((target) => target.pathname === '/home' && !target.searchParams.has('item'));
  });

  it('reports each route change as a page view', async () => {
    const views: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/analytics/pageview')) views.push(JSON.parse(request.postData() ?? '{}').path);
    });
    await page.goto(url('/ai-generated'));
    await page.getByRole('link', { name: 'Preferences' }).first().click();
    await page.waitForURL((target) => target.pathname === '/preferences');
    await page.getByRole('link', { name: 'My Feed' }).first().click();
    await page.waitForURL((target) => target.pathname === '/' || target.pathname === '/home');
    await expect.poll(() => views).toEqual(expect.arrayContaining(['/ai-generated', '/preferences', '/home']));
  });

  it('refetches nothing by itself while a page is left open', async () => {
    await page.goto(url('/home'));
    await page.getByTestId('feed-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    const record = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    };
    page.on('request', record);
    // Focus and connectivity changes are what libraries refetch on; neither may trigger a call.
    await page.evaluate(() => {
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('online'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(6_000);
    page.off('request', record);
    expect(calls).toEqual([]);
  });
});
