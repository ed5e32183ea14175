// What a new user tripped over (issue 27 §5) and the spec items an audit found partial (issue 33 items 2, 3),
// in Chromium: the signed-out top bar with its Login button and no 401 in a visitor's console, /auth/verify
// sending a signed-in person home, the sign-up name in the header, the empty state's buttons of one height,
// the 390 px header and welcome toast, the app password's Copy button, the 1280 px list toolbar on one row,
// My Feed's "older unread" count from the server, and a single feed's list without its name on every item.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, url } from './app';
import { type Browser, openBrowser } from './browser';
import { escapeXml, script } from './feed-fixtures';
import { followFeed, PASSWORD, SESSION_COOKIE, signInInBrowser, signUpThroughApi } from './people';

const DAY = 24 * 60 * 60 * 1000;

async function box(locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not on screen: ${locator}`);
  return found;
}

/** A feed of `count` items, all between two and three days old: every one is "Earlier" on My Feed. */
function oldItemsFeed(title: string, count: number) {
  const items = Array.from(
    { length: count },
    (_, index) => `<item><title>Old story ${index + 1}</title>
      <link>https://example.com/${encodeURIComponent(title)}/${index + 1}</link><guid>${index + 1}</guid>
      <pubDate>${new Date(Date.now() - 2 * DAY - index * 60_000).toUTCString()}</pubDate>
      <description>Story ${index + 1}, in brief.</description></item>`,
  ).join('\n');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${escapeXml(title)}</title>
    <link>https://example.com/</link><description>Old news</description>${items}</channel></rss>`;
}

describe('what a new user tripped over', () => {
  let visitor: Browser;
  let desktop: Browser;
  let page: Page;
  let person: { email: string; cookie: string };

  beforeAll(async () => {
    visitor = await openBrowser({ width: 1280, height: 800 });
    person = await signUpThroughApi('newuser');
    desktop = await openBrowser({ width: 1280, height: 800 });
    page = desktop.page;
  });

  afterAll(async () => {
    await visitor?.close();
    await desktop?.close();
  });

  it('shows signed-out pages the top bar with a Login button to /login, and no 401 in the console', async () => {
    const refused: string[] = [];
    visitor.page.on('response', (response) => {
      if (response.url().includes('/api/users/me') && response.status() >= 400) {
        refused.push(`${response.status()} ${response.url()}`);
      }
    });
    visitor.page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    for (const path of ['/auth/login', '/auth/register', '/privacy', '/no-such-page']) {
      await visitor.page.goto(url(path));
      const bar = visitor.page.getByRole('banner');
      await bar.getByRole('link', { name: 'Login' }).waitFor();
      expect(await bar.getByRole('link', { name: 'Login' }).getAttribute('href'), path).toBe('/login');
      expect(await bar.getByRole('link', { name: 'Feedloom' }).isVisible(), path).toBe(true);
    }
    await visitor.page.goto(url('/'));
    const landingLogin = visitor.page.getByRole('banner').getByRole('link', { name: 'Login' });
    await landingLogin.waitFor();
    expect(await landingLogin.getAttribute('href')).toBe('/login');
    await landingLogin.click();
    await visitor.page.waitForURL((target) => target.pathname === '/auth/login');
    await visitor.page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(refused).toEqual([]);
  });

  it('sends a signed-in person from /auth/verify to /home, after using a valid link', async () => {
    await signInInBrowser(page, person.email);
    await page.goto(url('/auth/verify'));
    await page.waitForURL((target) => target.pathname === '/home');
    await page.goto(url('/auth/verify?token=not-a-token'));
    await page.waitForURL((target) => target.pathname === '/home');

    // A valid link of the person's own is used first, then they go home.
    const before = ((await (await fetch(url('/api/dev/outbox'))).json()) as unknown[]).length;
    const sent = await fetch(url('/api/auth/magic-link'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(url('/')).origin },
      body: JSON.stringify({ email: person.email }),
    });
    expect(sent.ok).toBe(true);
    let token: string | undefined;
    for (let attempt = 0; attempt < 60 && !token; attempt++) {
      const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as { to: string; text: string }[];
      if (outbox.length > before) {
        const mail = outbox.find((message) => message.to === person.email && /auth\/verify\?token=/.test(message.text));
        token = /auth\/verify\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      }
      if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(token).toBeDefined();
    await page.goto(url(`/auth/verify?token=${token}`));
    await page.waitForURL((target) => target.pathname === '/home');
    const again = await fetch(url(`/api/auth/verify?token=${token}`));
    expect(again.status).toBe(400);
  });

  it('shows the name given at sign-up in the header, not the email', async () => {
    await page.goto(url('/home'));
    const menu = page.getByRole('button', { name: /account menu/ });
    await menu.waitFor();
    expect(await menu.textContent()).toContain('Test Reader');
    expect(await menu.textContent()).not.toContain(person.email);
    expect(await menu.locator('[data-initials]').getAttribute('data-initials')).toBe('TE');
  });

  it('gives the empty state’s Import / Export the height of the buttons beside it', async () => {
    await page.goto(url('/home'));
    const add = page.getByRole('button', { name: 'Add Your First Feed' });
    await add.waitFor();
    const opml = page.getByRole('main').getByRole('button', { name: 'Import / Export' });
    expect((await box(opml)).height).toBe((await box(add)).height);
  });

  it('at 390 px shows the whole word in the search box and the welcome toast below the header', async () => {
    const phone = await openBrowser(MOBILE);
    try {
      await phone.context.addCookies([{ name: SESSION_COOKIE, value: person.cookie, url: url('/') }]);
      await phone.page.goto(url('/home'));
      const toast = phone.page.getByRole('status').filter({ hasText: 'Welcome to Feedloom!' });
      await toast.waitFor();
      const search = phone.page.getByRole('searchbox', { name: 'Search items' });
      // The placeholder's room: the box less its padding, against the word's width in the box's font.
      const room = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return { inner: 0, word: 1 };
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return {
          inner: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
          word: context.measureText(input.placeholder).width,
        };
      });
      expect(room.inner).toBeGreaterThanOrEqual(room.word);
      const header = await box(phone.page.getByRole('banner'));
      expect((await box(toast)).y).toBeGreaterThanOrEqual(header.y + header.height);
    } finally {
      await phone.close();
    }
  });

  it('offers a Copy button beside a new app password, which copies it', async () => {
    await desktop.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url('/')).origin });
    await page.goto(url('/account'));
    const form = page.getByRole('form', { name: 'New app password' });
    await form.getByLabel('App name').fill('newsboat');
    // The form may ask for the current password (issue 28); this person's is the shared test password.
    const current = form.getByLabel('Current password');
    if ((await current.count()) > 0) await current.fill(PASSWORD);
    await form.getByRole('button', { name: 'Create App Password' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Copy it now' });
    await shown.waitFor();
    const password = (await shown.locator('output').textContent())?.trim();
    expect(password?.length).toBeGreaterThan(10);
    await shown.getByRole('button', { name: 'Copy the app password' }).click();
    await shown.getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  });

  describe('with a feed of 40 unread items from two days ago', () => {
    let feedId: number;

    beforeAll(async () => {
      const feedUrl = await script('many-olds', oldItemsFeed('Many Olds', 40));
      ({ feedId } = await followFeed(person.cookie, { url: feedUrl, name: 'Many Olds', items: 40 }));
    });

    it('says how many older unread items there are as the sidebar counts them, not the loaded page', async () => {
      await page.goto(url('/home'));
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await sidebar.getByRole('link', { name: /^Many Olds.*40 unread/ }).waitFor();
      // The first page holds 30 items; the note said 30 where the sidebar said 40 (issue 27).
      await page.getByRole('button', { name: '40 older unread items below, under Earlier' }).waitFor();
    });

    it('keeps the list toolbar on one row at 1280 px', async () => {
      await page.goto(url('/home'));
      const help = page.getByRole('button', { name: 'Keyboard shortcuts (?)' });
      await help.waitFor();
      // Measured twice, the two boxes could straddle a layout change; polled, they are compared once settled.
      // (A run on 28 Nov found them 124 px apart: the extension banner arrived between the two, pushing the
      // toolbar down, until My Feed showed it from the first frame: features/feeds/components/my-feed.tsx.)
      const offCentre = async () => {
        const order = await box(page.getByRole('combobox', { name: 'Order' }));
        const helpBox = await box(help);
        return Math.abs(helpBox.y + helpBox.height / 2 - (order.y + order.height / 2));
      };
      await expect.poll(offCentre).toBeLessThan(4);
    });

    it('does not repeat the feed’s name on every item of its own page', async () => {
      await page.goto(url(`/feed/${feedId}`));
      const first = page.getByTestId('feed-card').first();
      await first.waitFor();
      expect(await first.textContent()).not.toContain('Many Olds');
      // On My Feed, where items of many feeds meet, each still names its feed.
      await page.goto(url('/home'));
      await page.getByTestId('feed-card').first().getByText('Many Olds', { exact: true }).waitFor();
    });
  });
});
