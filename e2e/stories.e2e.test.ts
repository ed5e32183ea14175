// Story threads in the browser (issue 24): three feeds carry the same two stories in different words, and
// two unrelated stories about the same company. My Feed and the category show one card per story with
// "3 sources" and the other outlets; opening it lists every source (title, outlet, time, link) and reads
// the whole story; a feed's own page shows all of its items.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_OUTLETS, RECALL } from '../worker/test/acme-stories';
import { url } from './app';
import { type Browser, openBrowser } from './browser';
import { MINUTE, rss, script, sidebar } from './feed-fixtures';
import { createCategory, followFeed, SESSION_COOKIE, signInInBrowser, signUpThroughApi } from './people';

const cards = (page: Page) => page.getByRole('article');

/** The feed of ACME_OUTLETS[index], scripted on the fake upstream, with `later` items published since. */
function scriptOutlet(index: number, later: [title: string, text: string][] = []) {
  const outlet = ACME_OUTLETS[index] as (typeof ACME_OUTLETS)[number];
  const items = outlet.items.map(([title, description], n) => ({
    title,
    description,
    link: `https://${outlet.name.toLowerCase()}.example.com/${n}`,
    ageMs: (600 - n * 240 - index * 30) * MINUTE,
  }));
  const fresh = later.map(([title, description], n) => ({
    title,
    description,
    link: `https://${outlet.name.toLowerCase()}.example.com/later-${n}`,
    ageMs: 0,
  }));
  return script(`stories-${outlet.name}`, rss(outlet.name, [...fresh, ...items]));
}

/** Daily's report of the battery plant, published after the person read Wire's. */
const PLANT_LATER: [string, string] = [
  'Acme battery factory near Columbus to employ 900',
  'Acme Motors opened a battery factory near Columbus, Ohio, that will employ 900 people and supply cells for its electric pickup from next spring, the governor said at the ribbon cutting.',
];
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });

describe('story threads in the browser', () => {
  let browser: Browser;
  let page: Page;
  let cookie = '';
  const feedIds: Record<string, number> = {};
  let categoryId = 0;

  beforeAll(async () => {
    const person = await signUpThroughApi('stories');
    cookie = person.cookie;
    categoryId = await createCategory(cookie, 'Cars');
    for (const [index, outlet] of ACME_OUTLETS.entries()) {
      const feedUrl = await scriptOutlet(index);
      const { feedId } = await followFeed(cookie, {
        url: feedUrl,
        name: outlet.name,
        categoryId,
        items: outlet.items.length,
      });
      feedIds[outlet.name] = feedId;
    }
    browser = await openBrowser({ width: 1280, height: 900 });
    page = browser.page;
    await signInInBrowser(page, person.email);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows one card per story on My Feed and in the category, with "3 sources" and the other outlets', async () => {
    for (const path of ['/home', `/category/${categoryId}`]) {
      await page.goto(url(path));
      await card(page, RECALL).waitFor();
      expect(await cards(page).count(), path).toBe(4);
      const recall = card(page, RECALL);
      await expect
        .poll(() => recall.locator('[data-story-sources]').textContent())
        .toMatch(/3 sources\s*·\s*also (Daily, Blog|Blog, Daily)/);
      const ceo = card(page, 'Acme chief executive resigns after accounting probe');
      expect(await ceo.locator('[data-story-sources]').textContent()).toMatch(/3 sources/);
      // Two other stories about Acme the same week stay cards of their own, with no sources line.
      for (const title of ['Acme opens battery plant in Ohio', 'Acme sponsors the city marathon'])
        expect(await card(page, title).locator('[data-story-sources]').count()).toBe(0);
    }
  });

  it('opens the story with every source: title, outlet, time and link; reading it reads the story', async () => {
    await page.goto(url('/home'));
    await card(page, RECALL).getByRole('button', { name: RECALL }).click();
    const dialog = page.getByRole('dialog');
    const sources = dialog.locator('[data-story-source]');
    await sources.first().waitFor();
    expect(await sources.count()).toBe(3);
    const texts = await sources.allInnerTexts();
    const expected: [outlet: string, title: string][] = [
      ['Wire', RECALL],
      ['Daily', 'Brake sensor fault forces Acme to recall 1.2m sedans'],
      ['Blog', "Acme's 1.2 million car recall: what the brake sensor fault means"],
    ];
    for (const [outlet, title] of expected) {
      expect(
        texts.some((text) => text.includes(title) && text.includes(outlet)),
        title,
      ).toBe(true);
    }
    expect(await dialog.getByRole('link', { name: /Brake sensor fault forces Acme/ }).getAttribute('href')).toBe(
      'https://daily.example.com/0',
    );
    await page.keyboard.press('Escape');
    // The whole story is read, as any reader app sees it too.
    await expect
      .poll(async () => {
        const response = await fetch(url('/api/feed-items?filter=unread&threads=false&limit=50'), {
          headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
        });
        return ((await response.json()) as { title: string }[]).filter((item) => /1\.2/.test(item.title)).length;
      })
      .toBe(0);
  });

  it('shows every item on a feed’s own page, each story saying it is also in 2 feeds', async () => {
    await page.goto(url(`/feed/${feedIds.Daily}`));
    await card(page, 'Acme boss quits as accounts inquiry widens').waitFor();
    expect(await cards(page).count()).toBe(2);
    for (const title of [
      'Acme boss quits as accounts inquiry widens',
      'Brake sensor fault forces Acme to recall 1.2m sedans',
    ])
      expect(await card(page, title).locator('[data-story-sources]').textContent()).toBe('also in 2 feeds');
    await page.goto(url(`/feed/${feedIds.Blog}`));
    await card(page, 'Acme sponsors the city marathon').waitFor();
    expect(await card(page, 'Acme sponsors the city marathon').locator('[data-story-sources]').count()).toBe(0);
  });

  it('shows every item once "Group the same story from different feeds" is turned off, and one card per story again once on', async () => {
    const setting = async (on: boolean) => {
      await page.goto(url('/account'));
      const box = page.getByRole('checkbox', { name: 'Group the same story from different feeds' });
      await box.waitFor();
      expect(await box.isChecked()).toBe(!on);
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(on);
    };
    await setting(false);
    await page.goto(url('/home'));
    await card(page, 'Brake sensor fault forces Acme to recall 1.2m sedans').waitFor();
    expect(await cards(page).count()).toBe(8);
    // Every item its own card: the six of the two stories say where else they are, none is collapsed.
    const badges = await page.locator('[data-story-sources]').allTextContents();
    expect(badges).toEqual(Array(6).fill('also in 2 feeds'));
    await setting(true);
    await page.goto(url('/home'));
    await card(page, RECALL).locator('[data-story-sources]').waitFor();
    expect(await cards(page).count()).toBe(4);
  });

  it('keeps a read story read when a source arrives later, and says "1 new source" on its card', async () => {
    const plant = 'Acme opens battery plant in Ohio';
    await page.goto(url('/home'));
    await card(page, plant).getByRole('button', { name: plant }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    const cars = sidebar(page).getByRole('link', { name: /^Cars/ });
    // Unread stories left: the resignation and the marathon (the recall was read above).
    await expect.poll(() => cars.textContent()).toMatch(/2 unread$/);
    // Daily reports the plant too, after the person read Wire's report.
    await scriptOutlet(1, [PLANT_LATER]);
    await page.getByRole('button', { name: 'Refresh Feeds' }).click();
    const daily = sidebar(page).getByRole('link', { name: /^Daily/ });
    await expect.poll(() => daily.textContent(), { timeout: 20_000 }).toMatch(/2 unread$/);
    // The story is still read: Cars still counts 2 unread stories, and the card says what is new.
    expect(await cars.textContent()).toMatch(/2 unread$/);
    await page.goto(url('/home'));
    const badge = card(page, plant).locator('[data-story-sources]');
    await expect.poll(() => badge.textContent()).toMatch(/2 sources\s*·\s*also Daily\s*·\s*1 new source$/);
    expect(await card(page, plant).getByTitle('Unread').count()).toBe(0);
    // Nor is it in the unread list.
    const response = await fetch(url('/api/feed-items?filter=unread'), {
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(((await response.json()) as { title: string }[]).map((item) => item.title).sort()).toEqual([
      'Acme chief executive resigns after accounting probe',
      'Acme sponsors the city marathon',
    ]);
  });
});
