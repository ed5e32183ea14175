// What the three feed browser tests share: feeds scripted on the fake upstream (an RSS builder, pictures,
// a full article page), the Alpha and Beta items whose ages the date filters are checked against, and the
// locators for cards and the sidebar. Each test file gets its own stamp, so their feeds never meet.
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { openBrowser } from './browser';
import { createCategory, followFeed, signInInBrowser, signUpThroughApi } from './people';

const upstream = inject('fakeUpstreamUrl');
const stamp = Date.now();
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export type TestItem = { title: string; ageMs: number; link?: string; image?: string; description?: string };

export const scripted = (name: string) => `${upstream}/scripted/${name}-${stamp}`;

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An RSS 2.0 document; each item is `ageMs` old and may carry an image enclosure (its card's thumbnail). */
export function rss(title: string, items: TestItem[]) {
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

export async function script(name: string, body: string, contentType = 'application/rss+xml; charset=utf-8') {
  const response = await fetch(scripted(name), { method: 'PUT', body: JSON.stringify({ body, contentType }) });
  expect(response.ok).toBe(true);
  return scripted(name);
}

export const picture = (hue: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="hsl(${hue} 60% 55%)"/><circle cx="11" cy="3" r="2" fill="hsl(${hue} 80% 85%)"/></svg>`;

export const article = `<!doctype html><html><head><title>Looms of the north</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Looms of the north</h1>
${Array.from({ length: 6 }, (_, index) => `<p>Paragraph ${index + 1} of the full article: the weavers of the northern valleys kept their looms running through the winter, trading cloth for grain and teaching their apprentices every pattern by heart.</p>`).join('\n')}
</article><footer>Copyright</footer></body></html>`;

export const alphaItems: TestItem[] = [
  { title: 'Alpha looms return', ageMs: 1 * MINUTE, link: scripted('alpha-article'), image: scripted('pic-1') },
  // A picture that fails to load: the card shows the placeholder instead.
  { title: 'Alpha market report', ageMs: 2 * MINUTE, image: `${upstream}/scripted/missing-picture-${stamp}` },
  { title: 'Alpha archive three days', ageMs: 3 * DAY },
  { title: 'Alpha archive ten days', ageMs: 10 * DAY },
];

export const betaItems: TestItem[] = [
  { title: 'Beta launches a loom', ageMs: 3 * MINUTE, image: scripted('pic-2') },
  { title: 'Beta archive five days', ageMs: 5 * DAY },
];

/** Alpha (in Tech), Beta and Gamma on the fake upstream, with Alpha's article page and two pictures. */
export async function scriptFeeds(options: { alphaNews?: boolean } = {}) {
  const alpha = options.alphaNews ? [{ title: 'Alpha breaking news', ageMs: 0 }, ...alphaItems] : alphaItems;
  await script('alpha', rss('Alpha Weekly', alpha));
  await script('alpha-article', article, 'text/html; charset=utf-8');
  await script('pic-1', picture(200), 'image/svg+xml');
  await script('beta', rss('Beta News', betaItems));
  await script('pic-2', picture(20), 'image/svg+xml');
  await script('gamma', rss('Gamma Digest', [{ title: 'Gamma weekly digest', ageMs: 4 * MINUTE }]));
  return alpha.length;
}

export const cards = (page: Page) => page.getByTestId('feed-card');
export const card = (page: Page, title: string) => cards(page).filter({ hasText: title });
export const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
export const sidebarFeed = (page: Page, name: string) =>
  sidebar(page).getByRole('link', { name: new RegExp(`^${name}`) });

export async function expectCount(locator: Locator, count: number) {
  await expect.poll(() => locator.count()).toBe(count);
}

/**
 * The feeds scripted, a new person following Alpha (in Tech) and Beta through the API with their items
 * fetched, signed in in a desktop browser. `alphaNews` adds the item a refresh would bring.
 */
export async function signInFollowingAlphaAndBeta(options: { alphaNews?: boolean } = {}) {
  const alphaCount = await scriptFeeds(options);
  const person = await signUpThroughApi('reader');
  const tech = await createCategory(person.cookie, 'Tech');
  await followFeed(person.cookie, {
    url: scripted('alpha'),
    name: 'Alpha Weekly',
    categoryId: tech,
    items: alphaCount,
  });
  await followFeed(person.cookie, { url: scripted('beta'), name: 'Beta News', items: betaItems.length });
  const desktop = await openBrowser({ width: 1280, height: 900 });
  await signInInBrowser(desktop.page, person.email);
  return desktop;
}
