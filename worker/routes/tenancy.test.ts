// Tenancy, route by route (STYLE.md pattern 5): for every route of the app with a path parameter, one
// person's data answers another person 404 — exactly as a row that does not exist — and is left as it
// was. The routes come from the Hono app itself, so a new route with a parameter fails this test until
// it is listed below with the data it needs.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../app';
import { createGeneration, makePro, setCredits } from '../test/ai';
import { WORDPRESS_PASSWORD, WORDPRESS_USER } from '../test/fake-upstreams/wordpress';
import { addFeed, itemsOf, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

type Person = Awaited<ReturnType<typeof signUp>>;

async function idOf(response: Response) {
  if (response.status >= 300) throw new Error(`setup failed: ${response.status} ${await response.text()}`);
  return String(((await response.json()) as { id: number }).id);
}

/**
 * How to give the owner one of each kind of thing a path parameter names, and how the owner reads it
 * back (to prove a stranger's write changed nothing). The value is what goes into the path.
 */
const OWNED: Record<string, { create: (owner: Person) => Promise<string>; readBack: (value: string) => string }> = {
  feedId: {
    create: async (owner) => {
      const name = uniqueName('tenancy');
      const url = await scriptFeed(name, { body: rss(name, [{ guid: `${name}-1`, title: 'Only mine' }]) });
      return idOf(await addFeed(owner.cookie, url));
    },
    readBack: (id) => `/api/feeds/${id}`,
  },
  itemId: {
    // The owner's feed (created first) has one item; the stranger does not follow that feed.
    create: async (owner) => String((await itemsOf(owner.cookie)).items[0]?.id),
    readBack: (id) => `/api/feed-items/${id}`,
  },
  categoryId: {
    create: async (owner) => idOf(await call('/api/categories', { cookie: owner.cookie, json: { name: 'Private' } })),
    readBack: (id) => `/api/categories/${id}`,
  },
  generationId: {
    create: async (owner) => String((await createGeneration(owner.userId)).id),
    readBack: (id) => `/api/ai-generations/${id}`,
  },
  imageName: {
    create: async (owner) => {
      const name = `${owner.userId}-${crypto.randomUUID()}.jpg`;
      await env.IMAGES.put(`generations/${name}`, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]));
      await createGeneration(owner.userId, { imageKey: `generations/${name}` });
      return name;
    },
    readBack: (name) => `/api/ai-generations/images/${name}`,
  },
  appPasswordId: {
    create: async (owner) =>
      idOf(
        await call('/api/users/me/app-passwords', {
          cookie: owner.cookie,
          json: { name: 'Reeder', currentPassword: owner.password },
        }),
      ),
    readBack: () => '/api/users/me/app-passwords',
  },
  importId: {
    create: async (owner) => {
      const name = uniqueName('tenancy-opml');
      const url = await scriptFeed(name, { body: rss(name, [{ guid: `${name}-1`, title: 'Imported' }]) });
      const opml = `<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="A" xmlUrl="${url}"/></body></opml>`;
      const headers = { 'content-type': 'text/x-opml' };
      return idOf(await call('/api/opml', { cookie: owner.cookie, method: 'POST', body: opml, headers }));
    },
    readBack: (id) => `/api/opml/imports/${id}`,
  },
  ruleId: {
    create: async (owner) =>
      idOf(
        await call('/api/rules', { cookie: owner.cookie, json: { name: 'Mine', match: 'solar', actions: ['star'] } }),
      ),
    readBack: (id) => `/api/rules/${id}`,
  },
  savedSearchId: {
    create: async (owner) =>
      idOf(await call('/api/saved-searches', { cookie: owner.cookie, json: { name: 'Mine', query: 'solar' } })),
    readBack: () => '/api/saved-searches',
  },
  siteId: {
    create: async (owner) =>
      idOf(
        await call('/api/wordpress/sites', {
          cookie: owner.cookie,
          json: {
            name: 'Private blog',
            url: `${env.FAKE_UPSTREAM_URL}/wp/ok`,
            username: WORDPRESS_USER,
            applicationPassword: WORDPRESS_PASSWORD,
          },
        }),
      ),
    readBack: (id) => `/api/wordpress/sites/${id}`,
  },
};

/** Bodies that pass validation, so that the answer is about whose data it is and not about the input. */
const BODIES: Record<string, unknown> = {
  'PATCH /api/feeds/:feedId': { name: 'Taken over' },
  'PATCH /api/categories/:categoryId': { name: 'Taken over' },
  'PATCH /api/rules/:ruleId': { name: 'Taken over' },
  'PATCH /api/feed-items/:itemId': { isRead: true, isStarred: true },
  'POST /api/feed-items/:itemId/rewrite': {
    language: 'English (US)',
    model: 'deepseek/deepseek-chat-v3-0324',
    platform: 'text_summary',
  },
  'PATCH /api/wordpress/sites/:siteId': { name: 'Taken over' },
};

/** Routes with a parameter that names no one's data, and why. */
const NOT_OWNED: Record<string, string> = {
  'GET /api/email-images/:imageName': 'mail clients fetch it without a session; the signature is the key',
  'GET /api/exports/:userId/:exportId':
    'a mailed link opened without a session; its signature over the person, the file and the expiry is the key (exports/export-job.test.ts changes each)',
  'GET /api/favicons/:feedId': 'a site’s icon, public as the site is; reader apps fetch iconUrl without their token',
  'GET /api/dev/sample-feeds/:file': 'the development sample feeds, the same for everyone',
  'GET /api/dev/sample-feeds/images/:name': 'the development sample feeds’ pictures',
  'GET /api/dev/sample-feeds/audio/:name': 'the development sample podcast’s audio',
};

/** An owner and a stranger, both Pro with credits, so a plan or a charge is never the reason for an answer. */
async function twoProPeople() {
  const people = [await signUp(), await signUp()] as const;
  for (const person of people) {
    await makePro(person.userId);
    await setCredits(person.userId, 100);
  }
  return people;
}

/** Every method and path of the app that has a path parameter, once each. */
function routesWithParameters() {
  const seen = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || !path.includes('/:')) continue;
    seen.add(`${method} ${path}`);
  }
  return [...seen].sort();
}

const parametersOf = (path: string) => [...path.matchAll(/\/:(\w+)/g)].map((match) => match[1] as string);

describe('another person’s data', () => {
  it('every route with a parameter is covered here, or says why it names no one’s data', () => {
    const uncovered = routesWithParameters().filter(
      (route) => !(route in NOT_OWNED) && parametersOf(route).some((name) => !(name in OWNED)),
    );
    expect(uncovered).toEqual([]);
    // And nothing is listed that the app no longer has.
    expect(Object.keys(NOT_OWNED).filter((route) => !routesWithParameters().includes(route))).toEqual([]);
  });

  it('answers 404 on every route that takes an id, and changes nothing', async () => {
    const [owner, stranger] = await twoProPeople();
    const values: Record<string, string> = {};
    for (const [name, owned] of Object.entries(OWNED)) values[name] = await owned.create(owner);

    const routes = routesWithParameters().filter((route) => !(route in NOT_OWNED));
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      const path = template.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '');
      const readBacks = parametersOf(template).map((name) => OWNED[name]?.readBack(values[name] ?? '') ?? '');
      const before = await Promise.all(
        readBacks.map(async (read) => (await call(read, { cookie: owner.cookie })).text()),
      );

      const body = BODIES[route];
      const answer = await call(path, {
        method,
        cookie: stranger.cookie,
        ...(body !== undefined ? { json: body } : method === 'POST' ? { json: {} } : {}),
      });
      expect(answer.status, route).toBe(404);
      expect(((await answer.json()) as { code: string }).code, route).toBe('NOT_FOUND');

      const after = await Promise.all(
        readBacks.map(async (read) => (await call(read, { cookie: owner.cookie })).text()),
      );
      expect(after, route).toEqual(before);
      // The owner still reaches it: the 404 was about whose it is, not a wrong path.
      if (method === 'GET') expect((await call(path, { cookie: owner.cookie })).status, route).toBe(200);
    }
  });

  it('answers 404 when a body names another person’s feed, category, generation or site', async () => {
    const [owner, stranger] = await twoProPeople();
    const theirs: Record<string, number> = {};
    const mine: Record<string, number> = {};
    for (const [people, into] of [
      [owner, theirs],
      [stranger, mine],
    ] as const) {
      for (const name of ['feedId', 'categoryId', 'generationId', 'siteId'])
        into[name] = Number(await OWNED[name]?.create(people));
    }
    const language = 'English (US)';
    const cases: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/feeds/refresh', { feedId: theirs.feedId }],
      ['POST', '/api/feed-items/mark-read', { feedId: theirs.feedId }],
      ['POST', '/api/feed-items/mark-read', { categoryId: theirs.categoryId }],
      ['PATCH', `/api/feeds/${mine.feedId}`, { categoryId: theirs.categoryId }],
      ['POST', '/api/ai-generations/feed-summary', { feedId: theirs.feedId, language }],
      ['POST', '/api/ai-generations/category-summary', { categoryId: theirs.categoryId, language }],
      [
        'POST',
        '/api/wordpress/publish',
        { generationId: theirs.generationId, wordpressSiteId: mine.siteId, status: 'draft' },
      ],
      [
        'POST',
        '/api/wordpress/publish',
        { generationId: mine.generationId, wordpressSiteId: theirs.siteId, status: 'draft' },
      ],
    ];
    const ownerView = async () =>
      Promise.all(
        ['feedId', 'categoryId', 'generationId', 'siteId'].map(async (name) =>
          (await call(OWNED[name]?.readBack(String(theirs[name])) ?? '', { cookie: owner.cookie })).text(),
        ),
      );
    const before = await ownerView();
    for (const [method, path, json] of cases) {
      const answer = await call(path, { method, cookie: stranger.cookie, json });
      const label = `${method} ${path} ${JSON.stringify(json)}`;
      expect(answer.status, label).toBe(404);
      expect(await ownerView(), label).toEqual(before);
    }
  });
});
