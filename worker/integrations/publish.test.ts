// Publishing as a blogger would (issue 11 item 4), against the fake WordPress REST API: the article's
// own title, a body that does not repeat it, tags chosen by name, every category of a big site, and a
// featured image from the article or newly drawn at its credit cost.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../../schema';
import { IMAGE_CREDITS } from '../contracts/ai';
import { creditsOf, holdJobsWithOfflineAiInEachTest, makePro, personWithFeed, setCredits, useFakeAi } from '../test/ai';
import { WORDPRESS_PASSWORD, WORDPRESS_USER } from '../test/fake-upstreams/wordpress';
import { call, db } from '../test/helpers';

const wp = (scenario: string) => `${env.FAKE_UPSTREAM_URL}/wp/${scenario}`;
type Recorded = { method: string; path: string; headers: Record<string, string>; body: string };
const recorded = async (prefix: string) =>
  (await (
    await fetch(`${env.FAKE_UPSTREAM_URL}/__requests?prefix=${encodeURIComponent(prefix)}`)
  ).json()) as Recorded[];

holdJobsWithOfflineAiInEachTest();

/** A Pro blogger with a site on `scenario` and a blog-post rewrite of one article by the offline model. */
async function bloggerWithBlogPost(scenario = 'ok') {
  const person = await personWithFeed();
  await makePro(person.userId);
  await setCredits(person.userId, 10);
  const site = (await (
    await call('/api/wordpress/sites', {
      cookie: person.cookie,
      json: { name: 'Blog', url: wp(scenario), username: WORDPRESS_USER, applicationPassword: WORDPRESS_PASSWORD },
    })
  ).json()) as { id: number };
  const item = person.items[0] as { id: number; title: string };
  const rewrite = await call(`/api/feed-items/${item.id}/rewrite`, {
    cookie: person.cookie,
    json: { language: 'English (US)', model: 'deepseek/deepseek-chat-v3-0324', platform: 'blog' },
  });
  const generation = (await rewrite.json()) as { id: number };
  return { ...person, siteId: site.id, item, generationId: generation.id };
}

const publish = (cookie: string, body: Record<string, unknown>) =>
  call('/api/wordpress/publish', { cookie, json: { status: 'draft', categories: [], ...body } });

async function sentPost(scenario = 'ok') {
  const post = (await recorded(`/wp/${scenario}/wp-json/wp/v2/posts`)).filter((r) => r.method === 'POST').at(-1);
  return JSON.parse(post?.body ?? '{}') as Record<string, unknown>;
}

describe('publishing a blog post to WordPress', () => {
  it('titles the post with the article’s own title and does not repeat it in the body', async () => {
    const blogger = await bloggerWithBlogPost();
    const response = await publish(blogger.cookie, {
      generationId: blogger.generationId,
      wordpressSiteId: blogger.siteId,
    });
    expect(response.status).toBe(200);
    const post = await sentPost();
    expect(post.title).toBe(blogger.item.title);
    expect(String(post.title)).not.toMatch(/Blog Post/);
    expect(String(post.content)).not.toContain(`<h2>${blogger.item.title}</h2>`);
    expect(String(post.content)).toMatch(/^<p>/);
    // A title the person typed wins.
    await publish(blogger.cookie, {
      generationId: blogger.generationId,
      wordpressSiteId: blogger.siteId,
      title: 'Storage beats gas',
    });
    expect((await sentPost()).title).toBe('Storage beats gas');
  });

  it('tags the post with the chosen tags, reusing existing ones and creating new ones', async () => {
    const blogger = await bloggerWithBlogPost();
    const tagName = `Grid ${crypto.randomUUID().slice(0, 6)}`;
    const response = await publish(blogger.cookie, {
      generationId: blogger.generationId,
      wordpressSiteId: blogger.siteId,
      tags: ['energy', tagName, tagName],
    });
    expect(response.status).toBe(200);
    const created = (await recorded('/wp/ok/wp-json/wp/v2/tags')).filter(
      (r) => r.method === 'POST' && r.body.includes(tagName),
    );
    expect(created).toHaveLength(1);
    const tags = (await sentPost()).tags as number[];
    expect(tags).toHaveLength(2);
    expect(tags[0]).toBe(5);
    const info = (await (
      await call(`/api/wordpress/sites/${blogger.siteId}/info`, { cookie: blogger.cookie })
    ).json()) as {
      tags: { name: string }[];
    };
    expect(info.tags.map((tag) => tag.name)).toContain(tagName);
  });

  it('offers every category of a site with more than 100, page by page', async () => {
    const blogger = await bloggerWithBlogPost('big');
    const info = (await (
      await call(`/api/wordpress/sites/${blogger.siteId}/info`, { cookie: blogger.cookie })
    ).json()) as {
      categories: { id: number; name: string }[];
    };
    expect(info.categories).toHaveLength(230);
    expect(info.categories.at(-1)).toMatchObject({ id: 230, name: 'Category 230' });
    const pages = (await recorded('/wp/big/wp-json/wp/v2/categories')).map(
      (r) => new URL(r.path, 'http://x').searchParams,
    );
    expect(pages.slice(-3).map((params) => params.get('page'))).toEqual(['1', '2', '3']);
    expect(pages.every((params) => params.get('per_page') === '100')).toBe(true);
  });

  it('uses the article’s own image as the featured image', async () => {
    const blogger = await bloggerWithBlogPost();
    await db.shards
      .of(blogger.item.id)
      .update(items)
      .set({ thumbnail: `${wp('ok')}/wp-content/uploads/lens.jpg` })
      .where(eq(items.id, blogger.item.id));
    const response = await publish(blogger.cookie, {
      generationId: blogger.generationId,
      wordpressSiteId: blogger.siteId,
      featuredImage: 'item',
    });
    expect(response.status).toBe(200);
    const media = (await recorded('/wp/ok/wp-json/wp/v2/media')).at(-1);
    expect(media?.headers['content-type']).toBe('image/jpeg');
    expect(media?.headers['content-disposition']).toBe(`attachment; filename="feedloom-${blogger.generationId}.jpg"`);
    expect((await sentPost()).featured_media).toBe(77);
  });

  it('says so when the article has no image, and publishes nothing', async () => {
    const blogger = await bloggerWithBlogPost();
    await db.shards.of(blogger.item.id).update(items).set({ thumbnail: null }).where(eq(items.id, blogger.item.id));
    const before = (await recorded('/wp/ok/wp-json/wp/v2/posts')).length;
    const response = await publish(blogger.cookie, {
      generationId: blogger.generationId,
      wordpressSiteId: blogger.siteId,
      featuredImage: 'item',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/no image of its own/) });
    expect(await recorded('/wp/ok/wp-json/wp/v2/posts')).toHaveLength(before);
  });

  it('draws a new featured image for one credit, and charges nothing when images are not configured', async () => {
    const blogger = await bloggerWithBlogPost();
    const before = await creditsOf(blogger.userId);
    const refused = await publish(blogger.cookie, {
      generationId: blogger.generationId,
      wordpressSiteId: blogger.siteId,
      featuredImage: 'generate',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/Replicate API token/) });
    expect(await creditsOf(blogger.userId)).toBe(before);

    useFakeAi();
    const drawn = await publish(blogger.cookie, {
      generationId: blogger.generationId,
      wordpressSiteId: blogger.siteId,
      featuredImage: 'generate',
    });
    expect(drawn.status).toBe(200);
    expect(await creditsOf(blogger.userId)).toBe(before - IMAGE_CREDITS);
    expect((await sentPost()).featured_media).toBe(77);
    const left = await env.IMAGES.list({ prefix: `generations/${blogger.generationId}-` });
    expect(left.objects).toEqual([]);
  });

  it('refuses an unknown featured image source with a clear message', async () => {
    const blogger = await bloggerWithBlogPost();
    const response = await publish(blogger.cookie, {
      generationId: blogger.generationId,
      wordpressSiteId: blogger.siteId,
      featuredImage: 'https://example.com/x.jpg',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/featured image must be/) });
  });
});
