// The smoke set: one person's day through the whole app as the platform runs it. Every other Worker test
// seeds people straight into the databases and holds the queue where it needs to; here nothing is
// seeded but the Pro plan: sign-up is the real flow (the emailed link, the password's hash, the sign-in),
// the feed is fetched from its server, the summary is a job the local queue delivers in the background
// to the Worker's queue handler, and the post goes to a WordPress server over HTTP.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { Generation } from './contracts/ai';
import type { FeedItem } from './contracts/feeds';
import { defaultItems, json, makePro, restoreAi, useFakeAi } from './test/ai';
import { WORDPRESS_PASSWORD, WORDPRESS_USER } from './test/fake-upstreams/wordpress';
import { rss, scriptFeed, uniqueName } from './test/feeds';
import { call, sessionCookieOf, tokenFromLatestEmail, uniqueEmail } from './test/helpers';

afterEach(() => restoreAi());

/** Polls until the queue has run the generation (the local queue delivers within a couple of seconds). */
async function finished(cookie: string, id: number) {
  for (let polls = 0; polls < 300; polls++) {
    const generation = await json<Generation>(await call(`/api/ai-generations/${id}`, { cookie }));
    if (generation.status !== 'pending') return generation;
    await scheduler.wait(50);
  }
  throw new Error(`generation ${id} still pending after 15 s`);
}

describe('the whole app, as the platform runs it', () => {
  it('signs up, follows a feed, reads it, has it summarised by the AI and publishes to WordPress', async () => {
    // Sign-up: the emailed link sets the password, and the password signs in.
    const email = uniqueEmail('smoke');
    const password = 'a smoke test password';
    expect((await call('/api/auth/register', { json: { name: 'Sam Smoke', email } })).status).toBe(201);
    const token = await tokenFromLatestEmail(email);
    expect((await call('/api/auth/set-password', { json: { token, password } })).status).toBe(200);
    const login = await call('/api/auth/login', { json: { username: email, password } });
    expect(login.status).toBe(200);
    const cookie = sessionCookieOf(login) as string;
    const me = await json<{ id: number; email: string }>(await call('/api/users/me', { cookie }));
    expect(me.email).toBe(email);

    // Follow: the feed is fetched from its server and its items stored.
    const url = await scriptFeed(uniqueName('smoke'), { body: rss('Energy Today', defaultItems()) });
    const followed = await call('/api/feeds', {
      cookie,
      json: { url, name: 'Energy Today', categoryId: null, includeInAi: true },
    });
    expect(followed.status).toBe(201);
    const feedId = (await json<{ id: number }>(followed)).id;

    // Read: the newest first, one marked read, and the list says so.
    const list = await json<FeedItem[]>(await call(`/api/feed-items?feedId=${feedId}`, { cookie }));
    expect(list.map((item) => item.title)).toEqual([
      'Solar batteries get cheaper',
      'Wind farms and batteries share the grid',
    ]);
    const first = list[0] as FeedItem;
    const marked = await call(`/api/feed-items/${first.id}`, { cookie, method: 'PATCH', json: { isRead: true } });
    expect(marked.status).toBe(200);
    const unread = await json<FeedItem[]>(await call(`/api/feed-items?feedId=${feedId}&filter=unread`, { cookie }));
    expect(unread.map((item) => item.title)).toEqual(['Wind farms and batteries share the grid']);

    // AI: a feed summary is queued, and the queue runs it against the model's HTTP API.
    useFakeAi({ images: false });
    const queued = await call('/api/ai-generations/feed-summary', {
      cookie,
      json: { feedId, language: 'English (UK)' },
    });
    expect(queued.status).toBe(202);
    const summary = await finished(cookie, (await json<Generation>(queued)).id);
    expect(summary.status).toBe('done');
    expect(summary.content).toBeTruthy();

    // Publish: a Pro blogger's rewrite of the article becomes a WordPress draft.
    await makePro(me.id);
    const site = await call('/api/wordpress/sites', {
      cookie,
      json: {
        name: 'Blog',
        url: `${env.FAKE_UPSTREAM_URL}/wp/ok`,
        username: WORDPRESS_USER,
        applicationPassword: WORDPRESS_PASSWORD,
      },
    });
    expect(site.status).toBe(201);
    const post = await call(`/api/feed-items/${first.id}/rewrite`, {
      cookie,
      json: { language: 'English (US)', model: 'deepseek/deepseek-chat-v3-0324', platform: 'blog' },
    });
    expect(post.status).toBe(200);
    const published = await call('/api/wordpress/publish', {
      cookie,
      json: {
        status: 'draft',
        categories: [],
        generationId: (await json<{ id: number }>(post)).id,
        wordpressSiteId: (await json<{ id: number }>(site)).id,
      },
    });
    expect(published.status).toBe(200);
  });
});
