// Summaries you can check, in Chromium (issue 25's "Done when"): a feed summary by the offline model shows
// each sentence with small numbered source links that open the item in the app, and how many sentences
// its sources support; a flagged sentence shows greyed with its note; the emailed digest links each
// number to the original article. Saves screenshots at 1280 and 390 px into e2e/screenshots/.
// This environment has no model key, and the offline model quotes only its items' own sentences, so it
// never writes one its sources do not support: the flagged sentence here is one the browser is served
// with the verdict the support check gives an invented sentence (the Worker tests produce that verdict
// for real, with a fake model: worker/ai/cited-generations.test.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Generation } from '../worker/contracts/ai';
import { articles, feedName, phoneScreenshots, signInWithLoomFeed, waitForMail } from './ai-fixtures';
import { screenshot, url } from './app';
import type { Browser } from './browser';

/** The "AI keys are not configured" warning sits over the bottom of a phone screen: closed for the screenshot. */
async function closeToast(page: Page) {
  const close = page.getByRole('button', { name: 'Close' });
  if (await close.isVisible()) await close.locator('svg').click();
}

describe('cited summaries in the browser', () => {
  let desktop: Browser;
  let page: Page;
  let feedId: number;

  beforeAll(async () => {
    ({ desktop, page, feedId } = await signInWithLoomFeed('ada'));
  });

  afterAll(async () => {
    await desktop?.close();
  });

  const summaryCard = () => page.getByRole('article').filter({ hasText: `Summary of ${feedName}` });

  it('shows each sentence with numbered links to its items, which open in the app', async () => {
    await page.goto(url(`/feed/${feedId}`));
    await page.getByRole('button', { name: 'Generate Summary' }).click();
    await page.waitForURL(/\/ai-generated$/);
    // The summary is written by a queue job: wait for it through the API, then show the page.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const generations = await page.evaluate(
        async () => (await (await fetch('/api/ai-generations')).json()) as Generation[],
      );
      if (generations.some((generation) => generation.origin === 'feed_summary' && generation.content !== null)) break;
      await page.waitForTimeout(1000);
    }
    await page.goto(url('/ai-generated'), { timeout: 60_000 });
    const card = summaryCard();
    const cited = card.getByTestId('cited-summary');
    await cited.waitFor();
    await cited.getByText('Members say sharing the design cut costs by half.').waitFor();
    await card.getByText(/^Checked: (\d+) of \1 sentences supported by their sources \(100%\)$/).waitFor();
    const first = cited.getByRole('link', { name: `Source 1: ${articles[0]?.title}` }).first();
    expect(await first.textContent()).toBe('[1]');
    expect(await first.getAttribute('href')).toMatch(/^\/home\?item=\d+$/);
    expect(await cited.getByRole('list', { name: 'Sources' }).getByRole('listitem').count()).toBe(2);
    await screenshot(page, 'cited-summary-1280');
    await phoneScreenshots(
      desktop,
      '/ai-generated',
      async (phone) => {
        await phone.getByTestId('cited-summary').first().waitFor();
        await closeToast(phone);
      },
      'cited-summary',
    );

    await first.click();
    await page.getByRole('dialog', { name: articles[0]?.title }).waitFor();
    expect(page.url()).toMatch(/\/home\?item=\d+$/);
  });

  it('greys a sentence its sources do not support, with the note saying why', async () => {
    const invented = 'The cooperative also bought a textile mill in Lyon for 3 million euros.';
    await page.route('**/api/ai-generations', async (route) => {
      const response = await route.fetch();
      const generations = (await response.json()) as Generation[];
      const flagged = generations.map((generation) => {
        if (generation.origin !== 'feed_summary' || generation.citations.length === 0) return generation;
        const [first] = generation.citations;
        const citations = [
          ...generation.citations,
          {
            sentence: invented,
            itemIds: first?.itemIds ?? [],
            support: 'not' as const,
            note: 'Its sources never mention Lyon, 3.',
          },
        ];
        return { ...generation, citations, supportScore: (citations.length - 1) / citations.length };
      });
      await route.fulfill({ response, json: flagged });
    });
    try {
      await page.goto(url('/ai-generated'));
      const card = summaryCard();
      const sentence = card.locator('[data-support="not"]');
      await sentence.getByText(invented).waitFor();
      await sentence.getByText('(Not supported by its sources: Its sources never mention Lyon, 3.)').waitFor();
      expect(await sentence.evaluate((node) => getComputedStyle(node).color)).not.toBe(
        await card
          .locator('[data-support="supported"]')
          .first()
          .evaluate((node) => getComputedStyle(node).color),
      );
      await card.getByText(/^Checked: (\d+) of \d+ sentences supported by their sources \(\d+%\)$/).waitFor();
      await screenshot(page, 'cited-summary-flagged-1280');
      await phoneScreenshots(
        desktop,
        '/ai-generated',
        async (phone) => {
          await phone.route('**/api/ai-generations', async (route) => {
            const response = await route.fetch();
            const generations = (await response.json()) as Generation[];
            await route.fulfill({
              response,
              json: generations.map((generation) =>
                generation.origin === 'feed_summary' && generation.citations[0]
                  ? {
                      ...generation,
                      supportScore: generation.citations.length / (generation.citations.length + 1),
                      citations: [
                        ...generation.citations,
                        {
                          sentence: invented,
                          itemIds: generation.citations[0].itemIds,
                          support: 'not',
                          note: 'Its sources never mention Lyon, 3.',
                        },
                      ],
                    }
                  : generation,
              ),
            });
          });
          await phone.reload();
          await phone.locator('[data-support="not"]').first().waitFor();
          await closeToast(phone);
        },
        'cited-summary-flagged',
      );
    } finally {
      await page.unroute('**/api/ai-generations');
    }
  });

  it('emails the digest with each sentence linked to its original article', async () => {
    await page.goto(url('/preferences'));
    await page.getByRole('button', { name: 'Send me a digest now' }).click();
    await page.getByText('Digest requested', { exact: true }).waitFor();
    const email = await page.evaluate(async () => (await (await fetch('/api/users/me')).json()).email as string);
    const mail = await waitForMail(email, (candidate) => /Feedloom digest/.test(candidate.subject), 60_000);
    expect(mail.text).toMatch(/\[1\] .+: .*\/articles\/\d+-\d/);
    await page.goto(url('/dev/mailbox'));
    await page
      .getByRole('button', { name: new RegExp(mail.subject) })
      .first()
      .click();
    const selected = page.getByRole('article', { name: 'Selected email' });
    await selected.getByText('Checked:', { exact: false }).first().waitFor();
    await screenshot(page, 'cited-digest-email-1280');
  });
});
