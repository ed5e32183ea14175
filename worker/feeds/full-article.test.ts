// Issue 10 L3: the full article of an item is fetched once. A page that could not be read is not fetched
// again on every opening of the item, only once ARTICLE_RETRY_MS has passed.
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { advanceClock, pinClock } from '../test/clock';
import { follow, hitsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';
import { ARTICLE_RETRY_MS } from './full-article';

/** A followed feed with one item whose link is the scripted page `page`; returns the item's id. */
async function itemLinkingTo(cookie: string, page: string) {
  const feedUrl = await scriptFeed(uniqueName(), {
    body: rss('Links', [{ guid: 'a', title: 'Linked', link: page, description: 'The summary' }]),
  });
  const feedId = await follow(call, cookie, feedUrl);
  const items = (await (await call(`/api/feed-items?feedId=${feedId}`, { cookie })).json()) as FeedItem[];
  const [item] = items;
  if (!item) throw new Error('the feed has no item');
  return item.id;
}

const paragraph = 'A sentence of the article, long enough to count as reading matter, with a comma, and more. ';
const articlePage = `<!doctype html><html><head><title>Story</title></head><body>
<nav>Home · About</nav><article><h1>Story</h1>${`<p>${paragraph.repeat(4)}</p>`.repeat(4)}</article></body></html>`;

async function openArticle(cookie: string, itemId: number) {
  const response = await call(`/api/feed-items/${itemId}/content`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { content: string; extracted: boolean };
}

describe('full article', () => {
  it('fetches a page once and serves the stored article after that', async () => {
    const { cookie } = await signUp();
    const name = uniqueName('page');
    const itemId = await itemLinkingTo(cookie, await scriptFeed(name, { body: articlePage, contentType: 'text/html' }));
    const first = await openArticle(cookie, itemId);
    expect(first.extracted).toBe(true);
    expect(first.content).toContain('A sentence of the article');
    expect(await openArticle(cookie, itemId)).toEqual(first);
    expect((await hitsOf(name)).hits).toBe(1);
  });

  it('shows the feed content when the page fails, and does not fetch it again for a while', async () => {
    pinClock('2026-06-15T10:00:00Z');
    const { cookie } = await signUp();
    const name = uniqueName('page');
    const page = await scriptFeed(name, { body: 'Server error', status: 500, contentType: 'text/plain' });
    const itemId = await itemLinkingTo(cookie, page);

    const failed = await openArticle(cookie, itemId);
    expect(failed).toEqual({ content: expect.stringContaining('The summary'), extracted: false });
    expect(await openArticle(cookie, itemId)).toEqual(failed);
    expect(await openArticle(cookie, itemId)).toEqual(failed);
    expect((await hitsOf(name)).hits).toBe(1);

    // The site recovers; once the wait is over, opening the item tries again and keeps the article.
    await scriptFeed(name, { body: articlePage, contentType: 'text/html' });
    advanceClock(ARTICLE_RETRY_MS - 60_000);
    expect((await openArticle(cookie, itemId)).extracted).toBe(false);
    advanceClock(2 * 60_000);
    expect((await openArticle(cookie, itemId)).extracted).toBe(true);
    expect((await hitsOf(name)).hits).toBe(2);
  });
});
