// Rules, mute words and saved searches in the browser (issue 26): the rule editor shows what a match
// takes as the person types (saved at 1280 and 390 px), a saved hide rule takes its items off My Feed,
// mute words hide theirs everywhere, a saved search shows in the sidebar under "Searches" with its
// unread count and opens as the searched list, and a saved rule is edited and turned off and on.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, MOBILE, screenshot, url } from './app';
import { type Browser, openBrowser } from './browser';
import { followFeed, SESSION_COOKIE, signUpThroughApi } from './people';

const upstream = inject('fakeUpstreamUrl');
const stamp = Date.now();

const TITLES = [
  'Crypto coins crash again',
  'Rockets to the moon',
  'Gardening in spring',
  'Why crypto keeps coming back',
  'Rockets, reusable at last',
  'Bread baking basics',
];

function rss(name: string) {
  const items = TITLES.map(
    (title, index) => `<item><title>${title}</title><link>https://example.com/${name}/${index}</link>
<guid isPermaLink="false">${stamp}-${name}-${index}</guid><pubDate>${new Date(Date.now() - (index + 1) * 3_600_000).toUTCString()}</pubDate>
<description>About ${title.toLowerCase()}.</description></item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${name}</title>
<link>https://example.com/${name}</link><description>${name}</description>${items}</channel></rss>`;
}

const listedTitles = (page: Page) => page.getByTestId('feed-card').locator('h3').allInnerTexts();

async function typeMatch(page: Page, text: string) {
  const match = page.getByLabel('Match');
  await match.fill('');
  // Typed key by key, as a person does: the preview waits for a pause.
  await match.pressSequentially(text, { delay: 40 });
}

describe('rules in the browser', () => {
  let browser: Browser;
  let page: Page;
  let cookie = '';

  beforeAll(async () => {
    const person = await signUpThroughApi('rules');
    cookie = person.cookie;
    const feedUrl = `${upstream}/scripted/rules-${stamp}`;
    const scripted = await fetch(feedUrl, {
      method: 'PUT',
      body: JSON.stringify({ body: rss('Mixed news'), contentType: 'application/rss+xml' }),
    });
    expect(scripted.ok).toBe(true);
    await followFeed(cookie, { url: feedUrl, name: 'Mixed news', items: TITLES.length });
    browser = await openBrowser({ width: 1280, height: 900 });
    page = browser.page;
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseURL }]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the matches live as the match is typed, then hides them once the rule is saved', async () => {
    await page.goto(url('/rules'));
    await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
    const preview = page.getByTestId('rule-preview');
    await expect.poll(() => preview.innerText()).toContain('Type a match');
    await typeMatch(page, 'crypto');
    await expect.poll(() => preview.innerText()).toContain('2 of 6 items of the last 30 days match');
    const shown = await preview.getByRole('listitem').allInnerTexts();
    expect(shown.map((text) => text.replace(/\s+/g, ' '))).toEqual([
      'Crypto coins crash again · Mixed news',
      'Why crypto keeps coming back · Mixed news',
    ]);
    await typeMatch(page, 'title:rockets -reusable');
    await expect.poll(() => preview.innerText()).toContain('1 of 6 items');
    await screenshot(page, 'rule-editor-preview-1280', false);
    await typeMatch(page, 'crypto');
    await expect.poll(() => preview.innerText()).toContain('2 of 6');
    await page.getByLabel('Name', { exact: true }).fill('No crypto');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('list', { name: 'Rules' }).getByText('No crypto').waitFor();
    await page.goto(url('/home'));
    await expect
      .poll(() => listedTitles(page))
      .toEqual(['Rockets to the moon', 'Gardening in spring', 'Rockets, reusable at last', 'Bread baking basics']);
  });

  it('asks before a hide takes more than 90% of the last 30 days', async () => {
    await page.goto(url('/rules'));
    await typeMatch(page, 'link:example.com');
    const warning = page.getByText('This would hide more than 90% of the last 30 days');
    await warning.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: 'Save rule' }).isDisabled()).toBe(true);
  });

  it('hides the items with a mute word everywhere', async () => {
    await page.goto(url('/rules'));
    await page.getByRole('textbox', { name: 'Mute words' }).fill('bread baking');
    await page.getByRole('button', { name: 'Save mute words' }).click();
    await page.getByText('Mute words saved').waitFor();
    await page.goto(url('/home'));
    await expect
      .poll(() => listedTitles(page))
      .toEqual(['Rockets to the moon', 'Gardening in spring', 'Rockets, reusable at last']);
  });

  it('lists a saved search under "Searches" with its unread count, and opens it as a list', async () => {
    await page.goto(url('/rules'));
    await page.getByLabel('Search name').fill('Rockets');
    await page.getByLabel('Search', { exact: true }).fill('rockets');
    await page.getByRole('button', { name: 'Save search' }).click();
    const searches = page.getByRole('navigation', { name: 'Searches' });
    const link = searches.getByRole('link', { name: /Rockets/ });
    await expect.poll(() => link.innerText()).toMatch(/Rockets\s*2/);
    await link.click();
    await page.waitForURL((target) => target.pathname === '/home' && target.searchParams.get('q') === 'rockets');
    await expect.poll(() => page.getByTestId('feed-row').count()).toBe(2);
  });

  it('shows the editor’s live preview at phone width', async () => {
    const phone = await openBrowser(MOBILE);
    try {
      await phone.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseURL }]);
      await phone.page.goto(url('/rules'));
      await typeMatch(phone.page, 'rockets');
      const preview = phone.page.getByTestId('rule-preview');
      await expect.poll(() => preview.innerText()).toContain('2 of 3 items');
      await screenshot(phone.page, 'rule-editor-preview-390', false);
    } finally {
      await phone.close();
    }
  });

  it('edits a saved rule in the editor, with its preview, and turns it off and on', async () => {
    await page.goto(url('/rules'));
    const rules = page.getByRole('list', { name: 'Rules' });
    await rules.getByRole('button', { name: 'Edit No crypto' }).click();
    await page.getByRole('heading', { name: 'Edit rule: No crypto' }).waitFor();
    const match = page.getByLabel('Match');
    expect(await match.inputValue()).toBe('crypto');
    const preview = page.getByTestId('rule-preview');
    await typeMatch(page, 'gardening');
    // Of the 3 items still shown: the preview counts what the person sees.
    await expect.poll(() => preview.innerText()).toContain('1 of 3 items');
    await page.getByLabel('Name', { exact: true }).fill('No gardening');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await rules.getByText('No gardening').waitFor();
    await page.getByRole('heading', { name: 'New rule' }).waitFor();
    expect(await rules.getByText('No crypto').count()).toBe(0);
    expect((await rules.getByRole('listitem').allInnerTexts()).join(' ')).toContain('gardening in every feed');
    // Applied to the stored items too; what it hid as "crypto" stays hidden.
    await page.goto(url('/home'));
    await expect.poll(() => listedTitles(page)).toEqual(['Rockets to the moon', 'Rockets, reusable at last']);

    await page.goto(url('/rules'));
    const on = page.getByRole('checkbox', { name: 'No gardening: on' });
    expect(await on.isChecked()).toBe(true);
    await on.click();
    await page.getByText('Rule off', { exact: true }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: 'No gardening: on' }).isChecked()).toBe(false);
    const saved = await fetch(`${baseURL}/api/rules`, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
    const [rule] = (await saved.json()) as { name: string; match: string; enabled: boolean }[];
    expect(rule).toMatchObject({ name: 'No gardening', match: 'gardening', enabled: false });
    await page.getByRole('checkbox', { name: 'No gardening: on' }).click();
    await page.getByText('Rule on', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: 'No gardening: on' }).isChecked()).toBe(true);
  });
});
