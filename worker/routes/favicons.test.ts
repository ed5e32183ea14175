// Issue 32: site icons from Feedloom's own origin, fetched once per site through the safe fetcher and
// kept in R2, for the web app, Google Reader's iconUrl and Fever's favicons alike: no reader app tells
// a third-party favicon service which sites the person follows.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeds } from '../../schema';
import { md5Hex } from '../lib/crypto';
import { hitsOf, scriptFeed, uniqueName } from '../test/feeds';
import { greader, json } from '../test/greader';
import { call, db } from '../test/helpers';
import { personWithAppPassword } from '../test/reader-apps';

// An .ico's header and a few bytes: all below 0x80, so the scripted body keeps them as they are.
const ICON = '\u0000\u0000\u0001\u0000\u0001\u0000icon-bytes';
const iconBytes = new TextEncoder().encode(ICON);

/** Follows a feed of a site of its own (`https://<site>/`), its page declaring the scripted icon. */
async function followSiteFeed(cookie: string, site: string, iconName: string | null) {
  const name = uniqueName('icon-feed');
  const url = await scriptFeed(name, {
    body: `<?xml version="1.0"?><rss version="2.0"><channel><title>${site}</title><link>https://${site}/</link>
<description>d</description><item><title>One</title><guid>${name}-1</guid></item></channel></rss>`,
  });
  const added = await call('/api/feeds', { cookie, json: { url, name: site, categoryId: null, includeInAi: true } });
  expect(added.status).toBe(201);
  const id = ((await added.json()) as { id: number }).id;
  if (iconName) {
    // What faviconFor finds when the site's page declares <link rel="icon" href="…">.
    const iconUrl = `${env.FAKE_UPSTREAM_URL}/scripted/${iconName}`;
    await db.shards.of(id).update(feeds).set({ faviconUrl: iconUrl }).where(eq(feeds.id, id));
  }
  return id;
}

async function scriptIcon() {
  const iconName = uniqueName('icon');
  await scriptFeed(iconName, { body: ICON, contentType: 'image/x-icon' });
  return iconName;
}

describe('site icons from our own origin', () => {
  it('serves a site’s icon at /api/favicons/:feedId, fetched once per site, without a session', async () => {
    const person = await personWithAppPassword('NetNewsWire', 'News');
    const iconName = await scriptIcon();
    const site = `${uniqueName('site')}.example`;
    const first = await followSiteFeed(person.cookie, site, iconName);
    const second = await followSiteFeed(person.cookie, site, iconName);

    for (const id of [first, second, first]) {
      const response = await call(`/api/favicons/${id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/x-icon');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(iconBytes);
    }
    // Two feeds of one site, three requests: the site was asked once; R2 answered the rest.
    expect((await hitsOf(iconName)).hits).toBe(1);

    // The web app's sidebar points at it.
    const groups = (await (await call('/api/categories/with-feeds', { cookie: person.cookie })).json()) as {
      feeds: { id: number; favicon: string }[];
    }[];
    expect(groups.flatMap((group) => group.feeds).map((feed) => feed.favicon)).toEqual(
      expect.arrayContaining([`/api/favicons/${first}`, `/api/favicons/${second}`]),
    );
  });

  it('answers 404 for a site with no icon it can fetch, and for an unknown feed', async () => {
    const person = await personWithAppPassword('NetNewsWire', 'News');
    // No declared icon: its /favicon.ico is on a host the safe fetcher will not reach.
    const id = await followSiteFeed(person.cookie, `${uniqueName('bare')}.example`, null);
    expect((await call(`/api/favicons/${id}`)).status).toBe(404);
    expect((await call('/api/favicons/999999999')).status).toBe(404);
    expect((await call('/api/favicons/x')).status).toBe(400);
  });

  it('gives Google Reader apps an iconUrl on our origin, and Fever apps the icon as data with last_updated_on_time', async () => {
    const person = await personWithAppPassword('Reeder', 'News');
    const iconName = await scriptIcon();
    const id = await followSiteFeed(person.cookie, `${uniqueName('site')}.example`, iconName);

    const login = await greader('/accounts/ClientLogin', { form: { Email: person.email, Passwd: person.appPassword } });
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
    const { subscriptions } = await json<{ subscriptions: { iconUrl: string }[] }>(
      await greader('/reader/api/0/subscription/list?output=json', { auth }),
    );
    expect(subscriptions.map((sub) => new URL(sub.iconUrl).pathname)).toEqual([`/api/favicons/${id}`]);
    expect(subscriptions[0]?.iconUrl).not.toContain('google.com');

    const apiKey = await md5Hex(`${person.email}:${person.appPassword}`);
    const response = await call('/api/fever/?api&feeds&favicons', {
      method: 'POST',
      headers: { origin: '', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: apiKey }).toString(),
    });
    const answer = (await response.json()) as {
      feeds: { id: number; favicon_id: number; last_updated_on_time: number }[];
      favicons: { id: number; data: string }[];
    };
    expect(answer.feeds[0]?.favicon_id).toBe(id);
    expect(answer.favicons).toEqual([{ id, data: `image/x-icon;base64,${btoa(ICON)}` }]);
    const stored = Math.floor(Date.now() / 1000);
    expect(answer.feeds[0]?.last_updated_on_time).toBeGreaterThan(stored - 600);
    expect(answer.feeds[0]?.last_updated_on_time).toBeLessThanOrEqual(stored);
    expect((await hitsOf(iconName)).hits).toBe(1);
  });
});
