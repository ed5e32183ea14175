// Reading as people who live in a feed reader expect (issue 14), in Chromium: dense rows beside the cards
// (six titles on a phone's first screen), unread-only and oldest-first remembered across reloads, an
// opened item at its own address (reload keeps it, Back closes it), next/previous and mark unread inside
// the article, and "Mark all as read" with its "older than" choices on My Feed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, url } from './app';
import { type Browser, openBrowser } from './browser';
import { PASSWORD, SESSION_COOKIE, signUpThroughApi } from './people';

const upstream = inject('fakeUpstreamUrl');
const stamp = Date.now();
let email = '';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const post = (path: string, body: unknown, cookie = '') =>
  fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL, cookie },
    body: JSON.stringify(body),
  });

/** An RSS feed of `count` items, one an hour apart, but the last, which is ten days old. */
function rss(name: string, count: number) {
  const items = Array.from({ length: count }, (_, index) => {
    const age = index === count - 1 ? 10 * DAY : (index + 1) * HOUR;
    return `<item><title>${name} story ${index + 1}</title><link>https://example.com/${name}/${index + 1}</link>
<guid isPermaLink="false">${stamp}-${name}-${index + 1}</guid><pubDate>${new Date(Date.now() - age).toUTCString()}</pubDate>
<description>What happened in ${name} story ${index + 1}, in a sentence or two.</description></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${name}</title>
<link>https://example.com/${name}</link><description>${name}</description>${items}</channel></rss>`;
}

async function followFeed(cookie: string, name: string, count: number) {
  const feedUrl = `${upstream}/scripted/${name}-${stamp}`;
  const scripted = await fetch(feedUrl, {
    method: 'PUT',
    body: JSON.stringify({ body: rss(name, count), contentType: 'application/rss+xml' }),
  });
  expect(scripted.ok).toBe(true);
  const added = await post('/api/feeds', { url: feedUrl, name, categoryId: null, includeInAi: true }, cookie);
  expect(added.status).toBe(201);
}

async function signUpWithFeeds() {
  const person = await signUpThroughApi('reading');
  email = person.email;
  const cookie = `${SESSION_COOKIE}=${person.cookie}`;
  await followFeed(cookie, 'Harbour', 8);
  await followFeed(cookie, 'Meadow', 6);
}

async function signIn(page: Page) {
  await page.goto(url('/auth/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((target) => target.pathname === '/home');
}

const rows = (page: Page) => page.getByTestId('feed-row');
const articleDialog = (page: Page) => page.getByRole('dialog');
const itemParam = (page: Page) => new URL(page.url()).searchParams.get('item');

describe('reading in the browser', () => {
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    await signUpWithFeeds();
    desktop = await openBrowser({ width: 1280, height: 800 });
    page = desktop.page;
    await signIn(page);
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('switches to dense rows and remembers it; a phone shows at least six titles on its first screen', async () => {
    await page.getByTestId('feed-card').first().waitFor();
    await page.getByText('List', { exact: true }).click();
    await rows(page).first().waitFor();
    expect(await page.getByTestId('feed-card').count()).toBe(0);
    await page.reload();
    await rows(page).first().waitFor();
    await page.screenshot({ path: 'e2e/screenshots/list-view-1280.png' });

    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await phone.context.addCookies(await desktop.context.cookies());
      await phone.page.goto(url('/home'));
      await phone.page.getByText('List', { exact: true }).click();
      await rows(phone.page).first().waitFor();
      // The extension cannot be installed on a phone: its banner is not shown there.
      expect(await phone.page.getByRole('complementary', { name: 'Browser extension' }).isVisible()).toBe(false);
      const onFirstScreen = await rows(phone.page).evaluateAll(
        (elements) => elements.filter((element) => element.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
      expect(onFirstScreen).toBeGreaterThanOrEqual(6);
      await phone.page.screenshot({ path: 'e2e/screenshots/list-view-390.png' });
    } finally {
      await phone.close();
    }
  });

  it('gives an opened item its own address: reload keeps it open, Back closes it', async () => {
    await rows(page).filter({ hasText: 'Harbour story 1' }).getByRole('button', { name: 'Harbour story 1' }).click();
    await articleDialog(page).getByRole('heading', { name: 'Harbour story 1' }).waitFor();
    const firstId = itemParam(page);
    expect(firstId).toMatch(/^\d+$/);

    await articleDialog(page).getByRole('button', { name: 'Next item' }).click();
    await expect.poll(() => itemParam(page)).not.toBe(firstId);
    const heading = articleDialog(page).getByRole('heading').first();
    await expect.poll(() => heading.textContent()).not.toBe('Harbour story 1');
    const secondTitle = await heading.textContent();

    await page.reload();
    await articleDialog(page)
      .getByRole('heading', { name: secondTitle ?? '' })
      .waitFor();
    await page.keyboard.press('k');
    await articleDialog(page).getByRole('heading', { name: 'Harbour story 1' }).waitFor();

    await page.goBack();
    await expect.poll(() => itemParam(page)).toBeNull();
    await expect.poll(() => articleDialog(page).isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('marks an item unread from the article, and shows unread only, oldest first, after a reload', async () => {
    const first = rows(page).filter({ hasText: 'Harbour story 1' });
    expect(await first.getAttribute('data-read')).toBe('true');
    await first.getByRole('button', { name: 'Harbour story 1' }).click();
    await articleDialog(page).getByRole('button', { name: 'Mark as unread' }).click();
    await articleDialog(page).getByRole('button', { name: 'Mark as read' }).waitFor();
    await page.keyboard.press('Escape');
    // Closing goes back from the item's address; let that finish before the next navigation.
    await page.waitForURL((target) => !target.searchParams.has('item'));
    await expect.poll(() => first.getAttribute('data-read')).toBe('false');

    await page.getByRole('button', { name: 'Unread only' }).click();
    await expect
      .poll(() => rows(page).evaluateAll((all) => all.every((row) => row.dataset.read === 'false')))
      .toBe(true);
    await page.getByRole('combobox', { name: 'Order' }).selectOption('oldest');
    await expect.poll(() => rows(page).first().textContent()).toMatch(/story 8|story 6/);
    await page.reload();
    await rows(page).first().waitFor();
    expect(await page.getByRole('button', { name: 'Unread only' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Order' }).inputValue()).toBe('oldest');
    expect(await rows(page).first().textContent()).toMatch(/story 8|story 6/);
  });

  it('marks all as read on My Feed, only what is older than a week when asked', async () => {
    await page.getByRole('combobox', { name: 'Order' }).selectOption('newest');
    await page.getByRole('button', { name: 'Unread only' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Older than a week' }).click();
    await page.getByText('2 items marked as read.').waitFor();
    await expect.poll(() => rows(page).filter({ hasText: 'Harbour story 8' }).getAttribute('data-read')).toBe('true');
    expect(await rows(page).filter({ hasText: 'Meadow story 3' }).getAttribute('data-read')).toBe('false');

    await page.keyboard.press('Shift+A');
    await expect
      .poll(() => rows(page).evaluateAll((all) => all.every((row) => row.dataset.read === 'true')))
      .toBe(true);
  });

  it('stars an item from the list, finds it under Starred with its count, and unstars it in the article', async () => {
    const row = rows(page).filter({ hasText: 'Meadow story 2' });
    await row.getByRole('button', { name: 'Star' }).click();
    await expect.poll(() => row.getByRole('button', { name: 'Star' }).getAttribute('aria-pressed')).toBe('true');
    const starredLink = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: /^Starred/ });
    await expect.poll(() => starredLink.textContent()).toBe('Starred1');

    await starredLink.click();
    await page.waitForURL((target) => target.pathname === '/starred');
    await page.getByRole('heading', { name: 'Starred', level: 1 }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByRole('button', { name: 'Meadow story 2' }).click();
    const star = articleDialog(page).getByRole('button', { name: 'Star' });
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('s');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Escape');
    // Closing goes back from the item's address; let that finish before the next navigation.
    await page.waitForURL((target) => !target.searchParams.has('item'));
    await expect.poll(() => starredLink.textContent()).toBe('Starred');
    await page.reload();
    await page.getByText('No starred items').waitFor();
  });
});
