// Managing feeds in Chromium (issue 3's "Done when"): a category page, editing a feed (name, category,
// Include in AI), renaming and deleting a category (its feeds move to General), deleting a feed, and a
// feed address that is not a number. The person follows Alpha (in Tech) and Beta through the API first.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, url } from './app';
import type { Browser } from './browser';
import { card, cards, expectCount, sidebar, sidebarFeed, signInFollowingAlphaAndBeta } from './feed-fixtures';

describe('managing feeds and categories in the browser', () => {
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    desktop = await signInFollowingAlphaAndBeta({ alphaNews: true });
    page = desktop.page;
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('shows a category with its items', async () => {
    await sidebar(page).getByRole('link', { name: /^Tech/ }).click();
    await page.waitForURL((target) => target.pathname.startsWith('/category/'));
    await page.getByRole('heading', { name: 'Tech', level: 1 }).waitFor();
    await page.getByText('Collection of feeds under the "Tech" category').waitFor();
    expect(await page.getByLabel('Summary language').inputValue()).toBe('English (US)');
    await card(page, 'Alpha breaking news').waitFor();
    expect(await card(page, 'Beta launches a loom').count()).toBe(0);
  });

  it('edits a feed after adding it: name, category and Include in AI', async () => {
    await sidebarFeed(page, 'Alpha Weekly').click();
    await page.getByRole('heading', { name: 'Alpha Weekly', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Feed' });
    // The feed's category shows once the person's categories have loaded (the page may open before).
    await expect.poll(() => dialog.getByLabel('Category').inputValue()).not.toBe('none');
    expect(await dialog.getByLabel('Include in AI').isChecked()).toBe(true);
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Feed name is required').waitFor();
    await dialog.getByLabel('Name').fill('Alpha Daily');
    await dialog.getByLabel('Category').selectOption({ label: 'General' });
    await dialog.getByLabel('Include in AI').uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Feed updated', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Alpha Daily', level: 1 }).waitFor();
    expect(await page.locator('main').getByText('General', { exact: true }).isVisible()).toBe(true);
    await sidebarFeed(page, 'Alpha Daily').waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await dialog.getByLabel('Include in AI').isChecked()).toBe(false);
    await dialog.getByLabel('Category').selectOption({ label: 'Tech' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Feed updated', { exact: true }).waitFor();
    // The dialog's own "Tech" option goes with it: only the header's badge is left to find.
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('main').getByText('Tech', { exact: true }).waitFor();
  });

  it('renames a category, then deletes it, its feeds moving to General', async () => {
    await sidebar(page).getByRole('link', { name: /^Tech/ }).click();
    await page.getByRole('heading', { name: 'Tech', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Category' });
    await rename.getByLabel('Name').fill('Technology');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Category renamed', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Technology', level: 1 }).waitFor();
    await sidebar(page)
      .getByRole('link', { name: /^Technology/ })
      .waitFor();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Category' });
    await remove.getByText('Its feeds are kept and move to General.', { exact: false }).waitFor();
    await remove.getByRole('button', { name: 'Delete Category' }).click();
    await page.getByText('Category deleted', { exact: true }).waitFor();
    await page.waitForURL((target) => target.pathname === '/home');
    await expectCount(sidebar(page).getByRole('link', { name: /^Technology/ }), 0);
    await sidebarFeed(page, 'Alpha Daily').click();
    await page.getByRole('heading', { name: 'Alpha Daily', level: 1 }).waitFor();
    await page.locator('main').getByText('General', { exact: true }).waitFor();
  });

  it('shows a feed and deletes it', async () => {
    await sidebarFeed(page, 'Beta News').click();
    await page.waitForURL((target) => target.pathname.startsWith('/feed/'));
    await page.getByRole('heading', { name: 'Beta News', level: 1 }).waitFor();
    expect(await page.locator('main').getByText('General', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Visit website/ }).getAttribute('target')).toBe('_blank');
    await expectCount(cards(page), 2);
    await screenshot(page, 'feeds-feed-1280');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Feed' });
    await dialog
      .getByText(
        'Are you sure you want to delete this feed? This action cannot be undone, and all associated feed items will be removed.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete Feed' }).click();
    await page.getByText('Feed deleted', { exact: true }).waitFor();
    await page.waitForURL((target) => target.pathname === '/home');
    await expectCount(sidebarFeed(page, 'Beta News'), 0);
    await cards(page).first().waitFor();
    expect(await card(page, 'Beta launches a loom').count()).toBe(0);
  });

  it('says "Invalid feed ID" for a feed address that is not a number', async () => {
    await page.goto(url('/feed/abc'));
    await page.getByText('Invalid feed ID').waitFor();
    expect(await page.getByRole('heading', { name: 'Error loading feed' }).isVisible()).toBe(true);
  });
});
