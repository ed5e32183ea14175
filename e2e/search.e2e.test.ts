// Search in the browser (issue 14): "/" focuses the top bar's search, results show as rows with the words
// found highlighted, a feed's page searches that feed only (and says so), a result opens in the article
// view at its own address, and a star set there shows under Starred until it is taken off again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { url } from './app';
import { type Browser, openBrowser } from './browser';
import { PASSWORD, postApi, SESSION_COOKIE, signUpThroughApi } from './people';

const upstream = inject('fakeUpstreamUrl');
const stamp = Date.now();

/** A feed whose items talk about different things, an hour apart. */
function rss(name: string, entries: [title: string, text: string][]) {
  const items = entries
    .map(
      ([title, text], index) => `<item><title>${title}</title><link>https://example.com/${name}/${index}</link>
<guid isPermaLink="false">${stamp}-${name}-${index}</guid><pubDate>${new Date(Date.now() - (index + 1) * 3_600_000).toUTCString()}</pubDate>
<description>${text}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${name}</title>
<link>https://example.com/${name}</link><description>${name}</description>${items}</channel></rss>`;
}

async function followFeed(cookie: string, name: string, entries: [string, string][]) {
  const feedUrl = `${upstream}/scripted/search-${name}-${stamp}`;
  const scripted = await fetch(feedUrl, {
    method: 'PUT',
    body: JSON.stringify({ body: rss(name, entries), contentType: 'application/rss+xml' }),
  });
  expect(scripted.ok).toBe(true);
  const added = await postApi('/api/feeds', { url: feedUrl, name, categoryId: null, includeInAi: true }, cookie);
  return ((await added.json()) as { id: number }).id;
}

/** Waits until the person's feeds have been fetched: `count` items listed. */
async function waitForItems(cookie: string, count: number) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await fetch(url('/api/feed-items'), { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
    if (((await response.json()) as unknown[]).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the feeds were never fetched');
}

const rows = (page: Page) => page.getByTestId('feed-row');
const articleDialog = (page: Page) => page.getByRole('dialog');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search items' });

describe('search in the browser', () => {
  let browser: Browser;
  let page: Page;
  let gardenFeed = 0;

  beforeAll(async () => {
    const person = await signUpThroughApi('search');
    const cookie = person.cookie;
    gardenFeed = await followFeed(cookie, 'Garden', [
      ['Tomatoes in a cold spring', 'How to keep tomato seedlings warm when the nights are frosty.'],
      ['Pruning roses', 'Cut above an outward-facing bud, in late winter.'],
    ]);
    await followFeed(cookie, 'Kitchen', [['Green tomato chutney', 'What to do with the tomatoes that never ripen.']]);
    await waitForItems(cookie, 3);
    browser = await openBrowser({ width: 1280, height: 800 });
    page = browser.page;
    await page.goto(url('/auth/login'));
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((target) => target.pathname === '/home');
    await page.getByRole('article').nth(2).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('searches a feed only from its page, says so, and offers all feeds', async () => {
    await page.goto(url(`/feed/${gardenFeed}`));
    await page.getByRole('article').first().waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('tomato*');
    await page.keyboard.press('Enter');
    await page.waitForURL((target) => target.searchParams.get('q') === 'tomato*');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.getByTestId('search-summary').textContent()).toContain('in Garden only');

    await page.getByRole('link', { name: 'Search all feeds' }).click();
    await page.waitForURL((target) => target.pathname === '/home' && target.searchParams.get('q') === 'tomato*');
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await page.getByTestId('search-summary').textContent()).toContain('in all your feeds');
    const marked = await rows(page).first().locator('mark').allTextContents();
    expect(marked.map((word) => word.toLowerCase())).toContain('tomatoes');
    await page.screenshot({ path: 'e2e/screenshots/search-results-1280.png' });
  });

  it('opens a result in the article view, stars it there, finds it under Starred and unstars it', async () => {
    await rows(page).getByRole('button', { name: 'Green tomato chutney' }).click();
    await articleDialog(page).getByRole('heading', { name: 'Green tomato chutney' }).waitFor();
    expect(new URL(page.url()).searchParams.get('item')).toMatch(/^\d+$/);
    const star = articleDialog(page).getByRole('button', { name: 'Star' });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await page.waitForURL((target) => !target.searchParams.has('item'));
    const result = rows(page).filter({ hasText: 'Green tomato chutney' });
    expect(await result.getByRole('button', { name: 'Star' }).getAttribute('aria-pressed')).toBe('true');

    const starredLink = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: /^Starred/ });
    await expect.poll(() => starredLink.textContent()).toBe('Starred1');
    await starredLink.click();
    await page.waitForURL((target) => target.pathname === '/starred');
    await page.getByRole('heading', { name: 'Starred', level: 1 }).waitFor();
    const starred = page.getByRole('article').filter({ hasText: 'Green tomato chutney' });
    await starred.waitFor();
    await starred.getByRole('button', { name: 'Star' }).click();
    await expect.poll(() => starredLink.textContent()).toBe('Starred');
    await page.reload();
    await page.getByText('No starred items').waitFor();
  });
});
