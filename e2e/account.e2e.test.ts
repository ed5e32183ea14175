// The account page in Chromium (issue 14): rename, change the password (another browser's session
// ends), export the data (prepared in the background, then downloaded), change the email through the link mailed to the new address, then delete
// the account by typing its email; the first email can sign up again.
// Saves /account at 1280 and 390 px into e2e/screenshots/.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, url } from './app';
import { type Browser, openBrowser } from './browser';

const email = `account.${Date.now()}@example.com`;
const password = 'correct horse battery';
const newPassword = 'a brand new secret';
const movedEmail = `moved.${Date.now()}@example.com`;

type Mail = { to: string; text: string };

const post = (path: string, body: unknown) =>
  fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(body),
  });

/** Registers through the API and sets the password from the emailed link. */
async function register() {
  expect((await post('/api/auth/register', { name: 'Ada Account', email })).status).toBe(201);
  const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as Mail[];
  const token = /password-setup\?token=([\w-]+)/.exec(outbox.find((mail) => mail.to === email)?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  expect((await post('/api/auth/set-password', { token, password })).status).toBe(200);
}

async function signIn(page: Page, secret: string) {
  await page.goto(url('/auth/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((target) => target.pathname === '/home');
}

describe('the account page', () => {
  let desktop: Browser;
  let other: Browser;
  let page: Page;

  beforeAll(async () => {
    await register();
    desktop = await openBrowser({ width: 1280, height: 800 });
    other = await openBrowser({ width: 1280, height: 800 });
    page = desktop.page;
    await signIn(page, password);
    await signIn(other.page, password);
  });

  afterAll(async () => {
    await desktop?.close();
    await other?.close();
  });

  it('opens from the account menu and renames the person', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL((target) => target.pathname === '/account');
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    expect(await page.getByText(`You sign in as ${email}.`).isVisible()).toBe(true);

    await page.getByLabel('Name', { exact: true }).fill('Ada King');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Name saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Ada King', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await page.screenshot({ path: 'e2e/screenshots/account-1280.png', fullPage: true });
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await phone.context.addCookies(await desktop.context.cookies());
      await phone.page.goto(url('/account'));
      await phone.page.getByRole('heading', { name: 'Delete account' }).waitFor();
      await phone.page.screenshot({ path: 'e2e/screenshots/account-390.png', fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it('changes the password: a wrong current one is refused, then the other browser is signed out', async () => {
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Current password is incorrect').waitFor();

    await form.getByLabel('Current password').fill(password);
    await form.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed', { exact: true }).waitFor();

    await other.page.goto(url('/home'));
    await other.page.waitForURL((target) => target.pathname === '/auth/login');
    await page.goto(url('/home'));
    await page.getByRole('heading', { name: 'My Feed' }).waitFor();
  });

  it('prepares everything as a JSON file in the background, then offers it for download', async () => {
    await page.goto(url('/account'));
    await page.getByRole('button', { name: 'Export my data' }).click();
    // The queued job writes the file; the page shows its link when it is ready (and the link is mailed).
    const link = page.getByRole('link', { name: 'Download my data' });
    await link.waitFor({ timeout: 30_000 });
    expect(await page.getByText(/link works until/).isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^feedloom-export-\d{4}-\d\d-\d\d\.json$/);
    const saved = await download.path();
    const data = JSON.parse(readFileSync(saved, 'utf8')) as { profile: { email: string; name: string } };
    expect(data.profile).toMatchObject({ email, name: 'Ada King' });
  });

  it('creates an app password for a reader app, with the current password, shown once, and revokes it', async () => {
    const section = page.locator('#reader-apps');
    expect(await section.getByText(`${new URL(baseURL).origin}/api/greader`).isVisible()).toBe(true);
    await section.getByLabel('App name').fill('Reeder on my phone');
    await section.getByLabel('Current password').fill('not my password');
    await section.getByRole('button', { name: 'Create App Password' }).click();
    await page.getByText('Current password is incorrect').waitFor();
    await section.getByLabel('App name').fill('Reeder on my phone');
    await section.getByLabel('Current password').fill(newPassword);
    await section.getByRole('button', { name: 'Create App Password' }).click();
    const secret = await section.locator('output').textContent();
    expect(secret).toMatch(/^[a-z2-7]{32}$/);
    const signIn = await fetch(url('/api/greader/accounts/ClientLogin'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Email: email, Passwd: secret ?? '' }),
    });
    expect(signIn.status).toBe(200);
    const apps = section.getByRole('list', { name: 'App passwords' });
    await apps.getByText('Reeder on my phone').waitFor();
    await apps.getByRole('button', { name: 'Revoke Reeder on my phone' }).click();
    await page.getByText('App password revoked', { exact: true }).waitFor();
    await expect.poll(() => apps.count()).toBe(0);
  });

  it('changes the email once the new address follows the link mailed to it', async () => {
    const form = page.getByRole('form', { name: 'Change email' });
    await form.getByLabel('New email').fill(movedEmail);
    await form.getByLabel('Current password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Email' }).click();
    await page.getByText(`Check ${movedEmail}: follow the link we sent there to finish the change.`).waitFor();

    let link: string | undefined;
    await expect
      .poll(async () => {
        const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as Mail[];
        link = /http\S+\/auth\/confirm-email\?token=[\w-]+/.exec(
          outbox.find((mail) => mail.to === movedEmail)?.text ?? '',
        )?.[0];
        return link;
      })
      .toBeTruthy();
    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Email Changed' }).waitFor();
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.getByText(`You sign in as ${movedEmail}.`).waitFor();
  });

  it('deletes the account once its email is typed, and the first email can sign up again', async () => {
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your email').fill('someone.else@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your email').fill(movedEmail.toUpperCase());
    await confirm.click();
    await page.getByText('Account deleted', { exact: true }).waitFor();
    await page.waitForURL((target) => target.pathname === '/auth');

    const login = await post('/api/auth/login', { username: movedEmail, password: newPassword });
    expect(login.status).toBe(401);
    await register();
    await signIn(page, password);
    await page.getByRole('heading', { name: 'My Feed' }).waitFor();
  });
});
