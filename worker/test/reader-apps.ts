// What the reader-app API tests (Google Reader, Fever) start from: a person with an app password and a
// category, following scripted feeds of three stories each.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { createAppPassword } from '../db/app-passwords';
import { feedDatabaseNames, ID_SETTLE_MS, shardForUrl } from '../db/shards';
import { refreshFeed } from '../feeds/refresh';
import { createUrlFetcher } from '../net/fetcher';
import { advanceClock } from './clock';
import { rss, scriptFeed, type TestItem, uniqueName } from './feeds';
import { call, db, signUp } from './helpers';
import { meteredEnv } from './metered-env';
import { personIn } from './people';

export const HOUR = 3_600_000;

/**
 * A call as a reader app sends it (no cookie, no Origin: a Google Reader Auth token or a Fever form),
 * its D1 calls counted per database (metered-env.ts), what it does after the answer included.
 */
export async function meteredReaderAppCall(
  path: string,
  init: { auth?: string; form?: Record<string, string> | string } = {},
) {
  const metered = meteredEnv();
  const headers: Record<string, string> = { origin: '' };
  if (init.auth) headers.authorization = `GoogleLogin auth=${init.auth}`;
  if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await call(path, {
    method: init.form === undefined ? 'GET' : 'POST',
    headers,
    body: typeof init.form === 'string' ? init.form : init.form && new URLSearchParams(init.form).toString(),
    env: metered.env,
    onResponse: metered.markResponse,
  });
  return { response, metered };
}

/**
 * Moves the pinned test clock on until the item ids minted so far are settled, so Fever pages them
 * (db/shards.ts): ID_SETTLE_MS, and a second for the ids a refresh's items take ahead of the clock
 * (one millisecond's worth each).
 */
export const settleItemIds = () => advanceClock(ID_SETTLE_MS + 1000);

/**
 * A signed-up person with an app password named `appName` and a category named `categoryName`; in people
 * shard `peopleShard` when given (test/people.ts personIn), else wherever sign-up puts them. The app
 * password is made by the app's own function, as its route makes it once the request is proven
 * (db/app-passwords.ts createAppPassword), without the proof's 100,000-iteration password check: the
 * route and its proof are tested in routes/app-password-safety.test.ts and app-passwords.test.ts.
 */
export async function personWithAppPassword(appName: string, categoryName: string, peopleShard?: number) {
  const person = peopleShard === undefined ? await signUp() : await personIn(peopleShard, appName.toLowerCase());
  const created = await createAppPassword(db, person.userId, person.email, appName);
  if (!created) throw new Error(`${person.email} has too many app passwords`);
  const { password: appPassword, id: appPasswordId } = created;
  const category = await call('/api/categories', { cookie: person.cookie, json: { name: categoryName } });
  const { id: categoryId } = (await category.json()) as { id: number };
  return { ...person, appPassword, appPasswordId, categoryId };
}

/**
 * Follows a scripted feed (`<label>-…`, shown as `feedName`) of stories 1 to 3, story n published
 * `hoursAgo(n)` ago; returns the feed's id and URL.
 */
export async function followStoryFeed(
  cookie: string,
  options: { label: string; feedName: string; categoryId: number | null; hoursAgo: (n: number) => number },
) {
  const name = uniqueName(options.label);
  const url = await scriptFeed(name, {
    body: rss(
      name,
      [1, 2, 3].map((n) => ({
        guid: `${name}-${n}`,
        title: `${name} story ${n}`,
        link: `https://example.com/${name}/${n}`,
        pubDate: new Date(Date.now() - options.hoursAgo(n) * HOUR),
      })),
    ),
  });
  const added = await call('/api/feeds', {
    cookie,
    json: { url, name: options.feedName, categoryId: options.categoryId, includeInAi: true },
  });
  expect(added.status).toBe(201);
  return { id: ((await added.json()) as { id: number }).id, url };
}

/**
 * A feed the person follows whose stories the test publishes one by one: `publish` adds a story with the
 * given date to the feed and refreshes it now (the pinned clock), so the story is stored now whatever
 * its date, as a real refresh stores an item that appeared late with an old date. In feed shard `shard`
 * when given, else wherever its address hashes.
 */
export async function followGrowingFeed(
  cookie: string,
  options: {
    label: string;
    feedName: string;
    categoryId: number | null;
    stories: { title: string; pubDate: Date }[];
    shard?: number;
  },
) {
  let name = uniqueName(options.label);
  const shardOfName = (feedName: string) =>
    shardForUrl(`${env.FAKE_UPSTREAM_URL}/scripted/${feedName}`, feedDatabaseNames(env.FEED_DATABASES).length);
  while (options.shard !== undefined && shardOfName(name) !== options.shard) name = uniqueName(options.label);
  const stories: TestItem[] = options.stories.map((story, n) => ({
    guid: `${name}-${n}`,
    link: `https://example.com/${name}/${n}`,
    ...story,
  }));
  const url = await scriptFeed(name, { body: rss(name, stories) });
  const added = await call('/api/feeds', {
    cookie,
    json: { url, name: options.feedName, categoryId: options.categoryId, includeInAi: true },
  });
  expect(added.status).toBe(201);
  const id = ((await added.json()) as { id: number }).id;
  const publish = async (title: string, pubDate: Date) => {
    stories.unshift({
      guid: `${name}-${stories.length}`,
      link: `https://example.com/${name}/${stories.length}`,
      title,
      pubDate,
    });
    await scriptFeed(name, { body: rss(name, stories) });
    const outcome = await refreshFeed({ db, fetcher: createUrlFetcher(env.FETCH_ALLOW_HOSTS) }, id, Date.now());
    expect(outcome).toMatchObject({ kind: 'updated' });
  };
  return { id, url, publish };
}
