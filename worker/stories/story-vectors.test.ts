// Story threads across languages (issue 24's optional path, stories/story-vectors.ts): with Workers AI
// and Vectorize switched on, here over Cloudflare's HTTP API played by the local fake
// (test/fake-upstreams/cloudflare-ai.ts), a French report of a story joins the English story it tells,
// and another French story about the same company stays apart; switched off, the words alone keep the two
// languages apart.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/feeds';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, signUp } from '../test/helpers';

const HOUR = 60 * 60 * 1000;

const ENGLISH: [string, string][] = [
  [
    'Acme recalls 1.2 million cars over faulty brake sensors',
    'Acme Motors is recalling 1.2 million sedans worldwide because a faulty brake sensor can delay emergency braking, the carmaker said on Monday. Owners will be contacted by dealers from next month.',
  ],
];
const FRENCH: [string, string][] = [
  [
    'Acme rappelle 1,2 million de voitures pour des capteurs de frein défectueux',
    "Acme Motors rappelle 1,2 million de berlines dans le monde parce qu'un capteur de frein défectueux peut retarder le freinage d'urgence, a indiqué le constructeur lundi. Les concessionnaires contacteront les propriétaires le mois prochain.",
  ],
  [
    'Acme parraine le marathon de la ville',
    'Le constructeur Acme Motors parrainera le marathon de la ville pendant les trois prochaines années, ont indiqué les organisateurs, avec des voitures électriques en tête des coureurs le long de la rivière.',
  ],
];

async function follow(cookie: string, name: string, items: [string, string][], hoursAgo: number) {
  const url = await scriptFeed(uniqueName(`vectors-${name}`), {
    body: rss(
      name,
      items.map(([title, description], n) => ({
        guid: `${name}-${n}`,
        title,
        description,
        pubDate: new Date(Date.now() - (hoursAgo - n) * HOUR),
      })),
    ),
  });
  const added = await call('/api/feeds', { cookie, json: { url, name, categoryId: null, includeInAi: true } });
  expect(added.status).toBe(201);
}

/** My Feed's cards: title, size and the other sources' outlets. */
async function cardsOf(cookie: string) {
  const response = await call('/api/feed-items?limit=50', { cookie });
  return ((await response.json()) as FeedItem[])
    .map((item) => [item.title, item.story.size, (item.alsoIn ?? []).map((other) => other.source)])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const recorded = async () =>
  (await (await fetch(`${env.FAKE_UPSTREAM_URL}/__requests?prefix=/cloudflare`)).json()) as {
    path: string;
    headers: Record<string, string>;
  }[];

describe('story threads across languages', () => {
  afterEach(() => {
    env.STORY_VECTORS_API_URL = undefined;
    env.STORY_VECTORS_API_TOKEN = undefined;
    env.STORY_VECTORS_INDEX = undefined;
  });

  it('join a report in French to the English story it tells when embeddings are switched on; another French story stays apart', async () => {
    await fetch(`${env.FAKE_UPSTREAM_URL}/__requests`, { method: 'DELETE' });
    env.STORY_VECTORS_API_URL = `${env.FAKE_UPSTREAM_URL}/cloudflare/accounts/test-account`;
    env.STORY_VECTORS_API_TOKEN = 'test-token';
    env.STORY_VECTORS_INDEX = uniqueName('stories');
    const { cookie } = await signUp();
    await follow(cookie, 'Wire', ENGLISH, 6);
    await follow(cookie, 'Le Quotidien', FRENCH, 5);
    expect(await cardsOf(cookie)).toEqual([
      ['Acme parraine le marathon de la ville', 1, []],
      ['Acme recalls 1.2 million cars over faulty brake sensors', 2, ['Le Quotidien']],
    ]);
    // Through Cloudflare's API, with the token: the model, then the index.
    const paths = (await recorded()).map((request) => request.path);
    expect(paths).toContain('/cloudflare/accounts/test-account/ai/run/@cf/baai/bge-m3');
    expect(paths).toContain(`/cloudflare/accounts/test-account/vectorize/v2/indexes/${env.STORY_VECTORS_INDEX}/query`);
    expect(paths).toContain(`/cloudflare/accounts/test-account/vectorize/v2/indexes/${env.STORY_VECTORS_INDEX}/upsert`);
    expect((await recorded()).every((request) => request.headers.authorization === 'Bearer test-token')).toBe(true);
  });

  it('keep the two languages apart when switched off: the words of the two reports share too little', async () => {
    await fetch(`${env.FAKE_UPSTREAM_URL}/__requests`, { method: 'DELETE' });
    const { cookie } = await signUp();
    await follow(cookie, 'Wire', ENGLISH, 6);
    await follow(cookie, 'Le Quotidien', FRENCH, 5);
    expect(await cardsOf(cookie)).toEqual([
      ['Acme parraine le marathon de la ville', 1, []],
      ['Acme rappelle 1,2 million de voitures pour des capteurs de frein défectueux', 1, []],
      ['Acme recalls 1.2 million cars over faulty brake sensors', 1, []],
    ]);
    expect(await recorded()).toEqual([]);
  });
});
