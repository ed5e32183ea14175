// Rules (issue 26) through the app: the API's shape, every bad input refused with nothing saved, the
// plan's limits, the preview, and what each action does to new items and, with applyToExisting, to
// stored ones, as the person then sees their lists, counts and reader-app streams.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../schema';
import type { FeedItem } from '../contracts/feeds';
import type { Rule, RulePreview } from '../contracts/rules';
import { copyUsersRow } from '../db/users-row-copy';
import { createCategory, itemsOf } from '../test/feeds';
import { contentsOf, greader } from '../test/greader';
import { call, db, signUp } from '../test/helpers';
import { followGrowingFeed, HOUR, personWithAppPassword } from '../test/reader-apps';

const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

/** A person following a feed of four stories, one of them about crypto; `publish` adds one and refreshes. */
async function personWithFeed(label = 'rules') {
  const person = await signUp();
  const feed = await followGrowingFeed(person.cookie, {
    label,
    feedName: 'News',
    categoryId: null,
    stories: [
      { title: 'Crypto coins crash again', pubDate: ago(1) },
      { title: 'Gardening in spring', pubDate: ago(2) },
      { title: 'Rockets and moons', pubDate: ago(3) },
      { title: 'Bread baking basics', pubDate: ago(4) },
    ],
  });
  return { ...person, feed };
}

async function send(cookie: string, method: string, path: string, json?: unknown) {
  const response = await call(path, { method, cookie, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const createRule = (cookie: string, rule: Record<string, unknown>) => send(cookie, 'POST', '/api/rules', rule);

const titles = (items: FeedItem[]) => items.map((item) => item.title);

async function unreadOf(cookie: string, feedId: number) {
  const response = await call('/api/categories/with-feeds', { cookie });
  const categories = (await response.json()) as { feeds: { id: number; unreadCount: number }[] }[];
  return categories.flatMap((c) => c.feeds).find((feed) => feed.id === feedId)?.unreadCount;
}

describe('rules: the API', () => {
  it('saves, lists, changes and deletes a rule, in the issue’s exact shape', async () => {
    const { cookie, feed } = await personWithFeed();
    const created = await createRule(cookie, {
      name: 'Crypto',
      scope: { type: 'feed', id: feed.id },
      match: 'title:crypto',
      actions: ['markRead'],
    });
    expect(created.status).toBe(201);
    const rule = created.body as unknown as Rule;
    expect(Object.keys(rule).sort()).toEqual(
      ['actions', 'createdAt', 'enabled', 'id', 'lastMatchedAt', 'match', 'matchCount', 'name', 'scope'].sort(),
    );
    expect(rule).toMatchObject({
      name: 'Crypto',
      scope: { type: 'feed', id: feed.id },
      match: 'title:crypto',
      actions: ['markRead'],
      enabled: true,
      lastMatchedAt: null,
      matchCount: 0,
    });
    expect((await send(cookie, 'GET', '/api/rules')).body).toEqual([rule]);
    const changed = await send(cookie, 'PATCH', `/api/rules/${rule.id}`, { enabled: false, name: 'Coins' });
    expect(changed.body).toMatchObject({ id: rule.id, name: 'Coins', enabled: false, match: 'title:crypto' });
    expect((await send(cookie, 'DELETE', `/api/rules/${rule.id}`)).status).toBe(200);
    expect((await send(cookie, 'GET', `/api/rules/${rule.id}`)).status).toBe(404);
    expect((await send(cookie, 'GET', '/api/rules')).body).toEqual([]);
  });

  it('refuses every bad input with a 400 naming the problem, and saves nothing', async () => {
    const { cookie } = await personWithFeed();
    const base = { name: 'R', scope: { type: 'all' }, match: 'solar', actions: ['markRead'] };
    const cases: [Record<string, unknown>, string][] = [
      [{ match: '' }, 'match is empty: give words to match'],
      [{ match: '🌍 !!' }, 'Search needs at least one word of letters or digits'],
      [{ match: '-crypto -coins' }, 'Search needs a word to find, not only words to leave out'],
      [{ match: 'a b c d e f g h i' }, 'Search takes at most 8 words'],
      [{ match: 'sol* pan* ene*' }, 'Search takes at most 2 prefixes (word*)'],
      [{ match: 'so*' }, 'A prefix needs at least 3 letters or digits before the *'],
      [{ actions: ['markRead', 'explode'] }, 'Unknown action: explode (actions are markRead, star, hide, notify)'],
      [{ actions: [] }, 'A rule needs at least one action'],
      [{ scope: { type: 'feed' } }, 'scope.id names the category or feed, and only for those types'],
      [{ scope: { type: 'galaxy' } }, 'scope.type must be all, category or feed'],
    ];
    for (const [change, message] of cases) {
      const answer = await createRule(cookie, { ...base, ...change });
      expect([answer.status, answer.body.message], JSON.stringify(change)).toEqual([400, message]);
    }
    expect((await send(cookie, 'GET', '/api/rules')).body).toEqual([]);
  });

  it('answers 404 for a scope naming someone else’s feed or category', async () => {
    const owner = await personWithFeed('theirs');
    const theirCategory = await createCategory(owner.cookie, 'Theirs');
    const { cookie } = await personWithFeed();
    for (const scope of [
      { type: 'feed', id: owner.feed.id },
      { type: 'category', id: theirCategory },
    ]) {
      const answer = await createRule(cookie, { name: 'R', scope, match: 'solar', actions: ['hide'] });
      expect(answer.status).toBe(404);
      const preview = await send(cookie, 'POST', '/api/rules/preview', { scope, match: 'solar' });
      expect(preview.status).toBe(404);
    }
    expect((await send(cookie, 'GET', '/api/rules')).body).toEqual([]);
  });

  it('holds the plan’s limit as feeds do: 5 rules on Free, 100 on Pro', async () => {
    const { cookie, userId } = await signUp();
    const rule = { name: 'R', match: 'solar', actions: ['star'] };
    for (let n = 0; n < 5; n++) expect((await createRule(cookie, rule)).status).toBe(201);
    const refused = await createRule(cookie, rule);
    expect(refused).toEqual({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'You have reached the Free plan limit of 5 rules. Upgrade to Pro to have up to 100.',
      },
    });
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
    await copyUsersRow(db, userId);
    expect((await createRule(cookie, rule)).status).toBe(201);
    expect(((await send(cookie, 'GET', '/api/rules')).body as unknown as Rule[]).length).toBe(6);
  });
});

describe('rules: the preview', () => {
  it('counts the matches of the last 30 days and shows the first of them, saving nothing', async () => {
    const { cookie, feed } = await personWithFeed();
    const answer = await send(cookie, 'POST', '/api/rules/preview', {
      scope: { type: 'feed', id: feed.id },
      match: '-crypto',
    });
    expect(answer.status).toBe(400);
    const preview = (await send(cookie, 'POST', '/api/rules/preview', { scope: { type: 'all' }, match: 'crypto' }))
      .body as unknown as RulePreview;
    expect(preview).toMatchObject({ count: 1, total: 4, needsConfirm: false });
    expect(preview.items.map((item) => item.title)).toEqual(['Crypto coins crash again']);
    const wide = (await send(cookie, 'POST', '/api/rules/preview', { match: 'link:example.com' }))
      .body as unknown as RulePreview;
    expect(wide).toMatchObject({ count: 4, total: 4, needsConfirm: true });
    expect((await send(cookie, 'GET', '/api/rules')).body).toEqual([]);
  });

  it('asks for confirm: true before a hide of more than 90% of the last 30 days', async () => {
    const { cookie } = await personWithFeed();
    const everything = { name: 'All', match: 'link:example.com', actions: ['hide'] };
    const refused = await createRule(cookie, everything);
    expect(refused).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message:
          'This rule would hide 4 of the 4 items of the last 30 days (more than 90%): send confirm: true to save it',
      },
    });
    expect((await send(cookie, 'GET', '/api/rules')).body).toEqual([]);
    const saved = await createRule(cookie, { ...everything, confirm: true });
    expect(saved.status).toBe(201);
    // Turning it off and on again, or renaming it, keeps that confirmation; a new match asks again.
    const path = `/api/rules/${saved.body.id}`;
    expect(await send(cookie, 'PATCH', path, { enabled: false })).toMatchObject({
      status: 200,
      body: { enabled: false },
    });
    expect(await send(cookie, 'PATCH', path, { enabled: true, name: 'Everything' })).toMatchObject({
      status: 200,
      body: { enabled: true, name: 'Everything' },
    });
    expect((await send(cookie, 'PATCH', path, { match: 'link:example' })).status).toBe(400);
    // Marking read takes nothing away: no confirmation asked.
    expect((await createRule(cookie, { ...everything, actions: ['markRead'] })).status).toBe(201);
  });
});

describe('rules: the actions, on new items', () => {
  it('hides a new item from every list, count and reader-app stream, but not by id or with includeHidden', async () => {
    const person = await personWithAppPassword('newsboat', 'News');
    const feed = await followGrowingFeed(person.cookie, {
      label: 'hide',
      feedName: 'News',
      categoryId: person.categoryId,
      stories: [{ title: 'Gardening in spring', pubDate: ago(2) }],
    });
    const { cookie } = person;
    expect((await createRule(cookie, { name: 'No crypto', match: 'crypto', actions: ['hide', 'notify'] })).status).toBe(
      201,
    );
    await feed.publish('Crypto coins crash again', ago(1));
    await feed.publish('Spring rockets', ago(0.5));
    expect(titles((await itemsOf(cookie)).items)).toEqual(['Spring rockets', 'Gardening in spring']);
    expect(titles((await itemsOf(cookie, 'filter=unread')).items)).toEqual(['Spring rockets', 'Gardening in spring']);
    expect(titles((await itemsOf(cookie, `categoryId=${person.categoryId}`)).items)).toEqual([
      'Spring rockets',
      'Gardening in spring',
    ]);
    expect(titles((await itemsOf(cookie, 'search=crypto')).items)).toEqual([]);
    const withHidden = await itemsOf(cookie, 'search=crypto&includeHidden=true');
    expect(titles(withHidden.items)).toEqual(['Crypto coins crash again']);
    const hiddenId = withHidden.items[0]?.id;
    const byId = await call(`/api/feed-items/${hiddenId}`, { cookie });
    expect(((await byId.json()) as FeedItem).title).toBe('Crypto coins crash again');
    // Counts stay exact: the hidden item is not unread.
    expect(await unreadOf(cookie, feed.id)).toBe(2);
    // The reader apps' stream leaves it out too.
    const login = await greader('/accounts/ClientLogin', {
      form: { Email: person.email, Passwd: person.appPassword },
    });
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1] ?? '';
    const stream = await contentsOf(auth, 'user/-/state/com.google/reading-list');
    expect(stream.items.map((item) => item.title)).toEqual(['Spring rockets', 'Gardening in spring']);
    const rules = (await send(cookie, 'GET', '/api/rules')).body as unknown as Rule[];
    expect(rules[0]).toMatchObject({ matchCount: 1 });
    expect(rules[0]?.lastMatchedAt).not.toBeNull();
  });

  it('marks read and stars what matches in its scope, and leaves other feeds alone', async () => {
    const { cookie, feed } = await personWithFeed();
    const other = await followGrowingFeed(cookie, {
      label: 'other',
      feedName: 'Other',
      categoryId: null,
      stories: [{ title: 'Old story', pubDate: ago(5) }],
    });
    await createRule(cookie, {
      name: 'Rockets',
      scope: { type: 'feed', id: feed.id },
      match: 'rockets',
      actions: ['markRead', 'star'],
    });
    await feed.publish('More rockets today', ago(0.5));
    await other.publish('Rockets elsewhere', ago(0.4));
    const items = (await itemsOf(cookie)).items;
    const byTitle = new Map(items.map((item) => [item.title, item]));
    expect(byTitle.get('More rockets today')).toMatchObject({ isRead: true, isStarred: true });
    expect(byTitle.get('Rockets elsewhere')).toMatchObject({ isRead: false, isStarred: false });
    // The stored "Rockets and moons" was there before the rule: new items only, unless asked.
    expect(byTitle.get('Rockets and moons')).toMatchObject({ isRead: false, isStarred: false });
    expect(await unreadOf(cookie, feed.id)).toBe(4);
    const starred = await call('/api/feed-items/starred-count', { cookie });
    expect(await starred.json()).toMatchObject({ count: 1 });
  });
});

describe('rules: applyToExisting and mute words', () => {
  it('applies a rule to the stored items in its scope when asked', async () => {
    const { cookie, feed } = await personWithFeed();
    // Without applyToExisting, a rule waits for new items.
    expect((await createRule(cookie, { name: 'Bread', match: 'bread', actions: ['hide'] })).status).toBe(201);
    expect(titles((await itemsOf(cookie, 'search=bread')).items)).toEqual(['Bread baking basics']);
    expect(await unreadOf(cookie, feed.id)).toBe(4);
    const applied = await createRule(cookie, {
      name: 'Bread, stored too',
      scope: { type: 'feed', id: feed.id },
      match: 'bread',
      actions: ['hide'],
      applyToExisting: true,
    });
    expect(applied.status).toBe(201);
    expect(titles((await itemsOf(cookie)).items)).toEqual([
      'Crypto coins crash again',
      'Gardening in spring',
      'Rockets and moons',
    ]);
    expect(titles((await itemsOf(cookie, 'search=bread')).items)).toEqual([]);
    expect(await unreadOf(cookie, feed.id)).toBe(3);
  });

  it('hides stored and new items with a mute word or phrase, everywhere', async () => {
    const { cookie, feed } = await personWithFeed();
    const saved = await send(cookie, 'PUT', '/api/preferences/mute-words', { muteWords: ['crypto', 'baking basics'] });
    expect(saved).toEqual({ status: 200, body: { muteWords: ['crypto', 'baking basics'] } });
    expect((await send(cookie, 'GET', '/api/preferences/mute-words')).body).toEqual({
      muteWords: ['crypto', 'baking basics'],
    });
    expect(titles((await itemsOf(cookie)).items)).toEqual(['Gardening in spring', 'Rockets and moons']);
    await feed.publish('Why crypto matters', ago(0.5));
    await feed.publish('Baking: basics, again', ago(0.4));
    expect(titles((await itemsOf(cookie)).items)).toEqual(['Gardening in spring', 'Rockets and moons']);
    expect(await unreadOf(cookie, feed.id)).toBe(2);
    // Mute words are not among the rules, nor counted against their limit.
    expect((await send(cookie, 'GET', '/api/rules')).body).toEqual([]);
    const bad = await send(cookie, 'PUT', '/api/preferences/mute-words', { muteWords: ['  '] });
    expect(bad).toMatchObject({ status: 400, body: { message: 'A mute word cannot be blank' } });
  });
});
