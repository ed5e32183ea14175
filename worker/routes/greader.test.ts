// The Google Reader API as a reader app uses it: sign in with an app password, list, read, sync back.
// Requests are shaped as newsboat (FeedHQ backend), Reeder and FreshRSS's documented clients send them:
// form-encoded POSTs with no Origin, "Authorization: GoogleLogin auth=…", ids long or short.
import { describe, expect, it } from 'vitest';
import { longItemId } from '../greader/ids';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

const HOUR = 3_600_000;

type Item = { id: string; title: string; categories: string[]; origin: { streamId: string } };

async function readerFor(options: { feeds?: number } = {}) {
  const person = await signUp();
  const created = await call('/api/users/me/app-passwords', { cookie: person.cookie, json: { name: 'newsboat' } });
  const { password: appPassword, id: appPasswordId } = (await created.json()) as { password: string; id: number };
  const category = (await (
    await call('/api/categories', { cookie: person.cookie, json: { name: 'News' } })
  ).json()) as {
    id: number;
  };
  const feedUrls: string[] = [];
  for (let f = 0; f < (options.feeds ?? 2); f++) {
    const name = uniqueName(`greader-${f}`);
    const url = await scriptFeed(name, {
      body: rss(
        name,
        [1, 2, 3].map((n) => ({
          guid: `${name}-${n}`,
          title: `${name} story ${n}`,
          link: `https://example.com/${name}/${n}`,
          pubDate: new Date(Date.now() - (n + f * 3) * HOUR),
        })),
      ),
    });
    const added = await call('/api/feeds', {
      cookie: person.cookie,
      json: { url, name: `Feed ${f}`, categoryId: f === 0 ? category.id : null, includeInAi: true },
    });
    expect(added.status).toBe(201);
    feedUrls.push(url);
  }
  const login = await greader('/accounts/ClientLogin', {
    form: { service: 'reader', Email: person.email, Passwd: appPassword, accountType: 'HOSTED_OR_GOOGLE' },
  });
  const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
  return { ...person, appPassword, appPasswordId, auth, feedUrls, categoryId: category.id };
}

/** A request as a native client sends it: no Origin, no cookie, a form body for POSTs. */
async function greader(path: string, init: { auth?: string; form?: Record<string, string | string[]> } = {}) {
  const headers: Record<string, string> = { origin: '' };
  if (init.auth) headers.authorization = `GoogleLogin auth=${init.auth}`;
  let body: string | undefined;
  if (init.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(init.form)) {
      for (const one of Array.isArray(value) ? value : [value]) form.append(key, one);
    }
    body = form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  return call(`/api/greader${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body });
}

const json = async <T>(response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

const contentsOf = (auth: string, stream: string, query = '') =>
  greader(`/reader/api/0/stream/contents/${encodeURIComponent(stream)}?output=json${query}`, { auth }).then((r) =>
    json<{ items: Item[]; continuation?: string }>(r),
  );

describe('ClientLogin', () => {
  it('signs an app in with the account email and an app password, as SID, LSID and Auth lines', async () => {
    const { auth } = await readerFor({ feeds: 0 });
    expect(auth).toMatch(/^\d+\/[0-9a-f]{64}$/);
    const info = await json<{ userEmail: string }>(await greader('/reader/api/0/user-info', { auth }));
    expect(info.userEmail).toMatch(/@example\.com$/);
  });

  it('refuses the account password, a wrong one and an unknown email with 401', async () => {
    const { email, password, appPassword } = await readerFor({ feeds: 0 });
    for (const [Email, Passwd] of [
      [email, password],
      [email, 'wrong'],
      ['nobody@example.com', appPassword],
    ]) {
      const response = await greader('/accounts/ClientLogin', { form: { Email: Email ?? '', Passwd: Passwd ?? '' } });
      expect(response.status).toBe(401);
      expect(await response.text()).toBe('Error=BadAuthentication\n');
    }
  });

  it('counts failed sign-ins like the web login: the eleventh for one email and address is a 429', async () => {
    const { email, appPassword } = await readerFor({ feeds: 0 });
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const login = (Passwd: string) =>
      call('/api/greader/accounts/ClientLogin', {
        method: 'POST',
        headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': ip },
        body: new URLSearchParams({ Email: email, Passwd }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await login('wrong')).status).toBe(401);
    expect((await login('wrong')).status).toBe(429);
    expect((await login(appPassword)).status).toBe(429);
  });

  it('ends every session of a revoked app password at once', async () => {
    const { auth, cookie, appPasswordId } = await readerFor({ feeds: 0 });
    expect((await greader('/reader/api/0/token', { auth })).status).toBe(200);
    await call(`/api/users/me/app-passwords/${appPasswordId}`, { cookie, method: 'DELETE' });
    const refused = await greader('/reader/api/0/token', { auth });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('google-bad-token')).toBe('true');
    expect((await greader('/reader/api/0/token', { auth: 'forged/0' })).status).toBe(401);
    expect((await greader('/reader/api/0/token')).status).toBe(401);
  });
});

describe('reading', () => {
  it('lists subscriptions with their labels, the labels, and unread counts that match the web app', async () => {
    const { auth, cookie, feedUrls } = await readerFor();
    const { subscriptions } = await json<{ subscriptions: { id: string; title: string; categories: unknown[] }[] }>(
      await greader('/reader/api/0/subscription/list?output=json', { auth }),
    );
    expect(subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: `feed/${feedUrls[0]}`,
          title: 'Feed 0',
          categories: [{ id: 'user/-/label/News', label: 'News' }],
        }),
        expect.objectContaining({ id: `feed/${feedUrls[1]}`, title: 'Feed 1', categories: [] }),
      ]),
    );
    const { tags } = await json<{ tags: { id: string }[] }>(
      await greader('/reader/api/0/tag/list?output=json', { auth }),
    );
    expect(tags.map((tag) => tag.id)).toEqual(['user/-/state/com.google/starred', 'user/-/label/News']);

    const counts = await json<{ unreadcounts: { id: string; count: number }[] }>(
      await greader('/reader/api/0/unread-count?output=json', { auth }),
    );
    const sidebar = (await (await call('/api/categories/with-feeds', { cookie })).json()) as {
      feeds: { url: string; unreadCount: number }[];
    }[];
    for (const feed of sidebar.flatMap((group) => group.feeds)) {
      expect(counts.unreadcounts).toContainEqual({ id: `feed/${feed.url}`, count: feed.unreadCount });
    }
    expect(counts.unreadcounts).toContainEqual({ id: 'user/-/state/com.google/reading-list', count: 6 });
    expect(counts.unreadcounts).toContainEqual({ id: 'user/-/label/News', count: 3 });
  });

  it('pages a feed newest first with a continuation, and oldest first with r=o', async () => {
    const { auth, feedUrls } = await readerFor();
    const stream = `feed/${feedUrls[0]}`;
    const first = await contentsOf(auth, stream, '&n=2');
    expect(first.items.map((item) => item.title)).toEqual([
      expect.stringMatching(/story 1$/),
      expect.stringMatching(/story 2$/),
    ]);
    expect(first.items[0]?.id).toMatch(/^tag:google\.com,2005:reader\/item\/[0-9a-f]{16}$/);
    expect(first.items[0]?.origin.streamId).toBe(stream);
    expect(first.items[0]?.categories).toEqual(
      expect.arrayContaining(['user/-/state/com.google/reading-list', 'user/-/label/News']),
    );
    const rest = await contentsOf(auth, stream, `&n=2&c=${encodeURIComponent(first.continuation ?? '')}`);
    expect(rest.items.map((item) => item.title)).toEqual([expect.stringMatching(/story 3$/)]);
    expect(rest.continuation).toBeUndefined();
    const oldest = await contentsOf(auth, stream, '&r=o&n=1');
    expect(oldest.items[0]?.title).toMatch(/story 3$/);
    const labelled = await contentsOf(auth, 'user/-/label/News');
    expect(labelled.items).toHaveLength(3);
    const everything = await contentsOf(auth, 'user/-/state/com.google/reading-list', '&n=100');
    expect(everything.items).toHaveLength(6);
  });

  it('keeps to ot and nt, in seconds', async () => {
    const { auth } = await readerFor();
    const now = Math.floor(Date.now() / 1000);
    const recent = await contentsOf(auth, 'user/-/state/com.google/reading-list', `&ot=${now - 2.5 * 3600}`);
    expect(recent.items.map((item) => item.title)).toEqual([
      expect.stringMatching(/0-.* story 1$/),
      expect.stringMatching(/0-.* story 2$/),
    ]);
    const older = await contentsOf(auth, 'user/-/state/com.google/reading-list', `&nt=${now - 5.5 * 3600}`);
    expect(older.items).toHaveLength(1);
  });

  it('gives item ids and items by id, long or short, and never another person’s', async () => {
    const { auth } = await readerFor();
    const stranger = await readerFor({ feeds: 1 });
    const { itemRefs } = await json<{ itemRefs: { id: string }[] }>(
      await greader('/reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=10', { auth }),
    );
    expect(itemRefs).toHaveLength(6);
    expect(itemRefs[0]?.id).toMatch(/^\d+$/);
    const strangers = await contentsOf(stranger.auth, 'user/-/state/com.google/reading-list');
    const mine = [itemRefs[0]?.id ?? '', longItemId(Number(itemRefs[1]?.id))];
    const { items } = await json<{ items: Item[] }>(
      await greader('/reader/api/0/stream/items/contents?output=json', {
        auth,
        form: { i: [...mine, strangers.items[0]?.id ?? ''] },
      }),
    );
    expect(items.map((item) => item.id)).toEqual(
      mine.map((id) => (id.startsWith('tag:') ? id : longItemId(Number(id)))),
    );
  });
});

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

  it('marks a whole feed read, or only what is older than ts', async () => {
    const { auth, cookie, feedUrls } = await readerFor();
    const ts = (Date.now() - 2.5 * HOUR) * 1000;
    await greader('/reader/api/0/mark-all-as-read', { auth, form: { s: `feed/${feedUrls[0]}`, ts: String(ts) } });
    const left = await contentsOf(auth, `feed/${feedUrls[0]}`, '&xt=user/-/state/com.google/read');
    expect(left.items).toHaveLength(2);
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
