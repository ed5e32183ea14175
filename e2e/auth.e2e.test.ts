// Accounts end to end in Chromium (issue 2): register → the dev mailbox → the emailed link → set a password
// (which signs in) → /home; sign in → /home → sign out → /auth/login; plus the redirects around auth and the 404 page, and
// the landing page's JavaScript budget (docs/performance.md: under 100 KB gzip, so a visitor's first page is quick). Saves the
// screenshots of landing, sign-in and home at 1280 and 390 px into e2e/screenshots/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScripts } from '../bench/spa-scripts.mjs';
import { baseURL, MOBILE, screenshot, url } from './app';
import { type Browser, openBrowser } from './browser';
import { choosePasswordInBrowser, followPasswordSetupLink, registerInBrowser } from './people';

const email = `ada.${Date.now()}@example.com`;
const password = 'correct horse battery';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A second browser at phone width, signed in with the same session when cookies are given. */
async function atPhoneWidth(run: (page: Page) => Promise<void>, from?: Browser) {
  const phone = await openBrowser(MOBILE);
  try {
    if (from) await phone.context.addCookies(await from.context.cookies());
    await run(phone.page);
  } finally {
    await phone.close();
  }
}

describe('accounts in the browser', () => {
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    desktop = await openBrowser({ width: 1280, height: 800 });
    page = desktop.page;
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('shows the landing page to visitors', async () => {
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'How It Works' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Everything You Need' }).isVisible()).toBe(true);
    await screenshot(page, 'landing-1280');
    await atPhoneWidth(async (phone) => {
      await phone.goto(url('/'));
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(phone, 'landing-390');
    });
  });

  it('sends a visitor less than 100 KB of compressed JavaScript for the landing page', async () => {
    // A fresh browser, so nothing comes from the cache of the visit above.
    const visitor = await openBrowser();
    try {
      const countScripts = recordScripts(visitor.page, baseURL);
      await visitor.page.goto(url('/'), { waitUntil: 'networkidle' });
      await visitor.page.getByRole('heading', { name: 'How It Works' }).waitFor();
      const { scripts, jsGzipBytes } = await countScripts();
      expect(scripts).toBeGreaterThan(0);
      expect(jsGzipBytes).toBeLessThan(100 * 1024);
    } finally {
      await visitor.close();
    }
  });

  it('registers, follows the emailed link from the dev mailbox and sets a password', async () => {
    await registerInBrowser(page, 'Ada Lovelace', email);
    expect(new URL(page.url()).searchParams.get('type')).toBe('password_setup');
    // One message: the card says to check the email; no toast beside it says to sign in.
    await page.getByText('Check your email', { exact: true }).waitFor();
    expect(await page.getByText('Please sign in', { exact: false }).count()).toBe(0);

    await followPasswordSetupLink(page, email);
    await page.getByRole('heading', { name: 'Create Password' }).waitFor();
    await choosePasswordInBrowser(page, password);
    await page.getByRole('heading', { name: 'Password Set Successfully' }).waitFor();
    // Setting the password signed Ada in: the card offers My Feed, not a sign-in she no longer needs (issue 27),
    // and after 2 s the page moves on to /home.
    expect(await page.getByRole('link', { name: 'Go to My Feed' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Sign In' }).count()).toBe(0);
    await page.waitForURL((target) => target.pathname === '/home');
    await page.getByRole('heading', { name: 'My Feed' }).waitFor();
  });

  it('signs in and lands on /home', async () => {
    await desktop.context.clearCookies();
    await page.goto(url('/auth/login'));
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'sign-in-1280');
    await atPhoneWidth(async (phone) => {
      await phone.goto(url('/auth/login'));
      await phone.getByRole('button', { name: 'Sign In' }).waitFor();
      await screenshot(phone, 'sign-in-390');
    });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((target) => target.pathname === '/home');
    await page.getByRole('heading', { name: 'My Feed' }).waitFor();
    await page.getByText('Login successful', { exact: true }).waitFor();
    await screenshot(page, 'home-1280');
    await atPhoneWidth(async (phone) => {
      await phone.goto(url('/home'));
      await phone.getByRole('heading', { name: 'My Feed' }).waitFor();
      await screenshot(phone, 'home-390');
    }, desktop);
  });

  it('sends a signed-in person from the auth pages to /home', async () => {
    await page.goto(url('/auth/login'));
    await page.waitForURL((target) => target.pathname === '/home');
    await page.getByRole('heading', { name: 'My Feed' }).waitFor();
  });

  it('signs out from the account menu and lands on /auth/login', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('My Account').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((target) => target.pathname === '/auth/login');
    await page.getByText('Logged out', { exact: true }).waitFor();
  });

  it('sends a signed-out person from /home to /auth/login', async () => {
    await page.goto(url('/home'));
    await page.waitForURL((target) => target.pathname === '/auth/login');
    expect(pathOf(page)).toBe('/auth/login');
  });

  it('returns a signed-out person to the protected page they opened, once signed in', async () => {
    await page.goto(url('/preferences?from=mail#email-settings'));
    await page.waitForURL((target) => target.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/preferences?from=mail#email-settings');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    const login = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await (await login).json()).toMatchObject({ redirect: '/preferences?from=mail#email-settings' });
    await page.waitForURL((target) => target.pathname === '/preferences' && target.hash === '#email-settings');
    await page.getByRole('heading', { name: 'Preferences' }).first().waitFor();
    // The page the login loads still says "Login successful", and the AI keys warning of /preferences
    // does not replace it (issue 33: the success toast was lost in the redirect's page load) but follows
    // it once it is closed. The click lands on the Close button's X icon, where a person presses.
    await page.getByText('Login successful', { exact: true }).waitFor();
    expect(await page.getByText('AI keys are not configured', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close' }).locator('svg').click();
    await page.getByText('AI keys are not configured', { exact: true }).waitFor();
    expect(await page.getByText('Login successful', { exact: true }).count()).toBe(0);
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto(url('/no-such-page/here'));
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    // A visitor is told what happened, not asked about the router (issue 27; docs/deviations.md).
    await page.getByText('There is no page at this address.', { exact: false }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
  });
});
