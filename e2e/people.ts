// Setting up a person for a browser test through the API, as a script would: register, set the
// password from the dev outbox's link, sign in, and follow feeds scripted on the fake upstream; then
// sign in in the browser the way a person does.
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseURL, url } from './app';

export const SESSION_COOKIE = 'feedloom_session';
export const PASSWORD = 'correct horse battery';

const fakeUpstreamUrl = inject('fakeUpstreamUrl');

export async function postApi(path: string, body: unknown, cookie?: string) {
  const response = await fetch(url(path), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseURL,
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A new account, signed in; returns its email and session cookie value. */
export async function signUpThroughApi(label: string) {
  const email = `${label}.${Date.now()}@example.com`;
  await postApi('/api/auth/register', { name: 'Test Reader', email });
  const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as { to: string; text: string }[];
  const token = /password-setup\?token=([\w-]+)/.exec(outbox.find((mail) => mail.to === email)?.text ?? '')?.[1];
  await postApi('/api/auth/set-password', { token, password: PASSWORD });
  const login = await postApi('/api/auth/login', { username: email, password: PASSWORD });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.match(new RegExp(`^${SESSION_COOKIE}=([^;]+)`))?.[1])
    .find(Boolean);
  if (!cookie) throw new Error('no session cookie after sign-in');
  return { email, cookie };
}

/** Signs in on /auth/login with the shared test password and waits for My Feed. */
export async function signInInBrowser(page: Page, email: string) {
  await page.goto(url('/auth/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((target) => target.pathname === '/home');
}

/** A category of the person's, by name; returns its id. */
export async function createCategory(cookie: string, name: string) {
  return ((await (await postApi('/api/categories', { name }, cookie)).json()) as { id: number }).id;
}

/** Follows a feed already scripted on the fake upstream and waits until `items` of its items are fetched. */
export async function followFeed(
  cookie: string,
  feed: { url: string; name: string; categoryId?: number | null; items: number },
) {
  const { id } = (await (
    await postApi(
      '/api/feeds',
      { url: feed.url, name: feed.name, categoryId: feed.categoryId ?? null, includeInAi: true },
      cookie,
    )
  ).json()) as { id: number };
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await fetch(url(`/api/feed-items?feedId=${id}&limit=100`), {
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    const items = (await response.json()) as { id: number; title: string }[];
    if (items.length >= feed.items) return { feedId: id, items };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${feed.name} was never fetched`);
}

/** Follows a one-item feed scripted on the fake upstream and waits until its item is fetched. */
export async function followOneItemFeed(cookie: string, options: { categoryId?: number } = {}) {
  const feedUrl = `${fakeUpstreamUrl}/scripted/people-${Date.now()}`;
  await fetch(feedUrl, {
    method: 'PUT',
    body: JSON.stringify({
      contentType: 'application/rss+xml',
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Axe Weekly</title><link>https://axe.example/</link>
        <description>Notes on accessible reading</description>
        <item><title>Contrast matters</title><link>https://axe.example/contrast</link><guid>contrast</guid>
        <pubDate>${new Date().toUTCString()}</pubDate>
        <description>Readable text needs enough contrast against its background. Designers check the ratio of every colour pair they use.</description></item>
      </channel></rss>`,
    }),
  });
  const { feedId, items } = await followFeed(cookie, {
    url: feedUrl,
    name: 'Axe Weekly',
    categoryId: options.categoryId,
    items: 1,
  });
  return { feedId, item: items[0] as { id: number; title: string } };
}

/** Fills /auth/register and waits for /auth/email-sent, which says to check the email. */
export async function registerInBrowser(page: Page, name: string, email: string) {
  await page.goto(url('/auth/register'));
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((target) => target.pathname === '/auth/email-sent');
}

/** From /auth/email-sent: opens the dev mailbox and follows the password-setup link mailed to `email`. */
export async function followPasswordSetupLink(page: Page, email: string) {
  await page.getByRole('link', { name: 'dev mailbox' }).click();
  await page.waitForURL((target) => target.pathname === '/dev/mailbox');
  const newest = page.getByRole('article', { name: 'Selected email' });
  await newest.getByText(`To ${email}`, { exact: false }).waitFor();
  await newest.getByRole('link', { name: /\/auth\/password-setup\?token=/ }).click();
  await page.waitForURL((target) => target.pathname === '/auth/password-setup');
}

/** Chooses the password on /auth/password-setup (which signs the person in). */
export async function choosePasswordInBrowser(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
}
