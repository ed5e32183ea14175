// Accessibility of every screen (issue 11 item 10): axe-core runs on each public and signed-in page at
// 1280 and 390 px, in light and dark, and any serious or critical finding fails the test with the rule,
// the page and the offending elements. axe's source is evaluated through the DevTools protocol (not a
// <script> tag), so it runs whatever Content-Security-Policy the app sends. The experimental
// `label-content-name-mismatch` rule is switched on: a button whose accessible name does not contain
// its visible text is what voice-control users trip over.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, url } from './app';
import { findSerious } from './axe';
import { openBrowser } from './browser';
import { followOneItemFeed, postApi, SESSION_COOKIE, signUpThroughApi } from './people';

/** An account with a feed in a category and one generation, so every signed-in screen has content. */
async function personWithContent() {
  const { cookie } = await signUpThroughApi('axe');
  const category = (await (await postApi('/api/categories', { name: 'Reading' }, cookie)).json()) as { id: number };
  const { feedId, item } = await followOneItemFeed(cookie, { categoryId: category.id });
  await postApi(
    `/api/feed-items/${item.id}/rewrite`,
    { language: 'English (US)', model: 'deepseek/deepseek-chat-v3-0324', platform: 'text_summary' },
    cookie,
  );
  return { cookie, feedId, categoryId: category.id };
}

const PUBLIC_SCREENS = [
  '/',
  '/privacy',
  '/auth',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/email-sent',
  '/auth/verify',
  '/auth/password-setup',
  '/auth/reset-password?token=abc',
  '/no-such-page',
];

const signedInScreens = (feedId: number, categoryId: number) => [
  '/home',
  `/feed/${feedId}`,
  `/category/${categoryId}`,
  '/ai-generated',
  '/preferences',
  '/payment',
  '/payment-success',
  '/payment-cancel',
  '/account',
  '/wordpress-sites',
  '/admin',
];

const VIEWPORTS = [
  { name: '1280', width: 1280, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

/** Opens each screen at each width and scheme; returns every serious or critical finding. */
async function audit(paths: string[], cookie?: string) {
  const findings: string[] = [];
  for (const viewport of VIEWPORTS) {
    const browser = await openBrowser(viewport);
    try {
      if (cookie) await browser.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseURL }]);
      for (const scheme of ['light', 'dark'] as const) {
        await browser.page.emulateMedia({ colorScheme: scheme });
        for (const path of paths) {
          await browser.page.goto(url(path));
          // The SPA has rendered its page once the main landmark holds a heading.
          await browser.page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
          await browser.page.waitForLoadState('networkidle');
          for (const finding of await findSerious(browser.page)) {
            findings.push(`${path} at ${viewport.name} px, ${scheme}: ${finding}`);
          }
        }
      }
    } finally {
      await browser.close();
    }
  }
  return findings;
}

describe('accessibility of every screen (axe-core)', () => {
  let person: Awaited<ReturnType<typeof personWithContent>>;

  beforeAll(async () => {
    person = await personWithContent();
  });

  it('finds nothing serious or critical on the public and sign-in screens', { timeout: 240_000 }, async () => {
    expect(await audit(PUBLIC_SCREENS)).toEqual([]);
  });

  it('finds nothing serious or critical on the signed-in screens', { timeout: 240_000 }, async () => {
    expect(await audit(signedInScreens(person.feedId, person.categoryId), person.cookie)).toEqual([]);
  });
});
