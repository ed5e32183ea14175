// Story threads on the server (issue 24): items of one story from several feeds are grouped when they are
// stored, My Feed and categories show one row per story with the other sources, a feed's own page and
// threads=false show every item, and reading a story (in the web app or a reader app) reads all its items.
import { describe, expect, it } from 'vitest';
import type { CategoryWithFeeds, FeedItem } from '../contracts/feeds';
import { followOutlet } from '../test/acme-feeds';
import { ACME_OUTLETS } from '../test/acme-stories';
import { makePro } from '../test/ai';
import { contentsOf, greader } from '../test/greader';
import { call } from '../test/helpers';
import { personWithAppPassword } from '../test/reader-apps';
import { counted } from '../test/round-trips';

/**
 * A person following the three outlets of ACME_OUTLETS in category Cars, Blog in category `blogIn` when
 * given; in people database `place.people` and with the outlets in feed shard `place.feeds` when given.
 */
async function reader(blogIn?: string, place: { people?: number; feeds?: number } = {}) {
  const person = await personWithAppPassword('newsboat', 'Cars', place.people);
  const other = blogIn && (await call('/api/categories', { cookie: person.cookie, json: { name: blogIn } }));
  const blogCategory = other ? ((await other.json()) as { id: number }).id : person.categoryId;
  const feeds: { id: number; name: string }[] = [];
  for (const [index, outlet] of ACME_OUTLETS.entries()) {
    const categoryId = outlet.name === 'Blog' ? blogCategory : person.categoryId;
    feeds.push({
      id: await followOutlet(person.cookie, outlet, categoryId, (n) => 10 - n * 4 - index, place.feeds),
      name: outlet.name,
    });
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
  /** The sidebar's counts: each group's and each feed's, by name, and My Feed's. */
  const counts = async () => {
    const groups = (await (
      await call('/api/categories/with-feeds', { cookie: person.cookie })
    ).json()) as CategoryWithFeeds[];
    const myFeed = await call('/api/feed-items/unread-count', { cookie: person.cookie });
    expect(myFeed.status).toBe(200);
    return {
      myFeed: ((await myFeed.json()) as { count: number }).count,
      categories: Object.fromEntries(groups.map((group) => [group.name, group.unreadCount])),
      feeds: Object.fromEntries(groups.flatMap((group) => group.feeds.map((feed) => [feed.name, feed.unreadCount]))),
    };
  };
  return { ...person, feeds, list, counts, auth };
}

/** A list's pages of `limit` followed through their cursors: each page's rows. */
async function pagesOf(cookie: string, query: string, limit: number) {
  const pages: FeedItem[][] = [];
  let cursor: string | null = '';
  while (cursor !== null && pages.length < 10) {
    const response = await call(
      `/api/feed-items?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      {
        cookie,
      },
    );
    expect(response.status).toBe(200);
    pages.push((await response.json()) as FeedItem[]);
    cursor = response.headers.get('x-next-cursor');
  }
  return pages;
}

/** The same recall told by a fourth outlet, and an unrelated story, arriving after the others. */
const LATE_OUTLET = {
  name: 'Late',
  items: [
    [
      'Acme recalling 1.2 million sedans for brake sensor fault',
      'Acme Motors is recalling 1.2 million sedans worldwide after a faulty brake sensor was found to delay emergency braking, the carmaker said. Dealers will contact owners from next month.',
    ],
    [
      'Acme wins a design award for its electric pickup',
      'The electric pickup by Acme Motors won this year’s industrial design prize in Milan, where the jury praised its folding tailgate and the recycled fabric of its seats.',
    ],
  ] as [string, string][],
};

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

  it('count stories in the unread counts of My Feed and of categories, and items in a feed’s', async () => {
    const { counts, list, cookie } = await reader('Blogs');
    // Cars: Wire and Daily, the recall, the resignation and the battery plant; Blogs: Blog, the recall, the
    // resignation and the marathon. My Feed: four stories, not the sum of the categories.
    expect(await counts()).toEqual({
      myFeed: 4,
      categories: { Cars: 3, Blogs: 3 },
      feeds: { Wire: 3, Daily: 2, Blog: 3 },
    });
    // The unread list shows as many cards as the count says.
    expect(await list('&filter=unread')).toHaveLength(4);
    const [recall] = (await list()).filter((item) => item.title.includes('1.2'));
    await call(`/api/feed-items/${recall?.id}`, { cookie, method: 'PATCH', json: { isRead: true } });
    expect(await counts()).toEqual({
      myFeed: 3,
      categories: { Cars: 2, Blogs: 2 },
      feeds: { Wire: 2, Daily: 1, Blog: 2 },
    });
  });

  it('keep a read story read when a source arrives later, saying "1 new source" on its card', async () => {
    const { counts, list, cookie, categoryId, userId } = await reader();
    await makePro(userId); // a fourth feed is past the free plan's three
    const [recall] = (await list()).filter((item) => item.title.includes('1.2'));
    await call(`/api/feed-items/${recall?.id}`, { cookie, method: 'PATCH', json: { isRead: true } });
    expect((await counts()).myFeed).toBe(3);
    // A fourth outlet brings the recall, after the person read it, and a story of its own.
    await followOutlet(cookie, LATE_OUTLET, categoryId, (n) => 1 - n);
    const late = (await list('&threads=false')).find((item) => item.source === 'Late' && item.title.includes('1.2'));
    expect(late?.story.id).toBe(recall?.story.id);
    expect(late?.isRead).toBe(false);
    // The recall is not unread again: only the new story counts, and the feed counts its two items.
    expect(await counts()).toEqual({
      myFeed: 4,
      categories: { Cars: 4 },
      feeds: { Wire: 2, Daily: 1, Blog: 2, Late: 2 },
    });
    for (const query of ['&filter=unread', `&filter=unread&categoryId=${categoryId}`]) {
      const unread = await list(query);
      expect(unread.map((item) => item.title).sort(), query).toEqual([
        'Acme chief executive resigns after accounting probe',
        'Acme opens battery plant in Ohio',
        'Acme sponsors the city marathon',
        'Acme wins a design award for its electric pickup',
      ]);
    }
    // Looking at it, the person sees the read story with its new source.
    const card = (await list()).find((item) => item.story.id === recall?.story.id);
    expect(card).toMatchObject({ id: recall?.id, isRead: true, story: { size: 4, newSources: 1 } });
    expect(card?.alsoIn?.map((other) => [other.source, other.isRead])).toEqual([
      ['Daily', true],
      ['Blog', true],
      ['Late', false],
    ]);
  });

  it('fill every page of a grouped list with its limit of cards, each story on one page', async () => {
    const { cookie, categoryId } = await reader();
    for (const query of ['', '&filter=unread', `&categoryId=${categoryId}`]) {
      const pages = await pagesOf(cookie, query, 2);
      // Newest first the later sources of the two stories come between the cards: read on past them.
      expect(
        pages.map((page) => page.length),
        query,
      ).toEqual([2, 2]);
      const stories = pages.flat().map((item) => item.story.id);
      expect(new Set(stories).size, query).toBe(4);
      expect(
        pages.flat().map((item) => item.story.size),
        query,
      ).toEqual([1, 1, 3, 3]);
    }
  });

  it('fill every page of a grouped search with its limit of cards, each story on one page, none left out', async () => {
    // Three outlets telling the same two stories: the search matches every item, newest first the sources of a
    // story one after another. A page reads a few rows per card in its one statement and ends before the
    // next story, so the next page starts with it (it read on, a round trip per read, and ended mid-story:
    // the rest of the recall came back as a card of its own on a third page).
    const { cookie } = await reader();
    for (const [limit, sizes] of [
      [
        2,
        [
          [1, 1],
          [3, 3],
        ],
      ],
      [1, [[1], [1], [3], [3]]],
      [3, [[1, 1, 3], [3]]],
    ] as const) {
      const pages = await pagesOf(cookie, '&search=Acme', limit);
      expect(
        pages.map((page) => page.map((item) => item.story.size)),
        `limit ${limit}`,
      ).toEqual(sizes);
      const stories = pages.flat().map((item) => item.story.id);
      expect(new Set(stories).size, `limit ${limit}`).toBe(4);
      // Each of the two stories with its three sources, each source once.
      const sources = pages.flat().flatMap((item) => [item.id, ...(item.alsoIn ?? []).map((other) => other.id)]);
      expect(sources).toHaveLength(8);
      expect(new Set(sources).size).toBe(8);
    }
  });

  it('cost a grouped page the round trips of every item when its rows take marks from another database', async () => {
    // Reading state in PEOPLE_1, items in the feed shards: the rows shown take their marks and stars from
    // PEOPLE_1 after the page is read, and the page's stories are looked up beside them.
    const { cookie } = await reader(undefined, { people: 1 });
    // Both pages below go ahead of the session's check (middleware/read-ahead.ts): the first read after
    // the setup's writes waits for it, so it is made first.
    await counted(cookie, '/api/feed-items?limit=50&threads=false');
    const flat = await counted(cookie, '/api/feed-items?limit=50&threads=false');
    const grouped = await counted(cookie, '/api/feed-items?limit=50');
    const cards = grouped.body as FeedItem[];
    expect(cards).toHaveLength(4);
    // The page's read is the same; the stories' first items in the person's feeds (a row per story and
    // feed, whatever it finds, never the other people's feeds that carry it) are looked up in the same
    // round trip as the marks, and the other sources the page read need no read of their own. (It was
    // one round trip more before the lookup went beside the marks.)
    expect(grouped.roundTrips).toBe(flat.roundTrips);
    const shown = cards.length + cards.reduce((sum, card) => sum + (card.alsoIn?.length ?? 0), 0);
    expect(shown).toBe(8);
    // A row per story of the page and feed of the person: 2 stories × 3 feeds, 6 more rows, when the file
    // runs this test alone; 8 after the file's other tests, whose people follow the same outlets and so
    // put more of this page's items in stories.
    expect(grouped.rowsRead - flat.rowsRead).toBeLessThanOrEqual(cards.length * 3);
    // 35 to 37 rows for 8 sources shown (44 before the lookup stopped at each story and feed's first entry),
    // where every item shows 29 for 8: within the goal of 5 a row shown (docs/stories.md "Reading cost").
    expect(grouped.rowsRead / shown).toBeLessThanOrEqual(5);
  });

  it('cost a grouped page the round trips of every item when everything is in the person’s own database', async () => {
    // Reading state and items in the primary database (every local run): every item's page is one
    // statement there, with the marks joined, and nothing follows it. Each row of a story reads its story's
    // list in that statement (the first item's, by id, in the same database), so the page's stories need
    // no lookup after its rows: the round trips of every item (it was one more: 4 against 3 unread).
    // Next pages: story-page-cost.test.ts.
    const { cookie, categoryId } = await reader(undefined, { people: 0, feeds: 0 });
    // Search collapses the stories among the results it read (collapse.ts): no lookup, the same reads.
    for (const list of [
      '',
      '&filter=unread',
      `&categoryId=${categoryId}`,
      `&categoryId=${categoryId}&filter=unread`,
      '&search=Acme',
    ]) {
      await counted(cookie, `/api/feed-items?limit=50${list}&threads=false`);
      const flat = await counted(cookie, `/api/feed-items?limit=50${list}&threads=false`);
      const grouped = await counted(cookie, `/api/feed-items?limit=50${list}`);
      expect(Object.keys(flat.calls), list).toEqual(['DB']);
      expect(Object.keys(grouped.calls), list).toEqual(['DB']);
      // The two stories told by three outlets, each with its other two sources, and the two told once.
      expect((grouped.body as FeedItem[]).map((card) => card.alsoIn?.length ?? 0).sort(), list).toEqual([0, 0, 2, 2]);
      expect(grouped.roundTrips, list).toBe(flat.roundTrips);
    }
  });
});
