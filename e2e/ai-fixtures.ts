// What the AI browser tests share: a person signed in with one feed of two articles (the offline model
// answers, as the suite's app has no AI keys; model-app.ts is one that has), the outbox reader, and light
// and dark screenshots at phone width.
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { MOBILE, screenshot, url } from './app';
import { type Browser, openBrowser } from './browser';
import { followFeed, signInInBrowser, signUpThroughApi } from './people';

const fakeUpstreamUrl = inject('fakeUpstreamUrl');
const stamp = Date.now();
export const feedName = `Loom Weekly ${stamp}`;

type Mail = { to: string; subject: string; text: string; html: string };

export const articles = [
  {
    title: 'Weavers adopt open looms',
    description:
      'A cooperative of weavers released the plans for its loom under an open licence. Members say sharing the design cut costs by half. Other cooperatives are already building their own copies, and a school plans to teach the method next spring.',
  },
  {
    title: 'Thread prices fall for a third month',
    description:
      'Cotton thread became cheaper again as harvests recovered. Small workshops welcome the change, while large mills expect prices to rise in winter when demand for heavy cloth returns.',
  },
];

/** An RSS 2.0 document with items published in the last hours, so they show under "Past 24 hours". */
function rssFeed(title: string) {
  const items = articles
    .map(
      (article, index) => `<item>
  <title>${article.title}</title>
  <link>${fakeUpstreamUrl}/articles/${stamp}-${index}</link>
  <guid isPermaLink="false">${stamp}-${index}</guid>
  <pubDate>${new Date(Date.now() - (index + 1) * 3_600_000).toUTCString()}</pubDate>
  <description>${article.description}</description>
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${title}</title><link>${fakeUpstreamUrl}/</link><description>${title}</description>
${items}
</channel></rss>`;
}

/** A new person following the Loom feed (its items fetched), signed in in a desktop browser. */
export async function signInWithLoomFeed(label: string) {
  const put = await fetch(`${fakeUpstreamUrl}/scripted/ai-${stamp}`, {
    method: 'PUT',
    body: JSON.stringify({ body: rssFeed(feedName), contentType: 'application/rss+xml' }),
  });
  expect(put.ok).toBe(true);
  const person = await signUpThroughApi(label);
  const { feedId } = await followFeed(person.cookie, {
    url: `${fakeUpstreamUrl}/scripted/ai-${stamp}`,
    name: feedName,
    items: articles.length,
  });
  const desktop = await openBrowser({ width: 1280, height: 800 });
  await signInInBrowser(desktop.page, person.email);
  return { desktop, page: desktop.page, feedId };
}

export async function waitForMail(to: string, matches: (mail: Mail) => boolean = () => true, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const outbox = (await (await fetch(url('/api/dev/outbox'))).json()) as Mail[];
    const mail = outbox.find((candidate) => candidate.to === to && matches(candidate));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no email to ${to} within ${timeoutMs} ms`);
}

/** The same page at phone width, signed in with the desktop's cookies, light and dark. */
export async function phoneScreenshots(
  from: Browser,
  path: string,
  ready: (page: Page) => Promise<void>,
  name: string,
  fullPage = true,
) {
  const phone = await openBrowser(MOBILE);
  try {
    await phone.context.addCookies(await from.context.cookies());
    for (const scheme of ['light', 'dark'] as const) {
      await phone.page.emulateMedia({ colorScheme: scheme });
      await phone.page.goto(url(path));
      await ready(phone.page);
      await screenshot(phone.page, `${name}-390${scheme === 'dark' ? '-dark' : ''}`, fullPage);
    }
  } finally {
    await phone.close();
  }
}
