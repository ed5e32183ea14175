// Enclosures end to end on the server (issue 23): a podcast's audio is stored with its item at refresh,
// comes with every item of the REST API as `enclosures`, narrows every list with hasEnclosure, and
// reaches reader apps as Google Reader's `enclosure` (JSON) and `<link rel="enclosure">` (Atom).
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { scriptFeed, uniqueName } from '../test/feeds';
import { greader } from '../test/greader';
import { call } from '../test/helpers';
import { HOUR, personWithAppPassword } from '../test/reader-apps';

const AUDIO = { url: 'https://cdn.example.com/show/episode-2.mp3', type: 'audio/mpeg', length: 48_000_123 };

/** A podcast of three entries: two episodes with audio (one also with a cover image), one note without. */
function podcast(name: string) {
  const at = (hours: number) => new Date(Date.now() - hours * HOUR).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>${name}</title>
<link>https://example.com/show</link><description>A show</description>
<item><title>Episode 2 quokka</title><guid>${name}-2</guid><pubDate>${at(1)}</pubDate>
  <description>The second quokka episode</description>
  <enclosure url="${AUDIO.url}" length="${AUDIO.length}" type="${AUDIO.type}"/>
  <media:content url="https://cdn.example.com/show/cover-2.jpg" type="image/jpeg"/></item>
<item><title>Show note quokka</title><guid>${name}-note</guid><pubDate>${at(2)}</pubDate>
  <description>No audio in this quokka note</description></item>
<item><title>Episode 1 quokka</title><guid>${name}-1</guid><pubDate>${at(3)}</pubDate>
  <description>The first quokka episode</description>
  <enclosure url="https://cdn.example.com/show/episode-1.m4a" type="audio/x-m4a"/>
  <enclosure url="javascript:alert(1)" type="audio/mpeg"/></item>
</channel></rss>`;
}

async function listener() {
  const person = await personWithAppPassword('podcasts', 'Shows');
  const name = uniqueName('podcast');
  const url = await scriptFeed(name, { body: podcast(name), contentType: 'application/rss+xml' });
  const added = await call('/api/feeds', { cookie: person.cookie, json: { url, name: 'The Show', includeInAi: true } });
  expect(added.status).toBe(201);
  const feedId = ((await added.json()) as { id: number }).id;
  const list = async (query = '') => {
    const response = await call(`/api/feed-items?feedId=${feedId}${query}`, { cookie: person.cookie });
    expect(response.status, query).toBe(200);
    return (await response.json()) as FeedItem[];
  };
  return { ...person, url, feedId, list };
}

const titles = (items: FeedItem[]) => items.map((item) => item.title);

describe('enclosures', () => {
  it('come with every item of the REST API, audio only (an image is the thumbnail, a javascript: address is dropped)', async () => {
    const { list, cookie } = await listener();
    const items = await list();
    expect(items.map((item) => [item.title, item.enclosures])).toEqual([
      ['Episode 2 quokka', [AUDIO]],
      ['Show note quokka', []],
      ['Episode 1 quokka', [{ url: 'https://cdn.example.com/show/episode-1.m4a', type: 'audio/x-m4a', length: null }]],
    ]);
    expect(items[0]?.thumbnail).toBe('https://cdn.example.com/show/cover-2.jpg');
    const opened = await call(`/api/feed-items/${items[0]?.id}`, { cookie });
    expect(((await opened.json()) as FeedItem).enclosures).toEqual([AUDIO]);
  });

  it('narrow every list with hasEnclosure: all, unread, starred, search, My Feed', async () => {
    const { list, cookie, feedId } = await listener();
    const [episode2, note, episode1] = await list();
    expect(titles(await list('&hasEnclosure=true'))).toEqual(['Episode 2 quokka', 'Episode 1 quokka']);
    expect(titles(await list('&hasEnclosure=false'))).toEqual(['Show note quokka']);
    // A page of one is full: the note between the episodes does not shorten it.
    const first = await call(`/api/feed-items?feedId=${feedId}&hasEnclosure=true&limit=1`, { cookie });
    expect(titles((await first.json()) as FeedItem[])).toEqual(['Episode 2 quokka']);
    const cursor = first.headers.get('x-next-cursor') ?? '';
    expect(titles(await list(`&hasEnclosure=true&limit=1&cursor=${encodeURIComponent(cursor)}`))).toEqual([
      'Episode 1 quokka',
    ]);

    await call(`/api/feed-items/${episode2?.id}`, { cookie, method: 'PATCH', json: { isRead: true } });
    expect(titles(await list('&hasEnclosure=true&filter=unread'))).toEqual(['Episode 1 quokka']);
    for (const item of [note, episode1])
      await call(`/api/feed-items/${item?.id}`, { cookie, method: 'PATCH', json: { isStarred: true } });
    expect(titles(await list('&hasEnclosure=true&filter=starred'))).toEqual(['Episode 1 quokka']);
    expect(titles(await list('&hasEnclosure=true&search=quokka'))).toEqual(['Episode 2 quokka', 'Episode 1 quokka']);
    expect(titles(await list('&hasEnclosure=false&search=quokka'))).toEqual(['Show note quokka']);
    const myFeed = await call('/api/feed-items?hasEnclosure=true', { cookie });
    expect(titles((await myFeed.json()) as FeedItem[])).toEqual(['Episode 2 quokka', 'Episode 1 quokka']);
  });

  it('reach Google Reader apps as enclosure in JSON and as Atom enclosure links', async () => {
    const { email, appPassword, url } = await listener();
    const login = await greader('/accounts/ClientLogin', { form: { Email: email, Passwd: appPassword } });
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
    const stream = encodeURIComponent(`feed/${url}`);
    const contents = await greader(`/reader/api/0/stream/contents/${stream}?output=json`, { auth });
    const { items } = (await contents.json()) as { items: { title: string; enclosure?: unknown }[] };
    expect(items.map((item) => [item.title, item.enclosure])).toEqual([
      ['Episode 2 quokka', [{ href: AUDIO.url, type: AUDIO.type, length: AUDIO.length }]],
      ['Show note quokka', undefined],
      ['Episode 1 quokka', [{ href: 'https://cdn.example.com/show/episode-1.m4a', type: 'audio/x-m4a' }]],
    ]);
    const atom = await (await greader(`/reader/atom/${stream}`, { auth })).text();
    expect(atom).toContain(`<link rel="enclosure" href="${AUDIO.url}" type="${AUDIO.type}" length="${AUDIO.length}"/>`);
    expect(atom).toContain(
      '<link rel="enclosure" href="https://cdn.example.com/show/episode-1.m4a" type="audio/x-m4a"/>',
    );
  });
});
