// Adding feeds in Chromium (issue 3's "Done when"), against feeds scripted on the fake upstream: the
// welcome block, a feed added through the dialog and one through `?addFeed=`, the feed-limit warning, and
// OPML import and export. Saves /home with feeds at 1280 and 390 px, light and dark, into e2e/screenshots/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, screenshot, url } from './app';
import { type Browser, openBrowser } from './browser';
import { card, cards, escapeXml, expectCount, scripted, scriptFeeds, sidebar, sidebarFeed } from './feed-fixtures';
import { signInInBrowser, signUpThroughApi } from './people';

describe('adding feeds in the browser', () => {
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    await scriptFeeds();
    desktop = await openBrowser({ width: 1280, height: 900 });
    page = desktop.page;
    await signInInBrowser(page, (await signUpThroughApi('reader')).email);
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('welcomes a person with no feeds', async () => {
    await page.getByRole('heading', { name: 'Welcome to Feedloom' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Your First Feed' }).isVisible()).toBe(true);
    await page.getByText('Welcome to Feedloom!', { exact: true }).waitFor();
  });

  it('adds a feed through the dialog, its name read from the feed, in a new category', async () => {
    await page.getByRole('button', { name: 'Add Your First Feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Feed' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Add Feed', exact: true }).click();
    await dialog.getByText('Please enter a valid URL').waitFor();
    expect(await dialog.getByText('Feed name is required').isVisible()).toBe(true);

    await dialog.getByLabel('Feed URL').fill(scripted('alpha'));
    await dialog.getByLabel('Feed URL').blur();
    await expect.poll(() => dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Alpha Weekly');
    expect(await dialog.getByLabel('Include in AI').isChecked()).toBe(true);
    await dialog.getByLabel('Category', { exact: true }).selectOption('new');
    await dialog.getByLabel('New category name').fill('Tech');
    await dialog.getByRole('button', { name: 'Add Feed', exact: true }).click();

    await page.getByText('Feed added successfully', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectCount(cards(page), 4);
    await sidebar(page).getByRole('link', { name: /^Tech/ }).waitFor();
    await expect.poll(() => sidebarFeed(page, 'Alpha Weekly').textContent()).toContain('4 unread');
    // Unread items are bold; the card without a picture (or with a broken one) shows the placeholder.
    expect(await card(page, 'Alpha looms return').getAttribute('data-read')).toBe('false');
    await page.getByRole('heading', { name: 'Past 24 hours' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Earlier' }).isVisible()).toBe(true);
  });

  it('opens the add-feed dialog from ?addFeed=, pre-filled, and drops the parameter', async () => {
    const historyBefore = await page.evaluate(() => history.length);
    await page.goto(url(`/home?addFeed=${encodeURIComponent(scripted('beta'))}`));
    const dialog = page.getByRole('dialog', { name: 'Add Feed' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Feed URL').inputValue()).toBe(scripted('beta'));
    await page.waitForURL((target) => target.pathname === '/home' && !target.searchParams.has('addFeed'));
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1); // the goto, and no more
    await expect.poll(() => dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Beta News');
    await dialog.getByRole('button', { name: 'Add Feed', exact: true }).click();
    await page.getByText('Feed added successfully', { exact: true }).waitFor();
    await expectCount(cards(page), 6);
    await sidebar(page).getByText('General', { exact: true }).waitFor();
  });

  it('warns from max − 1 feeds when the sidebar opens the dialog', async () => {
    await sidebar(page).getByRole('button', { name: 'Add Feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Feed' });
    await dialog.getByText('You are using 2 of 3 feeds on the Free plan.').waitFor();
    await screenshot(page, 'feeds-add-feed-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('imports an OPML file and exports one', async () => {
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Subscriptions</title></head><body>
<outline text="Reading" title="Reading">
  <outline type="rss" text="Gamma Digest" title="Gamma Digest" xmlUrl="${escapeXml(scripted('gamma'))}"/>
</outline>
</body></opml>`;
    const menu = page.getByRole('button', { name: 'Import / Export' });

    await menu.click();
    let chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import OPML file' }).click();
    await (await chooser).setFiles({ name: 'broken.opml', mimeType: 'text/x-opml', buffer: Buffer.from('not opml') });
    await page.getByText('Error importing OPML', { exact: true }).waitFor();

    await menu.click();
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import OPML file' }).click();
    await (await chooser).setFiles({ name: 'feeds.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml) });
    await page.getByText('Imported 1 feeds, skipped 0, 0 failed', { exact: true }).waitFor({ timeout: 30_000 });
    await sidebarFeed(page, 'Gamma Digest').waitFor();
    await card(page, 'Gamma weekly digest').waitFor();

    await menu.click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export OPML file' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.opml$/);
  });

  it('saves screenshots of My Feed with feeds', async () => {
    await page.goto(url('/home'));
    await cards(page).first().waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(200);
      await screenshot(page, `feeds-home-1280${scheme === 'dark' ? '-dark' : ''}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    const phone = await openBrowser(MOBILE);
    try {
      await phone.context.addCookies(await desktop.context.cookies());
      for (const scheme of ['light', 'dark'] as const) {
        await phone.page.emulateMedia({ colorScheme: scheme });
        await phone.page.goto(url('/home'));
        await cards(phone.page).first().waitFor();
        await phone.page.waitForTimeout(300);
        await screenshot(phone.page, `feeds-home-390${scheme === 'dark' ? '-dark' : ''}`);
      }
      // The sidebar is hidden on phones; the top bar's menu opens it as a drawer.
      await phone.page.getByRole('button', { name: 'Open menu' }).click();
      const menu = phone.page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('link', { name: /^Alpha Weekly/ }).waitFor();
      await screenshot(phone.page, 'feeds-menu-390-dark');
      await menu.getByRole('link', { name: /^Alpha Weekly/ }).click();
      await phone.page.waitForURL((target) => target.pathname.startsWith('/feed/'));
      await menu.waitFor({ state: 'hidden' });
    } finally {
      await phone.close();
    }
  });
});
