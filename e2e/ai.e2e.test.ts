// AI in Chromium (issue 4's "Done when"), with no AI keys so the offline model answers: rewrite a feed item
// into a text summary from its card (the Pro platforms say so and link to the upgrade), see the credits
// drop in the sidebar and the summary on /ai-generated. Saves screenshots of /ai-generated and
// /preferences at 1280 and 390 px, light and dark, into e2e/screenshots/. Digests: digests.e2e.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, feedName, phoneScreenshots, signInWithLoomFeed } from './ai-fixtures';
import { screenshot, url } from './app';
import type { Browser } from './browser';

describe('AI content in the browser', () => {
  let desktop: Browser;
  let page: Page;
  let feedId: number;

  beforeAll(async () => {
    ({ desktop, page, feedId } = await signInWithLoomFeed('grace'));
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('shows the empty state with a link to preferences before anything is generated', async () => {
    await page.goto(url('/ai-generated'));
    await page.getByRole('heading', { name: 'No AI-generated content yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Preferences' }).getAttribute('href')).toBe('/preferences');
    await page.getByText('No scheduled delivery').waitFor();
    // No keys in this environment: the warning of spec §8, once per session.
    await page.getByText('AI keys are not configured', { exact: true }).waitFor();
  });

  it('rewrites an item into a text summary with the offline model, and the credits drop', async () => {
    await page.goto(url('/home'));
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const creditsLine = sidebar.locator('p').filter({ hasText: /^Credits\s*\d+$/ });
    const creditsBefore = Number((await creditsLine.textContent())?.replace(/\D/g, ''));
    expect(creditsBefore).toBeGreaterThan(0);

    const card = page.getByTestId('feed-card').filter({ hasText: articles[0]?.title ?? '' });
    await card.getByRole('button', { name: 'Rewrite with AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rewrite with AI' });
    await dialog.waitFor();
    // One list of 45 languages (spec §3), and no models to pick with no AI key set (issue 33 item 7, issue 27).
    const language = dialog.getByRole('combobox', { name: 'Language' });
    expect(await language.getByRole('option').count()).toBe(45);
    expect(await language.getByRole('option', { name: 'Swahili' }).count()).toBe(1);
    const model = dialog.getByRole('combobox', { name: 'AI model' });
    expect(await model.getByRole('option').allTextContents()).toEqual(['Offline model (no key set)']);
    // Platform formatting is Pro, as the plans advertise: each such option says so and links to the upgrade.
    const upgrade = dialog.getByRole('link', { name: 'Upgrade to Pro for Twitter/X' });
    expect(await upgrade.getAttribute('href')).toBe('/payment');
    await dialog.getByRole('radio', { name: /Twitter\/X/ }).check();
    await dialog.getByText('Twitter/X is a Pro feature. Upgrade to Pro to use it.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Rewrite (1 credit)' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: /Text Summary/ }).check();
    await screenshot(page, 'rewrite-dialog-1280');
    await dialog.getByRole('button', { name: 'Rewrite (1 credit)' }).click();

    // The person stays on My Feed and sees the rewrite in place, with the way to AI Generated (issue 27).
    await page.getByText('Success', { exact: true }).waitFor();
    await dialog
      .getByRole('region', { name: 'Rewritten content' })
      .getByText(/offline model/)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await dialog.getByRole('link', { name: 'Open in AI Generated' }).click();
    await page.waitForURL((target) => target.pathname === '/ai-generated');
    const rewritten = page.getByRole('article', { name: `Text Summary: ${articles[0]?.title}` });
    await rewritten.waitFor();
    expect(await rewritten.getByText('Text Summary', { exact: true }).isVisible()).toBe(true);
    expect(await rewritten.getByText(/offline model/).isVisible()).toBe(true);
    await creditsLine.filter({ hasText: new RegExp(`^Credits\\s*${creditsBefore - 1}$`) }).waitFor();

    // The choice is remembered for the next rewrite.
    await page.goto(url('/home'));
    await page
      .getByTestId('feed-card')
      .filter({ hasText: articles[1]?.title ?? '' })
      .getByRole('button', { name: 'Rewrite with AI' })
      .click();
    expect(
      await page
        .getByRole('dialog')
        .getByRole('radio', { name: /Text Summary/ })
        .isChecked(),
    ).toBe(true);
    // Blog posts are Pro: on the free plan the button stays disabled and says why.
    await page
      .getByRole('dialog')
      .getByRole('radio', { name: /Blog Post/ })
      .check();
    await page
      .getByRole('dialog')
      .getByText('Blog Post (1000-1200 words) is a Pro feature. Upgrade to Pro to use it.')
      .waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Rewrite (2 credits)' }).isDisabled()).toBe(true);
    await page
      .getByRole('dialog')
      .getByRole('radio', { name: /Text Summary/ })
      .check();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('generates a summary of the feed, which fills in on /ai-generated without a refresh', async () => {
    await page.goto(url(`/feed/${feedId}`));
    await page.getByRole('button', { name: 'Generate Summary' }).click();
    await page.getByText('Summary generation started', { exact: true }).waitFor();
    await page.waitForURL((target) => target.pathname === '/ai-generated');
    const summary = page.getByRole('article', { name: `Summary of ${feedName}` });
    await summary.waitFor();
    // Written by a queued job; the list polls while it is pending.
    await summary.getByText(/offline model/).waitFor();
    expect(await page.getByText('This may take a minute').count()).toBe(0);
  });

  it('takes screenshots of /ai-generated and /preferences, light and dark', async () => {
    const aiReady = (target: Page) => target.getByRole('article').first().waitFor();
    const preferencesReady = (target: Page) => target.getByRole('button', { name: 'Save Preferences' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      const suffix = scheme === 'dark' ? '-dark' : '';
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url('/ai-generated'));
      await aiReady(page);
      await screenshot(page, `ai-generated-1280${suffix}`);
      await page.goto(url('/preferences'));
      await preferencesReady(page);
      await screenshot(page, `preferences-1280${suffix}`);
    }
    await phoneScreenshots(desktop, '/ai-generated', aiReady, 'ai-generated');

    // The in-progress banner: one generation is made to look pending (the offline model is too quick to catch).
    await page.emulateMedia({ colorScheme: 'light' });
    await page.route('**/api/ai-generations', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { content: string | null; status: string }[];
      list[0] = { ...(list[0] as (typeof list)[number]), content: null, status: 'pending' };
      await route.fulfill({ response, json: list });
    });
    await page.goto(url('/ai-generated'));
    await page.getByText('This may take a minute.').first().waitFor();
    await screenshot(page, 'ai-generated-pending-1280', false);
    await page.unroute('**/api/ai-generations');
    await phoneScreenshots(desktop, '/preferences', preferencesReady, 'preferences');
    const rewriteReady = async (target: Page) => {
      await target.getByTestId('feed-card').first().getByRole('button', { name: 'Rewrite with AI' }).click();
      await target.getByRole('dialog', { name: 'Rewrite with AI' }).getByText('You have').waitFor();
    };
    await phoneScreenshots(desktop, '/home', rewriteReady, 'rewrite-dialog', false);
  });
});
