// The Google Reader API's Atom form, as newsboat, FeedHQ and The Old Reader clients read it.
import { describe, expect, it } from 'vitest';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { contentsOf, greader, readerFor } from '../test/greader';
import { call } from '../test/helpers';

const NEWSBOAT_UA = 'Newsboat/2.21.0 (Linux x86_64)';

/** A feed whose titles need escaping, followed through the web app; returns its URL. */
async function followTitlesFeed(cookie: string) {
  const name = uniqueName('atom-titles');
  const url = await scriptFeed(name, {
    body: rss('Studio & Site', [
      { guid: `${name}-1`, title: 'Architect & Designer', pubDate: new Date(Date.now() - 3_600_000) },
      { guid: `${name}-2`, title: '1 < 2 for small teams', pubDate: new Date(Date.now() - 7_200_000) },
    ]),
  });
  const added = await call('/api/feeds', {
    cookie,
    json: { url, name: 'Studio & Site', categoryId: null, includeInAi: true },
  });
  expect(added.status).toBe(201);
  return url;
}

describe('the Atom form (newsboat, FeedHQ and The Old Reader clients)', () => {
  it('serves a URL-encoded stream as Atom, with read and starred state as Google-scheme categories', async () => {
    const { auth, feedUrls } = await readerFor({ feeds: 1 });
    const { items } = await contentsOf(auth, `feed/${feedUrls[0]}`);
    await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items[0]?.id ?? '', a: 'user/-/state/com.google/read' },
    });
    await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items[1]?.id ?? '', a: 'user/-/state/com.google/starred' },
    });

    const response = await greader(`/reader/atom/${encodeURIComponent(`feed/${feedUrls[0]}`)}?n=2`, { auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const atom = await response.text();
    const entries = atom.split('<entry').slice(1);
    expect(entries).toHaveLength(2);
    expect(atom).toMatch(/<title>Feed 0<\/title>/);
    expect(entries[0]).toContain(`<id>${items[0]?.id}</id>`);
    expect(entries[0]).toContain(
      'term="user/-/state/com.google/read" scheme="http://www.google.com/reader/" label="read"',
    );
    expect(entries[1]).toContain('label="fresh"');
    expect(entries[1]).toContain('label="starred"');
    // A third item waits on the next page.
    expect(atom).toMatch(/<gr:continuation>[^<]+<\/gr:continuation>/);
  });

  it('lists the read stream and honours it= starred on the reading list', async () => {
    const { auth, feedUrls } = await readerFor({ feeds: 1 });
    const { items } = await contentsOf(auth, `feed/${feedUrls[0]}`);
    await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items[2]?.id ?? '', a: 'user/-/state/com.google/read' },
    });
    await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items[0]?.id ?? '', a: 'user/-/state/com.google/starred' },
    });
    expect((await contentsOf(auth, 'user/-/state/com.google/read')).items.map((item) => item.id)).toEqual([
      items[2]?.id,
    ]);
    const starredOnly = await contentsOf(
      auth,
      'user/-/state/com.google/reading-list',
      '&it=user/-/state/com.google/starred',
    );
    expect(starredOnly.items.map((item) => item.id)).toEqual([items[0]?.id]);
    const unknown = await greader('/reader/api/0/stream/contents/user%2F-%2Fstate%2Fcom.google%2Fbroadcast-friends', {
      auth,
    });
    expect(unknown.status).toBe(400);
    const garbled = await greader('/reader/atom/feed%2Fhttp%3A%2F%E0%A4%A', { auth });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ message: 'The stream id is not a valid URL-encoded string' });
  });

  it('sends titles as text, escaped once: "Architect & Designer" and "1 < 2" survive (issue 27 §6)', async () => {
    const { auth, cookie } = await readerFor({ feeds: 0 });
    const url = await followTitlesFeed(cookie);
    const atom = await (await greader(`/reader/atom/${encodeURIComponent(`feed/${url}`)}?n=10`, { auth })).text();
    expect(atom).toContain('<title type="text">Architect &amp; Designer</title>');
    expect(atom).toContain('<title type="text">1 &lt; 2 for small teams</title>');
    expect(atom).toContain('<title type="text">Studio &amp; Site</title>');
    expect(atom).not.toContain('type="html">Architect');
  });

  it('lists the starred stream to newsboat as a subscription, served as Atom on our origin', async () => {
    const { auth, cookie } = await readerFor({ feeds: 0 });
    const url = await followTitlesFeed(cookie);
    const { items } = await contentsOf(auth, `feed/${url}`);
    const starredOnWeb = items.find((item) => item.title === 'Architect & Designer');
    const id = Number.parseInt(starredOnWeb?.id.slice(-16) ?? '', 16);
    const starred = await call(`/api/feed-items/${id}`, { cookie, method: 'PATCH', json: { isStarred: true } });
    expect(starred.status).toBe(200);

    const list = async (userAgent?: string) => {
      const response = await call('/api/greader/reader/api/0/subscription/list?output=json', {
        headers: {
          origin: '',
          authorization: `GoogleLogin auth=${auth}`,
          ...(userAgent ? { 'user-agent': userAgent } : {}),
        },
      });
      return ((await response.json()) as { subscriptions: { id: string; title: string }[] }).subscriptions;
    };
    expect((await list(NEWSBOAT_UA)).map((sub) => [sub.id, sub.title])).toEqual([
      [`feed/${url}`, 'Studio & Site'],
      ['user/-/state/com.google/starred', 'Starred items'],
    ]);
    // Reeder, NetNewsWire and the rest read the star from the items: no extra feed for them.
    expect((await list('Reeder/5.4')).map((sub) => sub.id)).toEqual([`feed/${url}`]);

    // The address newsboat builds from that id: feedhq-url + /reader/atom/ + the escaped id + ?n=…
    const response = await greader(`/reader/atom/${encodeURIComponent('user/-/state/com.google/starred')}?n=50`, {
      auth,
    });
    expect(response.status).toBe(200);
    const atom = await response.text();
    expect(atom).toContain('<title>Starred items</title>');
    const entries = atom.split('<entry').slice(1);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toContain('<title type="text">Architect &amp; Designer</title>');
    // Its short id, so newsboat keeps the item in its own feed too; edit-tag takes it like the long one.
    expect(entries[0]).toContain(`<id>${id}</id>`);
    const read = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: String(id), r: 'user/-/state/com.google/read', a: 'user/-/state/com.google/kept-unread' },
    });
    expect(await read.text()).toBe('OK');
    // newsboat's "mark all read" on that feed marks the starred items read, and only them.
    const marked = await greader('/reader/api/0/mark-all-as-read', {
      auth,
      form: { s: 'user/-/state/com.google/starred' },
    });
    expect(await marked.text()).toBe('OK');
    const unread = await contentsOf(auth, `feed/${url}`, '&xt=user/-/state/com.google/read');
    expect(unread.items.map((item) => item.title)).toEqual(['1 < 2 for small teams']);
  });
});
