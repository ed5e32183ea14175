// WordPress publishing, plans and the admin pages end to end in Chromium (issue 5). A Free account sees
// the Pro prompt and /payment; /payment-success waits for the signed Stripe event (e2e/stripe.ts) that
// makes it Pro; it adds the fake WordPress site through /wordpress-sites, publishes a generation from
// /ai-generated as a draft through the dialog, sees the result with the post link, and the fake WordPress
// received the post. A non-admin sees no admin tools and every /api/admin call answers 403.
// Saves screenshots of /wordpress-sites, the publish dialog and /payment at 1280 and 390 px, light and
// dark, into e2e/screenshots/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, MOBILE, screenshot, url } from './app';
import { type Browser, openBrowser } from './browser';
import { upgradeToPro } from './stripe';

const fakeUpstreamUrl = inject('fakeUpstreamUrl');
const wordpressUrl = `${fakeUpstreamUrl}/wp/ok`;
const email = `grace.${Date.now()}@example.com`;
const password = 'correct horse battery';
const SESSION_COOKIE = 'feedloom_session';

/** The API as a script calls it: same-origin Origin header (the CSRF check), JSON, the session cookie. */
async function callApi(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: {
      Origin: baseURL,
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: `${SESSION_COOKIE}=${init.cookie}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return response;
}

async function jsonOf<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Register → the password-setup link from the dev outbox → set a password → sign in. */
async function signUp(): Promise<{ session: string; userId: number }> {
  await jsonOf(await callApi('/api/auth/register', { method: 'POST', body: { name: 'Grace Hopper', email } }));
  const outbox = await jsonOf<{ to: string; text: string }[]>(await callApi('/api/dev/outbox'));
  const token = outbox.find((message) => message.to === email)?.text.match(/password-setup\?token=([^\s"'<&]+)/)?.[1];
  if (!token) throw new Error('no password-setup link in the dev outbox');
  await jsonOf(await callApi('/api/auth/set-password', { method: 'POST', body: { token, password } }));
  const login = await callApi('/api/auth/login', { method: 'POST', body: { username: email, password } });
  const { user } = await jsonOf<{ user: { id: number } }>(login);
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.match(new RegExp(`^${SESSION_COOKIE}=([^;]+)`))?.[1])
    .find(Boolean);
  if (!session) throw new Error('no session cookie after sign-in');
  return { session, userId: user.id };
}

const feedXml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
  <title>Harbour Notes</title><link>https://harbour.example/</link><description>Notes from the harbour</description>
  <item>
    <title>The lighthouse gets a new lens</title>
    <link>https://harbour.example/lighthouse-lens</link>
    <guid>https://harbour.example/lighthouse-lens</guid>
    <pubDate>${new Date().toUTCString()}</pubDate>
    <description>After forty years the lighthouse on the north pier has a new Fresnel lens, visible twenty miles out.</description>
  </item>
</channel></rss>`;

/** A feed on the fake upstream, its item once the queue has fetched it, and a rewrite by the offline model. */
async function createGeneration(session: string): Promise<{ id: number; title: string }> {
  await fetch(`${fakeUpstreamUrl}/scripted/harbour-notes`, {
    method: 'PUT',
    body: JSON.stringify({ body: feedXml, contentType: 'application/rss+xml' }),
  });
  const feed = await jsonOf<{ id: number }>(
    await callApi('/api/feeds', {
      method: 'POST',
      cookie: session,
      body: { url: `${fakeUpstreamUrl}/scripted/harbour-notes`, name: 'Harbour Notes', categoryId: null },
    }),
  );
  let items: { id: number }[] = [];
  for (let attempt = 0; attempt < 60 && items.length === 0; attempt++) {
    items = await jsonOf(await callApi(`/api/feed-items?feedId=${feed.id}`, { cookie: session }));
    if (items.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const [item] = items;
  if (!item) throw new Error('the feed was never fetched');
  const rewrite = await jsonOf<{ id: number }>(
    await callApi(`/api/feed-items/${item.id}/rewrite`, {
      method: 'POST',
      cookie: session,
      body: {
        language: 'English (US)',
        model: 'deepseek/deepseek-chat-v3-0324',
        platform: 'text_summary',
      },
    }),
  );
  return jsonOf(await callApi(`/api/ai-generations/${rewrite.id}`, { cookie: session }));
}

/** Shoots a page light and dark at 1280 px (the given page) and at 390 px (a phone with the same cookies). */
async function shootBothWidths(desktop: Browser, name: string, open: (page: Page) => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    const suffix = scheme === 'dark' ? '-dark' : '';
    await desktop.page.emulateMedia({ colorScheme: scheme });
    await open(desktop.page);
    await screenshot(desktop.page, `${name}-1280${suffix}`);
    const phone = await openBrowser(MOBILE);
    try {
      await phone.context.addCookies(await desktop.context.cookies());
      await phone.page.emulateMedia({ colorScheme: scheme });
      await open(phone.page);
      await screenshot(phone.page, `${name}-390${suffix}`);
    } finally {
      await phone.close();
    }
  }
  await desktop.page.emulateMedia({ colorScheme: 'light' });
}

describe('WordPress publishing, plans and admin in the browser', () => {
  let desktop: Browser;
  let page: Page;
  let session: string;
  let userId: number;
  let generation: { id: number; title: string };

  beforeAll(async () => {
    ({ session, userId } = await signUp());
    generation = await createGeneration(session);
    desktop = await openBrowser({ width: 1280, height: 800 });
    page = desktop.page;
    await desktop.context.addCookies([{ name: SESSION_COOKIE, value: session, url: baseURL }]);
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('shows a Free account the Pro prompt instead of the add button', async () => {
    await page.goto(url('/wordpress-sites'));
    await page.getByText('Publishing to WordPress is a Pro feature').waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/payment');
    expect(await page.getByRole('button', { name: 'Add Site' }).count()).toBe(0);
    await screenshot(page, 'wordpress-sites-free-1280');
  });

  it('shows the plan, the credits and the two plans on /payment, and says payments are not configured', async () => {
    await page.goto(url('/payment'));
    await page.getByRole('heading', { name: 'Credits & Subscription' }).waitFor();
    await page.getByText('Payments are not configured').waitFor();
    const main = page.locator('#main');
    expect(await main.getByText('Free Plan').isVisible()).toBe(true);
    expect(await main.getByText('$19').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).isDisabled()).toBe(true);
    await shootBothWidths(desktop, 'payment', async (target) => {
      await target.goto(url('/payment'));
      await target.getByText('Payments are not configured').waitFor();
    });
  });

  it('confirms the upgrade on /payment-success, then adds the WordPress site through /wordpress-sites', async () => {
    // Back from checkout, the page waits for the webhook and says so once the account is Pro.
    await page.goto(url('/payment-success'));
    await page.getByText("We're switching your account to Pro").waitFor();
    await upgradeToPro(userId);
    await page.getByRole('heading', { name: "You're on Pro" }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Pro Plan').isVisible()).toBe(true);

    await page.goto(url('/wordpress-sites'));
    await page.getByRole('heading', { name: 'No WordPress sites connected' }).waitFor();
    await page.getByRole('button', { name: 'Add Site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add WordPress Site' });
    await dialog.getByLabel('Name', { exact: true }).fill('Harbour Blog');
    await dialog.getByLabel('Site URL').fill(wordpressUrl);
    await dialog.getByLabel('Username', { exact: true }).fill('editor');
    // A wrong password first: the server's reason shows in the form.
    await dialog.getByLabel('Application Password').fill('wrong wrong wrong');
    await dialog.getByRole('button', { name: 'Add Site' }).click();
    await dialog.getByText('Could not connect to the site').waitFor();
    await screenshot(page, 'wordpress-add-site-1280', false);

    await dialog.getByLabel('Application Password').fill('abcd efgh ijkl mnop');
    await dialog.getByRole('button', { name: 'Add Site' }).click();
    await page.getByText('WordPress site added', { exact: true }).waitFor();
    const sites = page.getByRole('list', { name: 'WordPress sites' });
    await sites.getByRole('heading', { name: 'Harbour Blog' }).waitFor();
    expect(await sites.getByText('Default', { exact: true }).isVisible()).toBe(true);
    expect(await sites.getByText('Username: editor').isVisible()).toBe(true);

    await page.goto(url('/payment'));
    await page.getByRole('button', { name: 'Manage subscription' }).waitFor();
    expect(await page.locator('#main').getByText('Pro Plan').isVisible()).toBe(true);
    await screenshot(page, 'payment-pro-1280');

    await shootBothWidths(desktop, 'wordpress-sites', async (target) => {
      await target.goto(url('/wordpress-sites'));
      await target
        .getByRole('list', { name: 'WordPress sites' })
        .getByRole('heading', { name: 'Harbour Blog' })
        .waitFor();
    });
  });

  it('publishes a generation as a draft to the fake server through the dialog', async () => {
    const openDialog = async (target: Page) => {
      await target.goto(url('/ai-generated'));
      const card = target.getByRole('article', { name: generation.title });
      await card.getByRole('button', { name: 'Publish to WordPress' }).click();
      const dialog = target.getByRole('dialog', { name: 'Publish to WordPress' });
      await dialog.getByRole('checkbox', { name: /News/ }).waitFor();
      return dialog;
    };
    await page.goto(url('/ai-generated'));
    await page
      .getByRole('article', { name: generation.title })
      .getByRole('button', { name: 'Publish to WordPress' })
      .waitFor();
    await screenshot(page, 'ai-generated-1280', false);
    await shootBothWidths(desktop, 'publish-dialog', async (target) => {
      await openDialog(target);
    });

    await fetch(`${fakeUpstreamUrl}/__requests`, { method: 'DELETE' });
    const dialog = await openDialog(page);
    await screenshot(page, 'publish-dialog-open-1280', false);
    expect(await dialog.getByLabel('WordPress site').inputValue()).not.toBe('');
    expect(await dialog.getByRole('radio', { name: /Draft/ }).isChecked()).toBe(true);
    // The post carries the article's own title, not the platform's label, and can be tagged.
    expect(await dialog.getByLabel('Title').inputValue()).toBe('The lighthouse gets a new lens');
    await dialog.getByRole('checkbox', { name: /News/ }).check();
    await dialog.getByLabel('Tags').fill('lighthouses, Energy');
    await dialog.getByRole('button', { name: 'Save as Draft' }).click();

    await dialog.getByText('Saved as a draft in WordPress').waitFor();
    await page.getByText('Published successfully', { exact: true }).waitFor();
    const postLink = dialog.getByRole('link', { name: /View post/ });
    expect(await postLink.getAttribute('href')).toBe(`${wordpressUrl}/?p=101`);
    expect(await postLink.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'publish-result-1280', false);

    const requests = await jsonOf<{ method: string; path: string; body: string }[]>(
      await fetch(`${fakeUpstreamUrl}/__requests?prefix=/wp/ok/`),
    );
    const post = requests.find((request) => request.method === 'POST' && request.path === '/wp/ok/wp-json/wp/v2/posts');
    expect(post).toBeDefined();
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({
      title: 'The lighthouse gets a new lens',
      status: 'draft',
      categories: [1],
      tags: [expect.any(Number), 5],
    });

    // Closing resets the dialog: it opens on the form again.
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    const reopened = await openDialog(page);
    expect(await reopened.getByRole('checkbox', { name: /News/ }).isChecked()).toBe(false);
    expect(await reopened.getByText('Saved as a draft in WordPress').count()).toBe(0);
  });

  it('shows a non-admin no admin tools, and every /api/admin call answers 403', async () => {
    await page.goto(url('/admin'));
    await page.getByRole('heading', { name: '403 · Admin only' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Add Credits' }).count()).toBe(0);
    await screenshot(page, 'admin-forbidden-1280', false);
    await page.goto(url('/admin/clear-generations'));
    await page.getByRole('heading', { name: '403 · Admin only' }).waitFor();
    expect(await page.getByLabel('User email').count()).toBe(0);

    const calls = [
      callApi('/api/admin/clear-generations', { method: 'POST', cookie: session, body: { email } }),
      callApi('/api/admin/credits', { method: 'POST', cookie: session, body: { email, amount: 10, reason: 'test' } }),
      callApi('/api/admin/download-extension', { cookie: session }),
    ];
    expect((await Promise.all(calls)).map((response) => response.status)).toEqual([403, 403, 403]);
  });
});
