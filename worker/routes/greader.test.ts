// The Google Reader API as a reader app uses it: sign in with an app password, list, read, sync back.
// Requests are shaped as newsboat (FeedHQ backend), Reeder and FreshRSS's documented clients send them:
// form-encoded POSTs with no Origin, "Authorization: GoogleLogin auth=…", ids long or short.
import { describe, expect, it } from 'vitest';
import { longItemId } from '../greader/ids';
import { contentsOf, greader, type Item, json, readerFor } from '../test/greader';
import { call } from '../test/helpers';

describe('ClientLogin', () => {
  it('signs an app in with the account email and an app password, as SID, LSID and Auth lines', async () => {
    const { auth, appPasswordId, userId } = await readerFor({ feeds: 0 });
    // The app password, its person and their people shard (where each call checks it), the expiry, the HMAC.
    expect(auth).toMatch(new RegExp(`^${appPasswordId}/${userId}/1/\\d+/[0-9a-f]{64}$`));
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
      expect(counts.unreadcounts).toContainEqual(
        expect.objectContaining({ id: `feed/${feed.url}`, count: feed.unreadCount }),
      );
    }
    expect(counts.unreadcounts).toContainEqual(
      expect.objectContaining({ id: 'user/-/state/com.google/reading-list', count: 6 }),
    );
    expect(counts.unreadcounts).toContainEqual(expect.objectContaining({ id: 'user/-/label/News', count: 3 }));
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

  it('keys ot and nt, in seconds, on when items arrived, not on their published dates', async () => {
    const { auth } = await readerFor();
    const now = Math.floor(Date.now() / 1000);
    // Every story arrived just now, though published hours ago (greader-clients.test.ts has late arrivals).
    const recent = await contentsOf(auth, 'user/-/state/com.google/reading-list', `&ot=${now - 2.5 * 3600}&n=50`);
    expect(recent.items).toHaveLength(6);
    const older = await contentsOf(auth, 'user/-/state/com.google/reading-list', `&nt=${now - 60}`);
    expect(older.items).toEqual([]);
    const bad = await greader('/reader/api/0/stream/contents/user/-/state/com.google/reading-list?ot=x', { auth });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Invalid ot' });
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
