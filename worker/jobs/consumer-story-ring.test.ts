// With a ring of day databases for the story index (STORY_DATABASES, issue 24), a refresh's lookups and
// writes in the ring are D1 calls of the queue's invocation like its others (issue 30): the consumer opens
// the ring through the batch's budget as it opens every database (consumer.ts), and a refresh reserves
// them before it starts (RING_CALLS_PER_REFRESH), so that a batch of refreshes cannot pass D1's 1,000
// calls through calls nobody counted. Here: the reservation.
import { createMessageBatch } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { items } from '../../schema';
import { upsertFeed } from '../db/feeds';
import { peopleDatabaseNames } from '../db/people';
import { rss, scriptFeed, uniqueName } from '../test/feeds';
import { db } from '../test/helpers';
import { personIn } from '../test/people';
import { consumeBatch } from './consumer';
import { refreshCalls } from './handlers';
import type { JobMessage } from './messages';

const ringEnv = { ...env, STORY_DATABASES: 'STORIES_0..STORIES_4' } as typeof env;
const peopleDatabases = peopleDatabaseNames(env.PEOPLE_DATABASES).length;

/** A followed feed whose site lists two items it has not stored yet. */
async function feedWithNews(label: string) {
  const name = uniqueName(label);
  const url = await scriptFeed(name, {
    body: rss(name, [
      { guid: `${name}-a`, title: `${name} rocket lands on the moon` },
      { guid: `${name}-b`, title: `${name} harvest festival opens downtown` },
    ]),
  });
  const feed = await upsertFeed(db, { url, title: name, siteUrl: null, description: null });
  const person = await personIn(0, label);
  await person.db.$client
    .prepare(`insert into subscriptions (user_id, feed_id, name, created_at) values (?1, ?2, 'Ring', ?3)`)
    .bind(person.userId, feed.id, Date.now())
    .run();
  return feed.id;
}

/** One invocation of a refresh of `feedId` with this budget: whether it stored the feed's items. */
async function refreshWithin(feedId: number, budget: number) {
  const resent: JobMessage[] = [];
  const send = vi.spyOn(env.JOBS, 'send').mockImplementation(async (body) => {
    resent.push(body as JobMessage);
    return undefined as never;
  });
  try {
    const job: JobMessage = { type: 'refresh-feeds', feedIds: [feedId] };
    await consumeBatch(
      createMessageBatch('feedloom-jobs', [
        { id: uniqueName('ring-job'), timestamp: new Date(), attempts: 1, body: job },
      ]),
      ringEnv,
      { budget },
    );
  } finally {
    send.mockRestore();
  }
  const stored = await db.shards.of(feedId).select({ id: items.id }).from(items).where(eq(items.feedId, feedId));
  return { stored: stored.length, resent };
}

describe('a refresh with a story ring', () => {
  it('reserves the ring calls beside its others, and is sent back when the budget holds only the others', async () => {
    // The batch's prune of read marks reserves one call a people database first.
    const prunes = peopleDatabases;
    const short = await refreshWithin(await feedWithNews('ring-short'), refreshCalls(peopleDatabases) + prunes);
    expect(short.stored).toBe(0);
    expect(short.resent).toHaveLength(1);

    const enough = await refreshWithin(await feedWithNews('ring-enough'), refreshCalls(peopleDatabases, true) + prunes);
    expect(enough.stored).toBe(2);
    expect(enough.resent).toEqual([]);
  });
});
