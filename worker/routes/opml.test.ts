// OPML import as a queued job (added, skipped, failed), then export.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../schema';
import { copyUsersRow } from '../db/users-row-copy';
import worker from '../index';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, signUp } from '../test/helpers';

type ImportState = { status: string; added: number; skipped: number; failed: number };

/** The import once its job is done (the local queue delivers it in the background). */
async function importWhenDone(cookie: string, id: number): Promise<ImportState> {
  for (let polls = 0; ; polls++) {
    const state = (await (await call(`/api/opml/imports/${id}`, { cookie })).json()) as ImportState;
    if (state.status !== 'pending' || polls > 900) return state;
    await scheduler.wait(50);
  }
}

describe('OPML', () => {
  it('imports as a job reporting added, skipped and failed, then exports', async () => {
    const { cookie, userId } = await signUp();
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
    await copyUsersRow(db, userId);
    const good = await scriptFeed(uniqueName(), { body: rss('Good One', [{ guid: '1', title: 'G' }]) });
    const broken = await scriptFeed(uniqueName(), { body: 'nope', status: 404, contentType: 'text/plain' });
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
<outline text="Tech"><outline text="Good" xmlUrl="${good}"/><outline text="Good again" xmlUrl="${good}"/></outline>
<outline text="Broken" xmlUrl="${broken}"/></body></opml>`;
    const started = await call('/api/opml', {
      cookie,
      body: opml,
      headers: { 'content-type': 'text/x-opml' },
      method: 'POST',
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: number };
    // The job the import queued, delivered by the local queue as production's is; and the same message
    // delivered again at once, as a queue may (at least once): the chunk is counted once.
    const again = createMessageBatch('feedloom-jobs', [
      { id: 'opml', timestamp: new Date(), attempts: 1, body: { type: 'import-opml', importId: id, offset: 0 } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(again, env, ctx);
    await getQueueResult(again, ctx);
    const result = await importWhenDone(cookie, id);
    // Two outlines once the same address is taken once: one followed, one that does not answer.
    expect(result.added + result.skipped + result.failed).toBe(2);
    expect(result).toMatchObject({ status: 'done', failed: 1 });

    const exported = await (await call('/api/opml', { cookie })).text();
    expect(exported).toContain('<outline text="Tech"');
    expect(exported).toContain(`xmlUrl="${good.replace(/&/g, '&amp;')}"`);
    expect((await call('/api/opml', { cookie, body: '<html></html>', method: 'POST' })).status).toBe(400);
  });
});
