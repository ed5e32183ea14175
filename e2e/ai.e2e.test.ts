// AI in Chromium (issue 4's "Done when"), with no AI keys so the offline model answers: rewrite a feed item
// into a text summary from its card (the Pro platforms say so and link to the upgrade), see the credits
// drop in the sidebar and the summary on /ai-generated; save the AI preferences and the email settings; send a digest now and find it in /dev/mailbox. Saves screenshots
// of /ai-generated and /preferences at 1280 and 390 px, light and dark, into e2e/screenshots/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser } from './browser';

declare module 'vitest' {
  interface ProvidedContext {
    baseURL: string;
    fakeUpstreamUrl: string;
  }
}

const baseURL = inject('baseURL');
const fakeUpstreamUrl = inject('fakeUpstreamUrl');
const stamp = Date.now();
const email = `grace.${stamp}@example.com`;
const digestAddress = `digests.${stamp}@example.com`;
const password = 'correct horse battery';
const feedName = `Loom Weekly ${stamp}`;
const MOBILE = { width: 390, height: 844 };

type Browser = Awaited<ReturnType<typeof openBrowser>>;
type Mail = { to: string; subject: string; text: string };

const url = (path: string) => new URL(path, baseURL).href;

const articles = [
  {
    title: 'Weavers adopt open looms',
    description:
      'A cooperative of weavers released the plans for its loom under an open licence. Members say sharing the design cut costs by half. Other cooperatives are already building their own copies, and a school plans to teach the method next spring.',
  },
  {
    title: 'Thread prices fall for a third month',
    description:
      'Cotton thread became cheaper again as harvests recovered. Small workshops welcome the change, while large mills expect prices to rise in winter when demand for heavy cloth returns.',
  },
];

/** An RSS 2.0 document with items published in the last hours, so they show under "Past 24 hours". */
function rssFeed(title: string) {
  const items = articles
    .map(
      (article, index) => `<item>
  <title>${article.title}</title>
  <link>${fakeUpstreamUrl}/articles/${stamp}-${index}</link>
  <guid isPermaLink="false">${stamp}-${index}</guid>
  <pubDate>${new Date(Date.now() - (index + 1) * 3_600_000).toUTCString()}</pubDate>
  <description>${article.description}</description>
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${title}</title><link>${fakeUpstreamUrl}/</link><description>${title}</description>
${items}
</channel></rss>`;
}

async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage });
}

/** Registers through the API and sets the password from the emailed link, as the outbox shows it. */
async function createAccount() {
  const post = (path: string, body: unknown) =>
    fetch(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/register', { name: 'Grace Hopper', email })).status).toBe(201);
  const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as Mail[];
  const token = /password-setup\?token=([\w-]+)/.exec(outbox.find((mail) => mail.to === email)?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  expect((await post('/api/auth/set-password', { token, password })).status).toBe(200);
}

async function waitForMail(to: string, matches: (mail: Mail) => boolean = () => true, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as Mail[];
    const mail = outbox.find((candidate) => candidate.to === to && matches(candidate));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no email to ${to} within ${timeoutMs} ms`);
}

/** The same page at phone width, signed in with the desktop's cookies, light and dark. */
async function phoneScreenshots(
  from: Browser,
  path: string,
  ready: (page: Page) => Promise<void>,
  name: string,
  fullPage = true,
) {
  const phone = await openBrowser(MOBILE);
  try {
    await phone.context.addCookies(await from.context.cookies());
    for (const scheme of ['light', 'dark'] as const) {
      await phone.page.emulateMedia({ colorScheme: scheme });
      await phone.page.goto(url(path));
      await ready(phone.page);
      await screenshot(phone.page, `${name}-390${scheme === 'dark' ? '-dark' : ''}`, fullPage);
    }
  } finally {
    await phone.close();
  }
}

describe('AI content in the browser', () => {
  let desktop: Browser;
  let page: Page;
  let feedId: number;

  beforeAll(async () => {
    await createAccount();
    const script = { body: rssFeed(feedName), contentType: 'application/rss+xml' };
    const put = await fetch(`${fakeUpstreamUrl}/scripted/ai-${stamp}`, { method: 'PUT', body: JSON.stringify(script) });
    expect(put.ok).toBe(true);

    desktop = await openBrowser({ width: 1280, height: 800 });
    page = desktop.page;
    await page.goto(url('/auth/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((target) => target.pathname === '/home');

    // The context's request client shares the browser's session cookie.
    const added = await page.context().request.post(url('/api/feeds'), {
      headers: { origin: baseURL },
      data: { url: `${fakeUpstreamUrl}/scripted/ai-${stamp}`, name: feedName, categoryId: null, includeInAi: true },
    });
    expect(added.status()).toBe(201);
    feedId = ((await added.json()) as { id: number }).id;
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
    expect(await dialog.getByRole('option').count()).toBeGreaterThan(29); // 29 languages + 4 models
    // Platform formatting is Pro, as the plans advertise: each such option says so and links to the upgrade.
    const upgrade = dialog.getByRole('link', { name: 'Upgrade to Pro for Twitter/X' });
    expect(await upgrade.getAttribute('href')).toBe('/payment');
    await dialog.getByRole('radio', { name: /Twitter\/X/ }).check();
    await dialog.getByText('Twitter/X is a Pro feature. Upgrade to Pro to use it.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Rewrite (1 credit)' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: /Text Summary/ }).check();
    await screenshot(page, 'rewrite-dialog-1280');
    await dialog.getByRole('button', { name: 'Rewrite (1 credit)' }).click();

    await page.waitForURL((target) => target.pathname === '/ai-generated');
    await page.getByText('Success', { exact: true }).waitFor();
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

  it('validates and saves the AI preferences, then shows the next delivery', async () => {
    await page.goto(url('/preferences'));
    await page.getByRole('heading', { name: 'AI Preferences' }).waitFor();
    await page.getByLabel('Digest frequency').selectOption('daily');
    for (const type of ['Text Summary', 'Topic Analysis', 'Visual Content', 'Recommendations']) {
      await page.getByRole('checkbox', { name: new RegExp(type) }).uncheck();
    }
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('At least one content type must be selected').waitFor();

    await page.getByRole('checkbox', { name: /Text Summary/ }).check();
    await page.getByRole('checkbox', { name: /Visual Content/ }).check();
    await page.getByRole('radio', { name: /Brief/ }).check();
    await page.getByLabel('Writing style').selectOption('casual');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Preferences saved', { exact: true }).waitFor();
    await page.getByText(/Next delivery: (Today|Tomorrow) at \d{1,2}:00 [AP]M \(Daily\)/).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'AI Preferences' }).waitFor();
    expect(await page.getByLabel('Writing style').inputValue()).toBe('casual');
    expect(await page.getByRole('checkbox', { name: /Topic Analysis/ }).isChecked()).toBe(false);
  });

  it('validates and saves the email settings at #email-settings', async () => {
    await page.goto(url('/preferences#email-settings'));
    const section = page.locator('#email-settings');
    await section.getByLabel('Delivery email').fill('not-an-email');
    await section.getByLabel('Email subject template').fill('');
    await section.getByRole('button', { name: 'Save Email Settings' }).click();
    await section.getByText('Please enter a valid email address').waitFor();
    await section.getByText('Email subject template is required').waitFor();

    await section.getByLabel('Delivery email').fill(digestAddress);
    await section.getByRole('radio', { name: /Plain text/ }).check();
    await section.getByLabel('Email subject template').fill('Loom digest for {date}');
    await section.getByRole('button', { name: 'Save Email Settings' }).click();
    await page.getByText('Email settings saved', { exact: true }).waitFor();
    // Another address only gets a confirmation link until its owner follows it (issue 10 H1).
    await section.getByText(`Waiting for confirmation: we sent a link to ${digestAddress}`).waitFor();
    const confirmation = await waitForMail(digestAddress);
    expect(confirmation.subject).toBe('Confirm that Feedloom may email you');
    const link = /http\S+\/auth\/confirm-delivery\?token=[\w-]+/.exec(confirmation.text)?.[0] ?? '';
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm Address' }).click();
    await page.getByText(`Feedloom digests for this account will be sent to ${digestAddress}.`).waitFor();
    await page.goto(url('/preferences'));
  });

  it('sends a digest now and finds it in /dev/mailbox', async () => {
    await page.getByRole('button', { name: 'Send me a digest now' }).click();
    await page.getByText('Digest requested', { exact: true }).waitFor();

    const mail = await waitForMail(digestAddress, (candidate) =>
      candidate.subject.startsWith('Feedloom digest: Loom digest for '),
    );
    expect(mail.subject).toMatch(/^Feedloom digest: Loom digest for /);
    await page.goto(url('/dev/mailbox'));
    await page
      .getByRole('button', { name: new RegExp(mail.subject) })
      .first()
      .click();
    await page
      .getByRole('article', { name: 'Selected email' })
      .getByText(`To ${digestAddress}`, { exact: false })
      .waitFor();

    // The digest's generations join the tweet on /ai-generated. Without an image key the visual content
    // has no image: its card says why, shows the image placeholder and offers a new image.
    await page.goto(url('/ai-generated'));
    await page.getByRole('article').filter({ hasText: 'Text Summary' }).first().waitFor();
    const visual = page.getByRole('article').filter({ hasText: 'Visual Content' }).first();
    await visual.getByText(/Replicate/).waitFor();
    expect(await visual.getByText('No image yet').isVisible()).toBe(true);
    expect(await visual.getByRole('button', { name: 'Regenerate image' }).isVisible()).toBe(true);
    await page.getByText(/Next delivery: .* \(Daily\)/).waitFor();
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
