// The Google Reader API's Atom form, as newsboat, FeedHQ and The Old Reader clients read it.
import { describe, expect, it } from 'vitest';
import { contentsOf, greader, readerFor } from '../test/greader';

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
});
