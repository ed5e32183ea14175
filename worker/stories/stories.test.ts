// Story threads on the server (issue 24): items of one story from several feeds are grouped when they are
// stored, My Feed and categories show one row per story with the other sources, a feed's own page and
// threads=false show every item, and reading a story (in the web app or a reader app) reads all its items.
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { ACME_OUTLETS } from '../test/acme-stories';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { contentsOf, greader } from '../test/greader';
import { call } from '../test/helpers';
import { HOUR, personWithAppPassword } from '../test/reader-apps';

async function reader() {
  const person = await personWithAppPassword('newsboat', 'Cars');
  const feeds: { id: number; name: string }[] = [];
  for (const [index, outlet] of ACME_OUTLETS.entries()) {
    const name = uniqueName(`story-${outlet.name.toLowerCase()}`);
    const url = await scriptFeed(name, {
      body: rss(
        name,
        outlet.items.map(([title, description], n) => ({
          guid: `${name}-${n}`,
          title: title as string,
          description,
          link: `https://${outlet.name.toLowerCase()}.example.com/${n}`,
          pubDate: new Date(Date.now() - (10 - n * 4 - index) * HOUR),
        })),
      ),
    });
    const added = await call('/api/feeds', {
      cookie: person.cookie,
      json: { url, name: outlet.name, categoryId: person.categoryId, includeInAi: true },
    });
    expect(added.status).toBe(201);
    feeds.push({ id: ((await added.json()) as { id: number }).id, name: outlet.name });
  }
  const list = async (query = '') => {
    const response = await call(`/api/feed-items?limit=50${query}`, { cookie: person.cookie });
    expect(response.status, query).toBe(200);
    return (await response.json()) as FeedItem[];
  };
  const login = await greader('/accounts/ClientLogin', {
    form: { service: 'reader', Email: person.email, Passwd: person.appPassword, accountType: 'HOSTED_OR_GOOGLE' },
  });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  return { ...person, feeds, list, auth };
}

const rowsOf = (items: FeedItem[]) =>
  items
    .map((item) => [item.source, item.title, item.story.size, (item.alsoIn ?? []).map((other) => other.source).sort()])
    .sort((a, b) => String(a[1]).localeCompare(String(b[1])));

describe('story threads', () => {
  it('show one row per story on My Feed and in a category, with the other outlets; unrelated items about the same company stay apart', async () => {
    const { list, categoryId } = await reader();
    const expected = [
      ['Wire', 'Acme chief executive resigns after accounting probe', 3, ['Blog', 'Daily']],
      ['Wire', 'Acme opens battery plant in Ohio', 1, []],
      ['Wire', 'Acme recalls 1.2 million cars over faulty brake sensors', 3, ['Blog', 'Daily']],
      ['Blog', 'Acme sponsors the city marathon', 1, []],
    ];
    expect(rowsOf(await list())).toEqual(expected);
    expect(rowsOf(await list(`&categoryId=${categoryId}`))).toEqual(expected);
  });

  it('show every item on a feed’s own page and with threads=false, each with its story', async () => {
    const { list, feeds } = await reader();
    const all = await list('&threads=false');
    expect(all).toHaveLength(8);
    const recall = all.filter((item) => item.title.includes('1.2'));
    expect(recall).toHaveLength(3);
    expect(new Set(recall.map((item) => item.story.id)).size).toBe(1);
    expect(recall.map((item) => item.story.size)).toEqual([3, 3, 3]);
    const daily = await list(`&feedId=${feeds[1]?.id}`);
    expect(daily.map((item) => item.title).sort()).toEqual([
      'Acme boss quits as accounts inquiry widens',
      'Brake sensor fault forces Acme to recall 1.2m sedans',
    ]);
    expect(daily.every((item) => item.alsoIn === undefined)).toBe(true);
    // Each of its stories is in 2 more of the person's feeds ("also in 2 feeds"); no core mark leaks out.
    expect(daily.map((item) => item.story.size)).toEqual([3, 3]);
    expect(daily.every((item) => !('inStory' in item))).toBe(true);
    const blog = await list(`&feedId=${feeds[2]?.id}`);
    expect(blog.find((item) => item.title === 'Acme sponsors the city marathon')?.story.size).toBe(1);
    expect((await call('/api/feed-items?threads=maybe', { cookie: (await reader()).cookie })).status).toBe(400);
  });

  it('read a whole story when one of its items is read, in the web app and in reader apps', async () => {
    const { list, cookie, auth } = await reader();
    const [recall] = (await list()).filter((item) => item.title.includes('1.2'));
    const patched = await call(`/api/feed-items/${recall?.id}`, { cookie, method: 'PATCH', json: { isRead: true } });
    expect(patched.status).toBe(200);
    const unread = await list('&filter=unread&threads=false');
    expect(unread.map((item) => item.title).filter((title) => title.includes('1.2'))).toEqual([]);
    expect(unread).toHaveLength(5);
    const { items } = await contentsOf(auth, 'user/-/state/com.google/reading-list');
    const readInApp = items.filter((item) => item.categories.includes('user/-/state/com.google/read'));
    expect(readInApp.map((item) => item.title).sort()).toEqual(
      [
        "Acme's 1.2 million car recall: what the brake sensor fault means",
        'Acme recalls 1.2 million cars over faulty brake sensors',
        'Brake sensor fault forces Acme to recall 1.2m sedans',
      ].sort(),
    );

    // A reader app marking one item of the other story read reads the story.
    const ceo = items.find((item) => item.title === 'Acme boss quits as accounts inquiry widens');
    const tokenResponse = await greader('/reader/api/0/token', { auth });
    const token = (await tokenResponse.text()).trim();
    const marked = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: ceo?.id ?? '', a: 'user/-/state/com.google/read', T: token },
    });
    expect(marked.status).toBe(200);
    const left = await list('&filter=unread&threads=false');
    expect(left.map((item) => item.title).sort()).toEqual([
      'Acme opens battery plant in Ohio',
      'Acme sponsors the city marathon',
    ]);
  });

  it('show every item to a person who turned "Group the same story from different feeds" off', async () => {
    const { list, cookie } = await reader();
    const me = await call('/api/users/me', { cookie });
    expect(((await me.json()) as { groupStories: boolean }).groupStories).toBe(true);
    const off = await call('/api/users/me', { cookie, method: 'PATCH', json: { groupStories: false } });
    expect(((await off.json()) as { groupStories: boolean }).groupStories).toBe(false);
    const items = await list();
    expect(items).toHaveLength(8);
    expect(items.every((item) => item.alsoIn === undefined)).toBe(true);
    const bad = await call('/api/users/me', { cookie, method: 'PATCH', json: { groupStories: 'maybe' } });
    expect(bad.status).toBe(400);
    await call('/api/users/me', { cookie, method: 'PATCH', json: { groupStories: true } });
    expect(await list()).toHaveLength(4);
  });

  it('mark only the item unread when one is marked unread', async () => {
    const { list, cookie } = await reader();
    const [recall] = (await list()).filter((item) => item.title.includes('1.2'));
    await call(`/api/feed-items/${recall?.id}`, { cookie, method: 'PATCH', json: { isRead: true } });
    await call(`/api/feed-items/${recall?.id}`, { cookie, method: 'PATCH', json: { isRead: false } });
    const unread = await list('&filter=unread&threads=false');
    expect(unread.filter((item) => item.title.includes('1.2'))).toHaveLength(1);
  });
});
