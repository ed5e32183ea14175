// Search (issue 14): GET /api/feed-items?search=… through the app, on items a refresh stored from feeds
// on the fake upstream, as a person sees them.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../contracts/feeds';
import { findFeed, storeItems } from '../db/item-store';
import { refreshFeed } from '../feeds/refresh';
import { escapeXml } from '../html/entities';
import { createUrlFetcher } from '../net/fetcher';
import { follow, hoursAgo, scriptFeed, storedItem, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';

type Entry = { guid: string; title: string; html?: string; author?: string; hoursAgo?: number };

/** An RSS feed whose items carry HTML descriptions and authors. */
function feedOf(entries: Entry[]) {
  const items = entries
    .map(
      (entry) => `<item><guid isPermaLink="false">${entry.guid}</guid><title>${escapeXml(entry.title)}</title>
  <pubDate>${hoursAgo(entry.hoursAgo ?? 1).toUTCString()}</pubDate>
  ${entry.author ? `<author>${escapeXml(entry.author)}</author>` : ''}
  <description>${escapeXml(entry.html ?? `<p>About ${entry.title}</p>`)}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Search</title><link>https://example.com/</link>
<description>d</description>${items}</channel></rss>`;
}

const LONG_INTRO = 'An introduction that goes on for a while before it gets to the point. '.repeat(10);

const ENTRIES: Entry[] = [
  { guid: 'a', title: 'Crème brûlée at home', html: '<p>A <b>custard</b> dessert with burnt sugar.</p>', hoursAgo: 1 },
  {
    guid: 'b',
    title: 'Solar panels on every roof',
    html: '<p>Climate change policy and solar energy.</p>',
    hoursAgo: 2,
  },
  { guid: 'c', title: 'Nuclear energy returns', html: '<p>Energetic debate about climate policy.</p>', hoursAgo: 3 },
  { guid: 'd', title: 'A long read', html: `<p>${LONG_INTRO}</p><p>Then a zeppelin appears.</p>`, hoursAgo: 4 },
  { guid: 'e', title: 'Interview', html: '<p>Questions and answers.</p>', author: 'Ada Lovelace', hoursAgo: 5 },
  { guid: 'f', title: 'שלום עולם', html: '<p>مرحبا بالعالم, a greeting 🌍</p>', hoursAgo: 6 },
  { guid: 'g', title: 'Change is old news', html: '<p>Policy from long ago about climate.</p>', hoursAgo: 24 * 20 },
];

async function personFollowing(entries = ENTRIES) {
  const person = await signUp();
  const url = await scriptFeed(uniqueName('search'), { body: feedOf(entries) });
  const feedId = await follow(call, person.cookie, url);
  return { ...person, feedId, url };
}

async function search(cookie: string, query: string) {
  const response = await call(`/api/feed-items?${query}`, { cookie });
  const body = await response.json();
  return { status: response.status, body, cursor: response.headers.get('x-next-cursor') };
}

const titles = async (cookie: string, query: string) => {
  const { status, body } = await search(cookie, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as SearchResult[]).map((item) => item.title);
};

const q = (text: string) => `search=${encodeURIComponent(text)}`;

describe('search: the syntax', () => {
  it('finds items with every word, in any case, accents folded, newest first, with a marked snippet', async () => {
    const { cookie } = await personFollowing();
    expect(await titles(cookie, q('CREME brulee'))).toEqual(['Crème brûlée at home']);
    expect(await titles(cookie, q('climate policy'))).toEqual([
      'Solar panels on every roof',
      'Nuclear energy returns',
      'Change is old news',
    ]);
    const [first] = (await search(cookie, q('custard'))).body as SearchResult[];
    expect(first?.snippet).toBe('A <mark>custard</mark> dessert with burnt sugar.');
    expect(first?.isStarred).toBe(false);
    expect(first?.isRead).toBe(false);
  });

  it('searches the title, summary, content and author', async () => {
    const { cookie } = await personFollowing();
    expect(await titles(cookie, q('roof'))).toEqual(['Solar panels on every roof']);
    expect(await titles(cookie, q('zeppelin'))).toEqual(['A long read']);
    expect(await titles(cookie, q('lovelace'))).toEqual(['Interview']);
    const [deep] = (await search(cookie, q('zeppelin'))).body as SearchResult[];
    expect(deep?.snippet).toMatch(/^….* a <mark>zeppelin<\/mark> appears\.$/);
  });

  it('matches exact phrases, leaves out excluded words, and completes prefixes', async () => {
    const { cookie } = await personFollowing();
    expect(await titles(cookie, q('"climate change"'))).toEqual(['Solar panels on every roof']);
    expect(await titles(cookie, q('climate -nuclear -"long ago"'))).toEqual(['Solar panels on every roof']);
    expect(await titles(cookie, q('energ*'))).toEqual(['Solar panels on every roof', 'Nuclear energy returns']);
    const [solar] = (await search(cookie, q('energ*'))).body as SearchResult[];
    expect(solar?.snippet).toContain('solar <mark>energy</mark>');
  });

  it('ranks by match quality with sort=relevance: a word in the title counts most', async () => {
    const { cookie } = await personFollowing();
    expect((await titles(cookie, `${q('energy')}&sort=relevance`))[0]).toBe('Nuclear energy returns');
    expect((await titles(cookie, `${q('change')}&sort=relevance`))[0]).toBe('Change is old news');
    const { status, body } = await search(cookie, 'sort=relevance');
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: 'Sorting by relevance needs a search' });
  });
});

describe('search: with the list’s filters', () => {
  it('combines with feedId, dateFilter, sort and the cursor', async () => {
    const { cookie, feedId } = await personFollowing();
    const other = await personFollowingAnother(cookie);
    expect(await titles(cookie, `${q('climate')}&feedId=${other}`)).toEqual(['Elsewhere climate']);
    expect(await titles(cookie, `${q('climate')}&feedId=${feedId}&dateFilter=last7days`)).toEqual([
      'Solar panels on every roof',
      'Nuclear energy returns',
    ]);
    expect(await titles(cookie, `${q('climate')}&feedId=${feedId}&sort=oldest`)).toEqual([
      'Change is old news',
      'Nuclear energy returns',
      'Solar panels on every roof',
    ]);
    for (const sort of ['newest', 'relevance']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await search(
          cookie,
          `${q('climate')}&sort=${sort}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.status).toBe(200);
        seen.push(...(page.body as SearchResult[]).map((item) => item.title));
        cursor = page.cursor;
      } while (cursor);
      expect(seen.sort()).toEqual(
        ['Change is old news', 'Elsewhere climate', 'Nuclear energy returns', 'Solar panels on every roof'].sort(),
      );
    }
    expect((await search(cookie, `${q('climate')}&cursor=nonsense`)).status).toBe(400);
  });

  it('combines with categoryId', async () => {
    const { cookie, feedId } = await personFollowing();
    await personFollowingAnother(cookie);
    const created = await call('/api/categories', { cookie, json: { name: 'Food and energy' } });
    const { id: categoryId } = (await created.json()) as { id: number };
    await call(`/api/feeds/${feedId}`, { method: 'PATCH', cookie, json: { categoryId } });
    expect(await titles(cookie, `${q('climate')}&categoryId=${categoryId}`)).not.toContain('Elsewhere climate');
    expect(await titles(cookie, `${q('climate')}&categoryId=${categoryId}`)).toHaveLength(3);
  });

  it('combines with unread and starred, and says what is read and starred', async () => {
    const { cookie } = await personFollowing();
    const [solar, nuclear] = (await search(cookie, q('climate policy'))).body as SearchResult[];
    await call(`/api/feed-items/${solar?.id}`, { method: 'PATCH', cookie, json: { isRead: true } });
    await call(`/api/feed-items/${nuclear?.id}`, { method: 'PATCH', cookie, json: { isStarred: true } });
    expect(await titles(cookie, `${q('climate policy')}&filter=unread`)).toEqual([
      'Nuclear energy returns',
      'Change is old news',
    ]);
    expect(await titles(cookie, `${q('climate policy')}&filter=starred`)).toEqual(['Nuclear energy returns']);
    const listed = (await search(cookie, q('climate policy'))).body as SearchResult[];
    expect(listed.map((item) => [item.title, item.isRead, item.isStarred])).toEqual([
      ['Solar panels on every roof', true, false],
      ['Nuclear energy returns', false, true],
      ['Change is old news', false, false],
    ]);
    // Everything read, then one kept unread below the watermark.
    await call('/api/feed-items/mark-read', { cookie, json: { all: true } });
    expect(await titles(cookie, `${q('climate policy')}&filter=unread`)).toEqual([]);
    await call(`/api/feed-items/${nuclear?.id}`, { method: 'PATCH', cookie, json: { isRead: false } });
    expect(await titles(cookie, `${q('climate policy')}&filter=unread`)).toEqual(['Nuclear energy returns']);
  });
});

async function personFollowingAnother(cookie: string) {
  const url = await scriptFeed(uniqueName('elsewhere'), {
    body: feedOf([{ guid: 'x', title: 'Elsewhere climate', html: '<p>Policy.</p>', hoursAgo: 30 }]),
  });
  return follow(call, cookie, url);
}

describe('search: whose items', () => {
  it('never shows another person’s items, nor items of feeds nobody in the search follows', async () => {
    const mine = await personFollowing();
    const theirs = await signUp();
    const url = await scriptFeed(uniqueName('theirs'), {
      body: feedOf([{ guid: 's', title: 'Secret climate plans', html: '<p>Only theirs.</p>' }]),
    });
    const theirFeed = await follow(call, theirs.cookie, url);
    expect(await titles(theirs.cookie, q('secret'))).toEqual(['Secret climate plans']);
    expect(await titles(mine.cookie, q('secret'))).toEqual([]);
    expect(await titles(mine.cookie, q('climate'))).not.toContain('Secret climate plans');
    // Naming their feed gives nothing either.
    expect(await titles(mine.cookie, `${q('secret')}&feedId=${theirFeed}`)).toEqual([]);
    expect(await titles(theirs.cookie, q('crème'))).toEqual([]);
  });
});

/** Index rows of a feed's items, straight from the index. */
async function indexedRowsOf(feedId: number) {
  // The index lives beside the items, in the feed's shard.
  const row = await db.shards
    .of(feedId)
    .$client.prepare("select count(*) as n from search_index where search_index match 'feed : ' || ?1")
    .bind(`f${feedId}`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('search: the index follows the items', () => {
  it('drops trimmed items: retention leaves no search hits, starred items stay findable', async () => {
    const { cookie, feedId } = await personFollowing();
    const [nuclear] = (await search(cookie, q('nuclear'))).body as SearchResult[];
    await call(`/api/feed-items/${nuclear?.id}`, { method: 'PATCH', cookie, json: { isStarred: true } });
    const feed = await findFeed(db, feedId);
    if (!feed) throw new Error('no feed');
    const fresh = [
      storedItem('fresh', 'Fresh climate item', {
        description: 'Newly stored.',
        content: '<p>Newly stored, with a walrus.</p>',
        contentText: 'with a walrus.',
      }),
    ];
    // Keep one: every older item falls under the line, except the starred one.
    await storeItems(db, feed, fresh, 1, Date.now());
    expect(await titles(cookie, q('climate'))).toEqual(['Fresh climate item', 'Nuclear energy returns']);
    expect(await titles(cookie, q('walrus'))).toEqual(['Fresh climate item']);
    expect(await titles(cookie, q('custard'))).toEqual([]);
    expect(await indexedRowsOf(feedId)).toBe(2);
  });

  it('indexes a changed item anew: its old words no longer find it', async () => {
    const { cookie, feedId, url } = await personFollowing();
    const name = url.split('/').at(-1) ?? '';
    const changed = ENTRIES.map((entry) =>
      entry.guid === 'a' ? { ...entry, title: 'Panna cotta at home', html: '<p>A cream dessert.</p>' } : entry,
    );
    await scriptFeed(name, { body: feedOf(changed) });
    expect(await refreshFeed({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, feedId)).toMatchObject({
      kind: 'updated',
    });
    expect(await titles(cookie, q('panna'))).toEqual(['Panna cotta at home']);
    expect(await titles(cookie, q('custard'))).toEqual([]);
    expect(await indexedRowsOf(feedId)).toBe(ENTRIES.length);
  });

  it('forgets the items of a feed nobody follows any more', async () => {
    const { cookie, feedId } = await personFollowing();
    expect(await indexedRowsOf(feedId)).toBe(ENTRIES.length);
    expect((await call(`/api/feeds/${feedId}`, { method: 'DELETE', cookie })).status).toBeLessThan(300);
    expect(await indexedRowsOf(feedId)).toBe(0);
  });
});

describe('search: bad input gets a clear answer, never a 500', () => {
  const refused = async (cookie: string, text: string) => {
    const { status, body } = await search(cookie, q(text));
    expect(status, text).toBe(400);
    return (body as { message: string }).message;
  };

  it('refuses what cannot mean a search, with a message', async () => {
    const { cookie } = await personFollowing();
    expect(await refused(cookie, 'climate '.repeat(125))).toBe('Search must be at most 300 characters');
    expect(await refused(cookie, '- * "')).toBe('Search needs at least one word of letters or digits');
    expect(await refused(cookie, '🌍🔥')).toBe('Search needs at least one word of letters or digits');
    expect(await refused(cookie, '-climate')).toBe('Search needs a word to find, not only words to leave out');
  });

  it('refuses a cursor it did not give, also to someone who follows nothing yet', async () => {
    const { cookie } = await signUp();
    const { status, body } = await search(cookie, `${q('climate')}&cursor=zzz`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: 'Invalid cursor' });
  });

  it('reads FTS and SQL syntax, unbalanced quotes, emoji and right-to-left text as words', async () => {
    const { cookie } = await personFollowing();
    expect(await titles(cookie, q('title:'))).toEqual([]);
    expect(await titles(cookie, q('title: solar'))).toEqual([]);
    expect(await titles(cookie, q('NEAR(solar roof)'))).toEqual([]);
    expect(await titles(cookie, q('solar OR nuclear'))).toEqual([]);
    expect(await titles(cookie, q("'; drop table items; --"))).toEqual([]);
    expect(await titles(cookie, q('"climate change'))).toEqual(['Solar panels on every roof']);
    expect(await titles(cookie, q('greeting 🌍'))).toEqual(['שלום עולם']);
    expect(await titles(cookie, q('עולם'))).toEqual(['שלום עולם']);
    expect(await titles(cookie, q('بالعالم'))).toEqual(['שלום עולם']);
    // The person's items are all still there.
    expect(await titles(cookie, q('home'))).toEqual(['Crème brûlée at home']);
  });
});
