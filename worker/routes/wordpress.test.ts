// WordPress sites (credentials checked, stored encrypted) and publishing a generation to one, against
// the fake WordPress REST API.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { wordpressSites } from '../../schema';
import { createGeneration, makePro, recordedRequests } from '../test/ai';
import { WORDPRESS_PASSWORD, WORDPRESS_USER } from '../test/fake-upstreams/wordpress';
import { call, db, signUp } from '../test/helpers';

const wp = (scenario: string) => `${env.FAKE_UPSTREAM_URL}/wp/${scenario}`;

async function addSite(cookie: string, overrides: Record<string, unknown> = {}) {
  return call('/api/wordpress/sites', {
    cookie,
    json: {
      name: 'My Blog',
      url: wp('ok'),
      username: WORDPRESS_USER,
      applicationPassword: WORDPRESS_PASSWORD,
      ...overrides,
    },
  });
}

describe('WordPress sites', () => {
  it('checks the credentials, stores the password encrypted and never returns it', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const response = await addSite(cookie);
    expect(response.status).toBe(201);
    const site = (await response.json()) as Record<string, unknown>;
    expect(site).toMatchObject({ name: 'My Blog', url: wp('ok'), username: WORDPRESS_USER, isDefault: true });
    expect(JSON.stringify(site)).not.toContain('abcd');
    const [row] = await db.select().from(wordpressSites).where(eq(wordpressSites.userId, userId));
    expect(row?.appPassword).toMatch(/^v1\./);
    expect(row?.appPassword).not.toContain('abcd');
    const list = await (await call('/api/wordpress/sites', { cookie })).json();
    expect(JSON.stringify(list)).not.toContain('abcd');
    const info = await (await call(`/api/wordpress/sites/${row?.id}/info`, { cookie })).json();
    expect(info).toEqual({
      categories: [
        { id: 1, name: 'News', count: 3 },
        { id: 2, name: 'Tech', count: 1 },
      ],
      tags: expect.arrayContaining([expect.objectContaining({ id: 5, name: 'Energy' })]),
    });
  });

  it('refuses bad sites with clear messages and saves nothing', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ applicationPassword: 'wrong pass word' }, /rejected the username or application password/],
      [{ url: wp('html') }, /web page instead of WordPress REST API data/],
      [{ url: wp('broken') }, /failed with an error \(500\)/],
      [{ url: 'http://example.com' }, /must start with https/],
      [{ url: 'https://192.168.1.10' }, /private network/],
      [{ url: 'https://localhost' }, /private network/],
      [{ url: 'ftp://example.com' }, /valid URL/],
    ];
    for (const [overrides, message] of cases) {
      const response = await addSite(cookie, overrides);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect(await (await call('/api/wordpress/sites', { cookie })).json()).toEqual([]);
  });

  it('asks for the application password again before sending it to a new URL or username (M5)', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const site = (await (await addSite(cookie)).json()) as { id: number };
    for (const changes of [{ url: wp('other') }, { username: 'someone-else' }]) {
      const response = await call(`/api/wordpress/sites/${site.id}`, { method: 'PATCH', cookie, json: changes });
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(await response.json()).toMatchObject({
        message: 'Enter the application password again to change the site URL or username.',
      });
    }
    const [row] = await db.select().from(wordpressSites).where(eq(wordpressSites.id, site.id));
    expect(row).toMatchObject({ url: wp('ok'), username: WORDPRESS_USER });
    const moved = await call(`/api/wordpress/sites/${site.id}`, {
      method: 'PATCH',
      cookie,
      json: { url: wp('ok'), username: WORDPRESS_USER, applicationPassword: WORDPRESS_PASSWORD, name: 'Same' },
    });
    expect(moved.status).toBe(200);
  });

  it('is a Pro feature', async () => {
    const { cookie } = await signUp();
    const response = await addSite(cookie);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/Pro feature/);
  });

  it('sets the default, edits and removes; another person’s site answers 404', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const first = (await (await addSite(cookie)).json()) as { id: number };
    const second = (await (await addSite(cookie, { name: 'Second', isDefault: true })).json()) as { id: number };
    const list = (await (await call('/api/wordpress/sites', { cookie })).json()) as {
      id: number;
      isDefault: boolean;
    }[];
    expect(list.find((s) => s.id === first.id)?.isDefault).toBe(false);
    expect(list.find((s) => s.id === second.id)?.isDefault).toBe(true);
    const renamed = await call(`/api/wordpress/sites/${first.id}`, {
      method: 'PATCH',
      cookie,
      json: { name: 'Renamed' },
    });
    expect(await renamed.json()).toMatchObject({ name: 'Renamed' });
    const stranger = await signUp();
    expect((await call(`/api/wordpress/sites/${first.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/wordpress/sites/${first.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(
      404,
    );
    expect((await call(`/api/wordpress/sites/${second.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    const after = (await (await call('/api/wordpress/sites', { cookie })).json()) as {
      id: number;
      isDefault: boolean;
    }[];
    expect(after).toEqual([expect.objectContaining({ id: first.id, isDefault: true })]);
  });
});

describe('publishing', () => {
  it('uploads the featured image, then creates the post with Basic auth and the chosen fields', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const site = (await (await addSite(cookie)).json()) as { id: number };
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
    await env.IMAGES.put(`generations/test-${userId}.jpg`, jpeg, { httpMetadata: { contentType: 'image/jpeg' } });
    const generation = await createGeneration(userId, { imageKey: `generations/test-${userId}.jpg` });
    await fetch(`${env.FAKE_UPSTREAM_URL}/__requests`, { method: 'DELETE' });

    const response = await call('/api/wordpress/publish', {
      cookie,
      json: {
        generationId: generation.id,
        wordpressSiteId: site.id,
        status: 'draft',
        categories: [2],
        featuredImage: true,
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'Saved as a draft in WordPress',
      postUrl: `${wp('ok')}/?p=101`,
    });

    const requests = await recordedRequests('/wp/ok/wp-json/wp/v2/');
    const media = requests.find((r) => r.path.endsWith('/media'));
    const post = requests.find((r) => r.path.endsWith('/posts'));
    expect(media?.headers['content-type']).toBe('image/jpeg');
    expect(post?.headers.authorization).toMatch(/^Basic /);
    const sent = JSON.parse(post?.body ?? '{}');
    expect(sent).toMatchObject({ title: 'Weekly roundup', status: 'draft', categories: [2], featured_media: 77 });
    expect(sent.content).toContain('<p>First paragraph.</p>');
    expect(sent.content).not.toContain('<script');
  });

  it('turns WordPress failures into clear messages', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    const site = (await (await addSite(cookie)).json()) as { id: number };
    const generation = await createGeneration(userId);
    await db
      .update(wordpressSites)
      .set({ url: wp('nocreate') })
      .where(eq(wordpressSites.id, site.id));
    const refused = await call('/api/wordpress/publish', {
      cookie,
      json: { generationId: generation.id, wordpressSiteId: site.id, status: 'publish', categories: [] },
    });
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { message: string }).message).toMatch(/may not create posts/);

    const other = await signUp();
    await makePro(other.userId);
    const foreign = await call('/api/wordpress/publish', {
      cookie: other.cookie,
      json: { generationId: generation.id, wordpressSiteId: site.id, status: 'draft', categories: [] },
    });
    expect(foreign.status).toBe(404);
  });

  it('gives up on a site that never answers after 15 seconds', async () => {
    const { cookie, userId } = await signUp();
    await makePro(userId);
    // The 15 seconds pass on a fake timer: the request is really sent and really left unanswered.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const pending = addSite(cookie, { url: wp('slow') });
    await vi.waitFor(async () => expect((await recordedRequests('/wp/slow')).length).toBe(1));
    await vi.advanceTimersByTimeAsync(14_000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    const response = await pending;
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/did not answer within 15 seconds/);
  });
});
