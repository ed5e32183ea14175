// Feeds and reading in Chromium (issue 3's "Done when"), against feeds scripted on the fake upstream: add
// a feed through the dialog and one through `?addFeed=`, open an item (it turns read and the sidebar's
// unread count drops), filter by date, refresh, use the keyboard, import and export OPML, visit a category
// and delete a feed. Saves /home with feeds at 1280 and 390 px, light and dark, into e2e/screenshots/.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser } from './browser';

declare module 'vitest' {
  interface ProvidedContext {
    baseURL: string;
    fakeUpstreamUrl: string;
  }
}

const baseURL = inject('baseURL');
const upstream = inject('fakeUpstreamUrl');
const stamp = Date.now();
const email = `reader.${stamp}@example.com`;
const password = 'correct horse battery';
const MOBILE = { width: 390, height: 844 };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Browser = Awaited<ReturnType<typeof openBrowser>>;
type Mail = { to: string; text: string };
type TestItem = { title: string; ageMs: number; link?: string; image?: string; description?: string };

const url = (path: string) => new URL(path, baseURL).href;
const scripted = (name: string) => `${upstream}/scripted/${name}-${stamp}`;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An RSS 2.0 document; each item is `ageMs` old and may carry an image enclosure (its card's thumbnail). */
function rss(title: string, items: TestItem[]) {
  const entries = items
    .map(
      (item) => `<item>
  <title>${escapeXml(item.title)}</title>
  <link>${escapeXml(item.link ?? `https://example.com/${encodeURIComponent(item.title)}`)}</link>
  <guid isPermaLink="false">${escapeXml(`${stamp}-${item.title}`)}</guid>
  <pubDate>${new Date(Date.now() - item.ageMs).toUTCString()}</pubDate>
  <description>${escapeXml(item.description ?? `What happened with ${item.title.toLowerCase()}, in brief.`)}</description>
  ${item.image ? `<enclosure url="${escapeXml(item.image)}" type="image/svg+xml" length="400"/>` : ''}
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${escapeXml(title)}</title><link>https://example.com/</link>
<description>${escapeXml(title)}, a feed for the browser tests</description>
${entries}
</channel></rss>`;
}

async function script(name: string, body: string, contentType = 'application/rss+xml; charset=utf-8') {
  const response = await fetch(scripted(name), { method: 'PUT', body: JSON.stringify({ body, contentType }) });
  expect(response.ok).toBe(true);
  return scripted(name);
}

const picture = (hue: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="hsl(${hue} 60% 55%)"/><circle cx="11" cy="3" r="2" fill="hsl(${hue} 80% 85%)"/></svg>`;

const article = `<!doctype html><html><head><title>Looms of the north</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Looms of the north</h1>
${Array.from({ length: 6 }, (_, index) => `<p>Paragraph ${index + 1} of the full article: the weavers of the northern valleys kept their looms running through the winter, trading cloth for grain and teaching their apprentices every pattern by heart.</p>`).join('\n')}
</article><footer>Copyright</footer></body></html>`;

const alphaItems: TestItem[] = [
  { title: 'Alpha looms return', ageMs: 1 * MINUTE, link: scripted('alpha-article'), image: scripted('pic-1') },
  // A picture that fails to load: the card shows the placeholder instead.
  { title: 'Alpha market report', ageMs: 2 * MINUTE, image: `${upstream}/scripted/missing-picture-${stamp}` },
  { title: 'Alpha archive three days', ageMs: 3 * DAY },
  { title: 'Alpha archive ten days', ageMs: 10 * DAY },
];

const betaItems: TestItem[] = [
  { title: 'Beta launches a loom', ageMs: 3 * MINUTE, image: scripted('pic-2') },
  { title: 'Beta archive five days', ageMs: 5 * DAY },
];

/** Registers through the API, sets the password from the emailed link, and signs in in the browser. */
async function signUp(page: Page) {
  const post = (path: string, body: unknown) =>
    fetch(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/register', { name: 'Ada Reader', email })).status).toBe(201);
  const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as Mail[];
  const token = /password-setup\?token=([\w-]+)/.exec(outbox.find((mail) => mail.to === email)?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  expect((await post('/api/auth/set-password', { token, password })).status).toBe(200);

  await page.goto(url('/auth/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((target) => target.pathname === '/home');
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

const cards = (page: Page) => page.getByTestId('feed-card');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const sidebarFeed = (page: Page, name: string) => sidebar(page).getByRole('link', { name: new RegExp(`^${name}`) });

async function expectCount(locator: Locator, count: number) {
  await expect.poll(() => locator.count(), { timeout: 10_000 }).toBe(count);
}

describe('feeds and reading in the browser', () => {
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    await script('alpha', rss('Alpha Weekly', alphaItems));
    await script('alpha-article', article, 'text/html; charset=utf-8');
    await script('pic-1', picture(200), 'image/svg+xml');
    await script('beta', rss('Beta News', betaItems));
    await script('pic-2', picture(20), 'image/svg+xml');
    await script('gamma', rss('Gamma Digest', [{ title: 'Gamma weekly digest', ageMs: 4 * MINUTE }]));

    desktop = await openBrowser({ width: 1280, height: 900 });
    page = desktop.page;
    await signUp(page);
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('welcomes a person with no feeds', async () => {
    await page.getByRole('heading', { name: 'Welcome to Feedloom' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Your First Feed' }).isVisible()).toBe(true);
    await page.getByText('Welcome to Feedloom!', { exact: true }).waitFor();
  });

  it('adds a feed through the dialog, its name read from the feed, in a new category', async () => {
    await page.getByRole('button', { name: 'Add Your First Feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Feed' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Add Feed', exact: true }).click();
    await dialog.getByText('Please enter a valid URL').waitFor();
    expect(await dialog.getByText('Feed name is required').isVisible()).toBe(true);

    await dialog.getByLabel('Feed URL').fill(scripted('alpha'));
    await dialog.getByLabel('Feed URL').blur();
    await expect.poll(() => dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Alpha Weekly');
    expect(await dialog.getByLabel('Include in AI').isChecked()).toBe(true);
    await dialog.getByLabel('Category', { exact: true }).selectOption('new');
    await dialog.getByLabel('New category name').fill('Tech');
    await dialog.getByRole('button', { name: 'Add Feed', exact: true }).click();

    await page.getByText('Feed added successfully', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectCount(cards(page), 4);
    await sidebar(page).getByRole('link', { name: /^Tech/ }).waitFor();
    await expect.poll(() => sidebarFeed(page, 'Alpha Weekly').textContent()).toContain('4 unread');
    // Unread items are bold; the card without a picture (or with a broken one) shows the placeholder.
    expect(await card(page, 'Alpha looms return').getAttribute('data-read')).toBe('false');
    await page.getByRole('heading', { name: 'Past 24 hours' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Earlier' }).isVisible()).toBe(true);
  });

  it('opens the add-feed dialog from ?addFeed=, pre-filled, and drops the parameter', async () => {
    const historyBefore = await page.evaluate(() => history.length);
    await page.goto(url(`/home?addFeed=${encodeURIComponent(scripted('beta'))}`));
    const dialog = page.getByRole('dialog', { name: 'Add Feed' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Feed URL').inputValue()).toBe(scripted('beta'));
    await page.waitForURL((target) => target.pathname === '/home' && !target.searchParams.has('addFeed'));
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1); // the goto, and no more
    await expect.poll(() => dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Beta News');
    await dialog.getByRole('button', { name: 'Add Feed', exact: true }).click();
    await page.getByText('Feed added successfully', { exact: true }).waitFor();
    await expectCount(cards(page), 6);
    await sidebar(page).getByText('General', { exact: true }).waitFor();
  });

  it('warns from max − 1 feeds when the sidebar opens the dialog', async () => {
    await sidebar(page).getByRole('button', { name: 'Add Feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Feed' });
    await dialog.getByText('You are using 2 of 3 feeds on the Free plan.').waitFor();
    await screenshot(page, 'feeds-add-feed-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('opens an item: the full article shows, the item turns read and the unread count drops', async () => {
    const target = card(page, 'Alpha looms return');
    await target.getByRole('button', { name: 'Alpha looms return' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alpha looms return' });
    await dialog.waitFor();
    await dialog.getByText('Paragraph 3 of the full article', { exact: false }).waitFor();
    expect(await dialog.getByRole('link', { name: /Read the original/ }).getAttribute('target')).toBe('_blank');
    expect(await dialog.getByRole('button', { name: 'Rewrite with AI' }).isVisible()).toBe(true);
    await screenshot(page, 'feeds-article-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((target) => !target.searchParams.has('item'));

    await expect.poll(() => target.getAttribute('data-read')).toBe('true');
    await expect.poll(() => sidebarFeed(page, 'Alpha Weekly').textContent()).toContain('3 unread');
  });

  it('filters by date', async () => {
    // The server's clock cannot be pinned here, so the expected cards follow from the items' ages and
    // the time since midnight in the browser's zone (the person's): right after midnight the items of a
    // few minutes ago are yesterday's. worker/routes/date-filters.test.ts checks every hour.
    const shown = [...alphaItems, ...betaItems];
    const sinceMidnight = await page.evaluate(() => {
      const now = new Date();
      return now.getTime() - new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
    });
    const daysAgo = (item: TestItem) => Math.ceil((item.ageMs - sinceMidnight) / DAY);
    const expected = (from: number, to: number) =>
      shown.filter((item) => daysAgo(item) >= from && daysAgo(item) <= to).length;
    const filter = page.getByLabel('Date filter');
    await filter.selectOption('today');
    await expectCount(cards(page), expected(0, 0));
    expect(await card(page, 'Alpha archive three days').count()).toBe(0);
    await filter.selectOption('last7days');
    await expectCount(cards(page), expected(0, 6));
    await filter.selectOption('yesterday');
    if (expected(1, 1) === 0) await page.getByText('No feed items found').waitFor();
    else await expectCount(cards(page), expected(1, 1));
    await filter.selectOption('none');
    await expectCount(cards(page), 6);
  });

  it('refreshes the feeds and shows what they published since', async () => {
    await script('alpha', rss('Alpha Weekly', [{ title: 'Alpha breaking news', ageMs: 0 }, ...alphaItems]));
    await page.getByRole('button', { name: 'Refresh Feeds' }).click();
    await page.getByText('Feed refresh started', { exact: true }).waitFor();
    // The list is refetched 2 s after the refresh starts; a slow queue gets a second refresh (the "r" key).
    try {
      await card(page, 'Alpha breaking news').waitFor({ timeout: 8000 });
    } catch {
      await page.locator('body').press('r');
      await card(page, 'Alpha breaking news').waitFor({ timeout: 8000 });
    }
    await expectCount(cards(page), 7);
  });

  it('moves through the items with the keyboard', async () => {
    const activeIndex = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="feed-card"]')).findIndex((card) =>
          card.hasAttribute('data-active'),
        ),
      );
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    const first = await activeIndex();
    expect(first).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('j');
    await expect.poll(activeIndex).toBe(first + 1);
    await page.keyboard.press('k');
    await expect.poll(activeIndex).toBe(first);

    const selected = cards(page).nth(first);
    const wasRead = await selected.getAttribute('data-read');
    await page.keyboard.press('m');
    await expect.poll(() => selected.getAttribute('data-read')).toBe(wasRead === 'true' ? 'false' : 'true');

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByText('Next item').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    const title = (await selected.getByRole('heading').textContent()) ?? '';
    await page.keyboard.press('o');
    await page.getByRole('dialog', { name: title }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((target) => !target.searchParams.has('item'));
  });

  it('imports an OPML file and exports one', async () => {
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Subscriptions</title></head><body>
<outline text="Reading" title="Reading">
  <outline type="rss" text="Gamma Digest" title="Gamma Digest" xmlUrl="${escapeXml(scripted('gamma'))}"/>
</outline>
</body></opml>`;
    const menu = page.getByRole('button', { name: 'Import / Export' });

    await menu.click();
    let chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import OPML file' }).click();
    await (await chooser).setFiles({ name: 'broken.opml', mimeType: 'text/x-opml', buffer: Buffer.from('not opml') });
    await page.getByText('Error importing OPML', { exact: true }).waitFor();

    await menu.click();
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import OPML file' }).click();
    await (await chooser).setFiles({ name: 'feeds.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml) });
    await page.getByText('Imported 1 feeds, skipped 0, 0 failed', { exact: true }).waitFor({ timeout: 30_000 });
    await sidebarFeed(page, 'Gamma Digest').waitFor();
    await card(page, 'Gamma weekly digest').waitFor();

    await menu.click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export OPML file' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.opml$/);
  });

  it('saves screenshots of My Feed with feeds', async () => {
    await page.goto(url('/home'));
    await cards(page).first().waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(200);
      await screenshot(page, `feeds-home-1280${scheme === 'dark' ? '-dark' : ''}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    const phone = await openBrowser(MOBILE);
    try {
      await phone.context.addCookies(await desktop.context.cookies());
      for (const scheme of ['light', 'dark'] as const) {
        await phone.page.emulateMedia({ colorScheme: scheme });
        await phone.page.goto(url('/home'));
        await cards(phone.page).first().waitFor();
        await phone.page.waitForTimeout(300);
        await screenshot(phone.page, `feeds-home-390${scheme === 'dark' ? '-dark' : ''}`);
      }
      // The sidebar is hidden on phones; the top bar's menu opens it as a drawer.
      await phone.page.getByRole('button', { name: 'Open menu' }).click();
      const menu = phone.page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('link', { name: /^Alpha Weekly/ }).waitFor();
      await screenshot(phone.page, 'feeds-menu-390-dark');
      await menu.getByRole('link', { name: /^Alpha Weekly/ }).click();
      await phone.page.waitForURL((target) => target.pathname.startsWith('/feed/'));
      await menu.waitFor({ state: 'hidden' });
    } finally {
      await phone.close();
    }
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
    expect(await dialog.getByLabel('Category').inputValue()).not.toBe('none');
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
