// Field prefixes in search (issue 26): title:, author:, content: look in one part of the item through the
// index; link: tests the item's address. Through the app, on items a refresh stored, as a person sees them.
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../contracts/feeds';
import { escapeXml } from '../html/entities';
import { follow, hoursAgo, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

type Entry = { guid: string; title: string; html: string; author?: string; link: string; hoursAgo: number };

const ENTRIES: Entry[] = [
  {
    guid: 'a',
    title: 'Solar power in the desert',
    html: '<p>Panels everywhere.</p>',
    link: 'https://news.example.com/solar',
    hoursAgo: 1,
  },
  {
    guid: 'b',
    title: 'Gardening notes',
    html: '<p>Solar lights for the garden path.</p>',
    author: 'Solar Smith',
    link: 'https://blog.example.org/garden',
    hoursAgo: 2,
  },
  {
    guid: 'c',
    title: 'Video: rockets',
    html: '<p>A launch, filmed.</p>',
    link: 'https://www.YouTube.com/watch?v=1',
    hoursAgo: 3,
  },
];

function feedOf(entries: Entry[]) {
  const items = entries
    .map(
      (e) => `<item><guid isPermaLink="false">${e.guid}</guid><title>${escapeXml(e.title)}</title>
  <link>${escapeXml(e.link)}</link><pubDate>${hoursAgo(e.hoursAgo).toUTCString()}</pubDate>
  ${e.author ? `<author>${escapeXml(e.author)}</author>` : ''}
  <description>${escapeXml(e.html)}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Fields</title><link>https://example.com/</link>
<description>d</description>${items}</channel></rss>`;
}

async function titles(cookie: string, text: string, extra = '') {
  const response = await call(`/api/feed-items?search=${encodeURIComponent(text)}${extra}`, { cookie });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return (body as SearchResult[]).map((item) => item.title);
}

describe('search: field prefixes', () => {
  it('finds a word in the part of the item it names, and anywhere without a prefix', async () => {
    const { cookie } = await signUp();
    await follow(call, cookie, await scriptFeed(uniqueName('fields'), { body: feedOf(ENTRIES) }));
    expect(await titles(cookie, 'solar')).toEqual(['Solar power in the desert', 'Gardening notes']);
    expect(await titles(cookie, 'title:solar')).toEqual(['Solar power in the desert']);
    expect(await titles(cookie, 'author:solar')).toEqual(['Gardening notes']);
    expect(await titles(cookie, 'content:solar')).toEqual(['Gardening notes']);
    expect(await titles(cookie, 'solar -title:solar')).toEqual(['Gardening notes']);
    expect(await titles(cookie, 'content:"garden path"', '&sort=relevance')).toEqual(['Gardening notes']);
  });

  it('matches link: as text in the address, in any case, alone or beside words', async () => {
    const { cookie } = await signUp();
    await follow(call, cookie, await scriptFeed(uniqueName('links'), { body: feedOf(ENTRIES) }));
    expect(await titles(cookie, 'link:youtube.com')).toEqual(['Video: rockets']);
    expect(await titles(cookie, 'link:example -link:.org')).toEqual(['Solar power in the desert']);
    expect(await titles(cookie, 'solar link:blog.example', '&sort=relevance')).toEqual(['Gardening notes']);
    // One read state: the filter is in the statement before its limit, so the page is full.
    const [first] = (await (await call('/api/feed-items?limit=1', { cookie })).json()) as SearchResult[];
    await call(`/api/feed-items/${first?.id}`, { method: 'PATCH', cookie, json: { isRead: true } });
    expect(await titles(cookie, 'link:example', '&filter=unread&limit=1')).toEqual(['Gardening notes']);
    expect(await titles(cookie, 'link:example', '&filter=read')).toEqual(['Solar power in the desert']);
  });

  it('refuses a search that leaves words out with only link: to find, naming why', async () => {
    const { cookie } = await signUp();
    const response = await call(`/api/feed-items?search=${encodeURIComponent('link:example -solar')}`, { cookie });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Search needs a word to find besides link: to leave words out',
    );
  });
});
