// Summaries you can check, in Chromium (issue 25's "Done when"). Saves screenshots at 1280 and 390 px
// into e2e/screenshots/.
// - With the offline model (the suite's app has no key): each sentence of a feed summary shows small
//   numbered source links that open the item in the app, and how many sentences its sources support.
// - With a model key (a second app, model-app.ts, whose key reaches a fake OpenAI-compatible API on
//   127.0.0.1 that answers with true sentences and one it invents): the web app greys the invented
//   sentence with its note, and the emailed digest leaves it out and links each number to the article.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Generation } from '../worker/contracts/ai';
import { articles, feedName, phoneScreenshots, signInWithLoomFeed, waitForMail } from './ai-fixtures';
import { baseURL, MOBILE, screenshot, url, useApp } from './app';
import { type Browser, openBrowser } from './browser';
import { INVENTED_SENTENCE, startAppWithModel } from './model-app';
import type { RunningApp } from './start-app';

/** The "AI keys are not configured" warning sits over the bottom of a phone screen: closed for the screenshot. */
async function closeToast(page: Page) {
  const close = page.getByRole('button', { name: 'Close' });
  if (await close.isVisible()) await close.locator('svg').click();
}

const summaryCard = (page: Page) => page.getByRole('article').filter({ hasText: `Summary of ${feedName}` });

/** Asks for a summary of the feed and opens /ai-generated once the queue job has written it. */
async function summariseFeed(page: Page, feedId: number) {
  await page.goto(url(`/feed/${feedId}`));
  await page.getByRole('button', { name: 'Generate Summary' }).click();
  await page.waitForURL(/\/ai-generated$/);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const generations = await page.evaluate(
      async () => (await (await fetch('/api/ai-generations')).json()) as Generation[],
    );
    if (generations.some((generation) => generation.origin === 'feed_summary' && generation.content !== null)) break;
    await page.waitForTimeout(1000);
  }
  await page.goto(url('/ai-generated'), { timeout: 60_000 });
  const cited = summaryCard(page).getByTestId('cited-summary');
  await cited.waitFor();
  return cited;
}

/** The first numbered link to `title`: "[n]", to the item in the app. */
async function sourceLink(page: Page, title: string) {
  const link = summaryCard(page)
    .getByTestId('cited-summary')
    .getByRole('link', { name: new RegExp(`^Source \\d: ${title}$`) })
    .first();
  expect(await link.textContent()).toMatch(/^\[\d\]$/);
  expect(await link.getAttribute('href')).toMatch(/^\/home\?item=\d+$/);
  return link;
}

describe('a cited summary by the offline model', () => {
  let desktop: Browser;
  let page: Page;
  let feedId: number;

  beforeAll(async () => {
    ({ desktop, page, feedId } = await signInWithLoomFeed('ada'));
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('shows each sentence with numbered links to its items, which open in the app', async () => {
    const cited = await summariseFeed(page, feedId);
    await cited.getByText('Members say sharing the design cut costs by half.').waitFor();
    await summaryCard(page)
      .getByText(/^Checked: (\d+) of \1 sentences supported by their sources \(100%\)$/)
      .waitFor();
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
    await (await sourceLink(page, articles[0]?.title ?? '')).click();
    await page.getByRole('dialog', { name: articles[0]?.title }).waitFor();
    expect(page.url()).toMatch(/\/home\?item=\d+$/);
  });
});

describe('with a model key: a sentence the model invents', () => {
  const suiteApp = baseURL;
  let app: RunningApp | undefined;
  let desktop: Browser;
  let page: Page;
  let feedId: number;

  beforeAll(async () => {
    app = await startAppWithModel();
    useApp(app.baseURL);
    ({ desktop, page, feedId } = await signInWithLoomFeed('grace'));
  });

  afterAll(async () => {
    await desktop?.close();
    app?.stop();
    useApp(suiteApp);
  });

  it('is greyed in the web app with its note, beside the true sentences and their links', async () => {
    const cited = await summariseFeed(page, feedId);
    const card = summaryCard(page);
    // The fake model quotes each item's first sentence, cites it, and adds one sentence of its own.
    const flagged = cited.locator('[data-support="not"]');
    await flagged.getByText(INVENTED_SENTENCE).waitFor();
    await flagged.getByText(/^\(Not supported by its sources: .+\)$/).waitFor();
    const supported = cited.locator('[data-support="supported"]');
    expect(await supported.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('A cooperative of weavers released the plans for its loom under an open licence.'),
        expect.stringContaining('Cotton thread became cheaper again as harvests recovered.'),
      ]),
    );
    expect(await supported.count()).toBe(2);
    const colour = (locator: typeof flagged) => locator.first().evaluate((node) => getComputedStyle(node).color);
    expect(await colour(flagged)).not.toBe(await colour(supported));
    await card.getByText('Checked: 2 of 3 sentences supported by their sources (67%)').waitFor();
    await screenshot(page, 'cited-summary-flagged-1280');
    await phoneScreenshots(
      desktop,
      '/ai-generated',
      async (phone) => {
        await phone.locator('[data-support="not"]').first().waitFor();
        await closeToast(phone);
      },
      'cited-summary-flagged',
    );
    // Both items stay unread (opening one marks it read), so the digest below has both to cite.
    for (const article of articles) await sourceLink(page, article.title);
  });

  it('is left out of the emailed digest, whose sentences link to the original articles', async () => {
    await page.goto(url('/preferences'));
    await page.getByRole('button', { name: 'Send me a digest now' }).click();
    await page.getByText('Digest requested', { exact: true }).waitFor();
    const email = await page.evaluate(async () => (await (await fetch('/api/users/me')).json()).email as string);
    const mail = await waitForMail(email, (candidate) => /Feedloom digest/.test(candidate.subject), 90_000);
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain(INVENTED_SENTENCE);
      expect(body).toContain('1 sentence was left out: the support check did not find it in the cited articles.');
      expect(body).toContain('A cooperative of weavers released the plans for its loom under an open licence.');
    }
    expect(mail.text).toMatch(
      new RegExp(`\\[\\d\\] ${articles[0]?.title}: http://127\\.0\\.0\\.1:\\d+/articles/\\d+-0`),
    );
    expect(mail.html).toMatch(
      /Cotton thread became cheaper again as harvests recovered\.<sup><a href="http:\/\/127\.0\.0\.1:\d+\/articles\/\d+-1"/,
    );

    // As the dev mailbox shows it (the text part), and as a mail client shows the HTML part.
    const openDigest = async (target: Page) => {
      await target
        .getByRole('button', { name: new RegExp(mail.subject) })
        .first()
        .click();
      await target
        .getByRole('article', { name: 'Selected email' })
        .getByText('1 sentence was left out', { exact: false })
        .waitFor();
    };
    await page.goto(url('/dev/mailbox'));
    await openDigest(page);
    await screenshot(page, 'cited-digest-email-1280');
    await phoneScreenshots(desktop, '/dev/mailbox', openDigest, 'cited-digest-email');
    for (const [size, name] of [
      [{ width: 1280, height: 800 }, 'cited-digest-email-html-1280'],
      [MOBILE, 'cited-digest-email-html-390'],
    ] as const) {
      const client = await openBrowser(size);
      try {
        await client.page.setContent(mail.html);
        await screenshot(client.page, name);
      } finally {
        await client.close();
      }
    }
  });
});
