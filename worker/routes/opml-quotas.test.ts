// Issue 10 M4: OPML imports and categories have limits a person would only meet by abusing them.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, opmlImports, users } from '../../schema';
import { rebuildReadingList } from '../db/reading-list';
import { peopleDbOfUser } from '../db/users';
import { copyUsersRow } from '../db/users-row-copy';
import worker from '../index';
import { releaseFeed, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';

const opmlOf = (outlines: string) =>
  `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>${outlines}</body></opml>`;

const startImport = (cookie: string, opml: string) =>
  call('/api/opml', { cookie, body: opml, headers: { 'content-type': 'text/x-opml' }, method: 'POST' });

async function runImport(importId: number) {
  const batch = createMessageBatch('feedloom-jobs', [
    { id: `opml-${importId}`, timestamp: new Date(), attempts: 1, body: { type: 'import-opml', importId, offset: 0 } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  await getQueueResult(batch, ctx);
}

describe('OPML imports (M4)', () => {
  it('run one at a time, keep no payload once done, and create categories only for followed feeds', async () => {
    const { cookie, userId } = await signUp();
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
    await copyUsersRow(db, userId);
    // The good feed answers only once released: the local queue runs the import's job at once, and on a
    // fast machine it finished before the second start below, which then was not refused.
    const goodName = uniqueName();
    const good = await scriptFeed(goodName, { body: rss('Good', [{ guid: '1', title: 'G' }]), held: true });
    const broken = await scriptFeed(uniqueName(), { body: 'nope', status: 404, contentType: 'text/plain' });
    const opml = opmlOf(
      `<outline text="Kept"><outline text="Good" xmlUrl="${good}"/></outline>` +
        `<outline text="Never"><outline text="Broken" xmlUrl="${broken}"/></outline>`,
    );
    const first = await startImport(cookie, opml);
    expect(first.status).toBe(202);
    const { id } = (await first.json()) as { id: number };
    const second = await startImport(cookie, opml);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      message: 'An import is already running. Please wait until it finishes, then try again.',
    });

    await releaseFeed(goodName);
    // The local queue delivers the import's job at once, beside this delivery by hand (a queue delivers at
    // least once): the copy that records second may count the feed the first followed as skipped (as in
    // opml.test.ts), so the outlines add up, one of them failed.
    await runImport(id);
    const result = (await (await call(`/api/opml/imports/${id}`, { cookie })).json()) as {
      added: number;
      skipped: number;
    };
    expect(result).toMatchObject({ status: 'done', failed: 1, total: 2 });
    expect(result.added + result.skipped).toBe(1);
    const [row] = await db.select().from(opmlImports).where(eq(opmlImports.id, id));
    expect(row?.entries).toEqual([]);
    const mine = await peopleDbOfUser(db, userId);
    const names = (await mine.select().from(categories).where(eq(categories.userId, userId))).map((c) => c.name);
    expect(names).toEqual(['Kept']);
    expect((await startImport(cookie, opml)).status).toBe(202);
  });

  it('allow 10 a day', async () => {
    const { cookie, userId } = await signUp();
    const opml = opmlOf('<outline text="A" xmlUrl="https://example.com/feed.xml"/>');
    for (let i = 0; i < 10; i++) {
      expect((await startImport(cookie, opml)).status).toBe(202);
      await db.update(opmlImports).set({ status: 'done' }).where(eq(opmlImports.userId, userId));
    }
    const refused = await startImport(cookie, opml);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: 'You can import up to 10 OPML files a day. Please try again tomorrow.',
    });
  });
});

describe('categories (M4)', () => {
  it('are capped at 100 per person', async () => {
    const { cookie, userId } = await signUp();
    // D1 binds at most 100 values per statement: 99 rows in chunks.
    const rows = Array.from({ length: 99 }, (_, i) => ({ userId, name: `Topic ${i}`, createdAt: new Date() }));
    const mine = await peopleDbOfUser(db, userId);
    for (let start = 0; start < rows.length; start += 30)
      await mine.insert(categories).values(rows.slice(start, start + 30));
    await rebuildReadingList(mine, userId);
    expect((await call('/api/categories', { cookie, json: { name: 'The hundredth' } })).status).toBe(201);
    const refused = await call('/api/categories', { cookie, json: { name: 'One too many' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: 'You can have up to 100 categories. Delete one to add another.',
    });
    const taken = await call('/api/categories', { cookie, json: { name: 'Topic 3' } });
    expect(taken.status).toBe(409);
  });
});
