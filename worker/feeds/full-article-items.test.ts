// Issue 27 §4: "Always fetch the full article" on a subscription. The article pages are served by the
// fake upstream on 127.0.0.1; each is fetched once, however many people read the feed that way, and
// only the people who asked get the article instead of the teaser. A page that cannot be read leaves
// the feed's text, and the item says so.
import { describe, expect, it } from 'vitest';
import type { FeedDetail } from '../contracts/feeds';
import { hitsOf, itemsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { contentsOf, greader } from '../test/greader';
import { call, signUp } from '../test/helpers';
import { personWithAppPassword } from '../test/reader-apps';

const paragraph = 'A sentence of the article, long enough to count as reading matter, with a comma, and more. ';
const articlePage = `<!doctype html><html><head><title>Story</title></head><body>
<nav>Home · About</nav><article><h1>Story</h1>${`<p>${paragraph.repeat(4)}</p>`.repeat(4)}</article></body></html>`;

/** A feed of two items: one links to a readable article page, one to a page that answers 500. */
async function feedWithPages() {
  const good = uniqueName('article');
  const bad = uniqueName('broken');
  const goodUrl = await scriptFeed(good, { body: articlePage, contentType: 'text/html' });
  const badUrl = await scriptFeed(bad, { body: 'Server error', status: 500, contentType: 'text/plain' });
  const feedUrl = await scriptFeed(uniqueName(), {
    body: rss('Teasers', [
      { guid: 'good', title: 'Readable', link: goodUrl, description: 'Only the teaser' },
      { guid: 'bad', title: 'Broken', link: badUrl, description: 'The broken teaser' },
    ]),
  });
  return { good, bad, feedUrl };
}

async function followFeed(cookie: string, url: string) {
  const response = await call('/api/feeds', {
    cookie,
    json: { url, name: 'Teasers', categoryId: null, includeInAi: true },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as FeedDetail).id;
}

async function setFullArticle(cookie: string, feedId: number, fullArticle: unknown) {
  return call(`/api/feeds/${feedId}`, { method: 'PATCH', cookie, json: { fullArticle } });
}

const byTitle = async (cookie: string, feedId: number) =>
  new Map((await itemsOf(cookie, `feedId=${feedId}`)).items.map((item) => [item.title, item]));

describe('always fetch the full article', () => {
  it('gives the article instead of the teaser to those who ask, fetching each page once for all of them', async () => {
    const { good, bad, feedUrl } = await feedWithPages();
    const ada = await signUp();
    const bob = await signUp();
    const feedId = await followFeed(ada.cookie, feedUrl);
    expect(await followFeed(bob.cookie, feedUrl)).toBe(feedId);

    const set = await setFullArticle(ada.cookie, feedId, true);
    expect(set.status).toBe(200);
    expect(((await set.json()) as FeedDetail).fullArticle).toBe(true);

    // The first list answers at once with the feed's text; the pages are fetched after the answer.
    const first = await byTitle(ada.cookie, feedId);
    expect(first.get('Readable')).toMatchObject({ fullArticle: 'pending', description: 'Only the teaser' });
    const second = await byTitle(ada.cookie, feedId);
    expect(second.get('Readable')?.fullArticle).toBe('extracted');
    expect(second.get('Readable')?.content).toContain('A sentence of the article');
    // The page that failed: the feed's text, and the item says so.
    expect(second.get('Broken')?.fullArticle).toBe('failed');
    expect(second.get('Broken')?.content ?? '').not.toContain('Server error');
    expect(second.get('Broken')?.description).toBe('The broken teaser');

    // Bob did not ask: the teaser, no word about full articles.
    const bobs = await byTitle(bob.cookie, feedId);
    expect(bobs.get('Readable')?.content ?? '').not.toContain('A sentence of the article');
    expect(bobs.get('Readable')).not.toHaveProperty('fullArticle');

    // Once he asks, he shares what was extracted for Ada: no page is fetched again.
    await setFullArticle(bob.cookie, feedId, true);
    expect((await byTitle(bob.cookie, feedId)).get('Readable')?.fullArticle).toBe('extracted');
    await byTitle(ada.cookie, feedId);
    expect((await hitsOf(good)).hits).toBe(1);
    expect((await hitsOf(bad)).hits).toBe(1);

    // And he can turn it off again.
    const off = await setFullArticle(bob.cookie, feedId, false);
    expect(((await off.json()) as FeedDetail).fullArticle).toBe(false);
    expect((await byTitle(bob.cookie, feedId)).get('Readable')).not.toHaveProperty('fullArticle');
  });

  it('refuses a choice that is not true or false, naming the field, and changes nothing', async () => {
    const { feedUrl } = await feedWithPages();
    const { cookie } = await signUp();
    const feedId = await followFeed(cookie, feedUrl);
    const response = await setFullArticle(cookie, feedId, 'yes');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('fullArticle must be true or false');
    const feed = (await (await call(`/api/feeds/${feedId}`, { cookie })).json()) as FeedDetail;
    expect(feed.fullArticle).toBe(false);
  });

  it('gives the article to the reader apps too (Google Reader summary, Fever html)', async () => {
    const { good, feedUrl } = await feedWithPages();
    const person = await personWithAppPassword('Reeder', 'News');
    const feedId = await followFeed(person.cookie, feedUrl);
    await setFullArticle(person.cookie, feedId, true);
    const login = await greader('/accounts/ClientLogin', {
      form: { service: 'reader', Email: person.email, Passwd: person.appPassword, accountType: 'HOSTED_OR_GOOGLE' },
    });
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
    const summaries = async () => {
      const { items } = await contentsOf(auth, `feed/${feedUrl}`);
      const bodies = items as unknown as { title: string; summary: { content: string } }[];
      return bodies.find((item) => item.title === 'Readable')?.summary.content ?? '';
    };
    // The first read fetches the page after its answer; the next gets the article instead of the teaser.
    expect(await summaries()).toContain('Only the teaser');
    expect(await summaries()).toContain('A sentence of the article');
    expect((await hitsOf(good)).hits).toBe(1);
  });
});
