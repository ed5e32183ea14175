// The Google Reader API writing back: read and starred marks, mark-all-as-read, and subscriptions.
import { describe, expect, it } from 'vitest';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { contentsOf, greader, json, readerFor } from '../test/greader';
import { call } from '../test/helpers';
import { HOUR } from '../test/reader-apps';

describe('syncing back', () => {
  it('marks items read and unread with edit-tag, many at once, as the web app then shows', async () => {
    const { auth, cookie, feedUrls } = await readerFor();
    const token = await (await greader('/reader/api/0/token', { auth })).text();
    expect(token).toHaveLength(57);
    const { items } = await contentsOf(auth, `feed/${feedUrls[0]}`);
    const read = await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items.slice(0, 2).map((item) => item.id), a: 'user/-/state/com.google/read', ac: 'edit', T: token },
    });
    expect(await read.text()).toBe('OK');
    const listed = await call('/api/feed-items?filter=unread&limit=100', { cookie });
    const web = (await listed.json()) as { title: string }[];
    expect(listed.status, JSON.stringify(web)).toBe(200);
    expect(web.map((item) => item.title)).not.toContain(items[0]?.title);
    expect(web.map((item) => item.title)).toContain(items[2]?.title);

    // newsboat's "mark unread": r=read, a=kept-unread, with a short id.
    await greader('/reader/api/0/edit-tag', {
      auth,
      form: {
        i: String(Number.parseInt(items[0]?.id.slice(-16) ?? '', 16)),
        r: 'user/-/state/com.google/read',
        a: 'user/-/state/com.google/kept-unread',
        T: token,
      },
    });
    const after = await contentsOf(auth, `feed/${feedUrls[0]}`, '&xt=user/-/state/com.google/read');
    expect(after.items.map((item) => item.title)).toEqual([items[0]?.title, items[2]?.title]);
  });

  it('stars and unstars; the starred stream lists them', async () => {
    const { auth, feedUrls } = await readerFor();
    const { items } = await contentsOf(auth, `feed/${feedUrls[1]}`);
    await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items[1]?.id ?? '', a: 'user/-/state/com.google/starred' },
    });
    const starred = await contentsOf(auth, 'user/-/state/com.google/starred');
    expect(starred.items.map((item) => item.title)).toEqual([items[1]?.title]);
    expect(starred.items[0]?.categories).toContain('user/-/state/com.google/starred');
    await greader('/reader/api/0/edit-tag', {
      auth,
      form: { i: items[1]?.id ?? '', r: 'user/-/state/com.google/starred' },
    });
    expect((await contentsOf(auth, 'user/-/state/com.google/starred')).items).toEqual([]);
  });

  it('marks a whole feed read; with ts, only what had arrived by then', async () => {
    const { auth, cookie, feedUrls } = await readerFor();
    // ts keys on when items arrived (greader-clients.test.ts): everything here arrived after this one.
    const ts = (Date.now() - 2.5 * HOUR) * 1000;
    await greader('/reader/api/0/mark-all-as-read', { auth, form: { s: `feed/${feedUrls[0]}`, ts: String(ts) } });
    const left = await contentsOf(auth, `feed/${feedUrls[0]}`, '&xt=user/-/state/com.google/read');
    expect(left.items).toHaveLength(3);
    await greader('/reader/api/0/mark-all-as-read', {
      auth,
      form: { s: `feed/${feedUrls[0]}`, ts: String(Date.now() * 1000) },
    });
    expect((await contentsOf(auth, `feed/${feedUrls[0]}`, '&xt=user/-/state/com.google/read')).items).toEqual([]);
    expect(
      await (
        await greader('/reader/api/0/mark-all-as-read', { auth, form: { s: 'user/-/state/com.google/reading-list' } })
      ).text(),
    ).toBe('OK');
    const counts = (await (await call('/api/categories/with-feeds', { cookie })).json()) as { unreadCount: number }[];
    expect(counts.reduce((sum, group) => sum + group.unreadCount, 0)).toBe(0);
  });

  it('refuses a wrong write token', async () => {
    const { auth, feedUrls } = await readerFor({ feeds: 1 });
    const response = await greader('/reader/api/0/mark-all-as-read', {
      auth,
      form: { s: `feed/${feedUrls[0]}`, T: 'not-the-token' },
    });
    expect(response.status).toBe(401);
  });
});

describe('subscriptions', () => {
  it('subscribes, renames, moves to a new label and unsubscribes through subscription/edit', async () => {
    const { auth, cookie } = await readerFor({ feeds: 0 });
    const name = uniqueName('greader-sub');
    const url = await scriptFeed(name, { body: rss('Harbour Notes', [{ guid: `${name}-1`, title: 'First' }]) });
    const edit = (form: Record<string, string>) => greader('/reader/api/0/subscription/edit', { auth, form });
    expect(await (await edit({ ac: 'subscribe', s: `feed/${url}`, a: 'user/-/label/Ports' })).text()).toBe('OK');
    let feeds = (await (await call('/api/feeds', { cookie })).json()) as { name: string; url: string }[];
    expect(feeds).toEqual([expect.objectContaining({ name: 'Harbour Notes', url })]);
    await edit({ ac: 'edit', s: `feed/${url}`, t: 'Harbour', a: 'user/-/label/Coast' });
    const { subscriptions } = await json<{ subscriptions: { title: string; categories: { label: string }[] }[] }>(
      await greader('/reader/api/0/subscription/list', { auth }),
    );
    expect(subscriptions).toEqual([
      expect.objectContaining({ title: 'Harbour', categories: [expect.objectContaining({ label: 'Coast' })] }),
    ]);
    await edit({ ac: 'unsubscribe', s: `feed/${url}` });
    feeds = (await (await call('/api/feeds', { cookie })).json()) as { name: string; url: string }[];
    expect(feeds).toEqual([]);
  });

  it('quick-adds a URL, says why one cannot be added, and refuses past the Free plan limit as the web app does', async () => {
    const { auth } = await readerFor({ feeds: 1 });
    const name = uniqueName('greader-quick');
    const url = await scriptFeed(name, { body: rss('Quick Feed', [{ guid: `${name}-1`, title: 'One' }]) });
    const added = await json<{ numResults: number; streamId: string; streamName: string }>(
      await greader('/reader/api/0/subscription/quickadd', { auth, form: { quickadd: url } }),
    );
    expect(added).toMatchObject({ numResults: 1, streamId: `feed/${url}`, streamName: 'Quick Feed' });
    const broken = await json<{ numResults: number; error: string }>(
      await greader('/reader/api/0/subscription/quickadd', { auth, form: { quickadd: 'not a url' } }),
    );
    expect(broken).toMatchObject({ numResults: 0, error: 'Please enter a valid URL' });

    // One feed, the quick-added one and a third: the Free plan's three.
    const third = await scriptFeed(`${name}-3`, { body: rss('Third', [{ guid: `${name}-3-1`, title: 'Three' }]) });
    expect(
      (
        await json<{ numResults: number }>(
          await greader('/reader/api/0/subscription/quickadd', { auth, form: { quickadd: third } }),
        )
      ).numResults,
    ).toBe(1);
    const fourth = await scriptFeed(`${name}-4`, { body: rss('Fourth', [{ guid: `${name}-4-1`, title: 'Four' }]) });
    const refused = await json<{ numResults: number; error: string }>(
      await greader('/reader/api/0/subscription/quickadd', { auth, form: { quickadd: fourth } }),
    );
    expect(refused).toMatchObject({
      numResults: 0,
      error: expect.stringMatching(/^You have reached the Free plan limit of 3 feeds/),
    });
    const viaEdit = await greader('/reader/api/0/subscription/edit', {
      auth,
      form: { ac: 'subscribe', s: `feed/${fourth}` },
    });
    expect(viaEdit.status).toBe(403);
  });
});
