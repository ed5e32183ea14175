// The export of a person's data as a queued job (issue 29): POST /api/users/me/exports queues it, the
// job writes the file to R2 in parts as it reads the stars, and mails a signed link that lasts 24 hours,
// which the account page (GET /api/users/me/exports) offers too. A redelivered job writes and mails
// nothing twice; a link past its time or changed in any part opens nothing.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { emails } from '../../schema';
import { MAX_SHARDS, nextItemIdSql, shardOfId } from '../db/shards';
import { peopleDbOfUser } from '../db/users';
import worker from '../index';
import type { JobMessage } from '../jobs/messages';
import { TOO_MANY_EXPORTS } from '../middleware/rate-limit';
import { EXPORT_LINK_EXPIRED } from '../routes/exports';
import { advanceClock, pinClock } from '../test/clock';
import { follow, rss, scriptFeed, uniqueName } from '../test/feeds';
import { call, db, latestEmailTo, signUp } from '../test/helpers';
import { EXPORT_LINK_MS } from './export-link';
import { EXPORT_PART_BYTES, exportsFolder } from './write-export';

const STARS = 60;
/** Each starred item's content: 60 of them are 7.2 MB, more than one part of the file. */
const CONTENT_CHARS = 120_000;

/** A person following a feed whose STARS items, each of CONTENT_CHARS, they starred. */
async function personWithBigStars() {
  const person = await signUp();
  const url = await scriptFeed(uniqueName(), { body: rss('Big', [{ title: 'First' }]) });
  const feedId = await follow(call, person.cookie, url);
  const now = Date.now();
  const feeds = db.shards.of(feedId).$client;
  await feeds
    .prepare(
      `insert into items (id, feed_id, guid_hash, title, content, seq, pub_date, created_at)
       with recursive n(k) as (select 1 union all select k + 1 from n where k < ?2)
       select ${nextItemIdSql(shardOfId(feedId), now, 0)} + (k - 1) * ${MAX_SHARDS},
         ?1, 'big-' || k, 'Item ' || k, hex(zeroblob(?3 / 2)), 1000 + k, ?4 - k * 60000, ?4 from n`,
    )
    .bind(feedId, STARS, CONTENT_CHARS, now)
    .run();
  const { results } = await feeds
    .prepare(`select id from items where feed_id = ?1 and guid_hash like 'big-%'`)
    .bind(feedId)
    .run<{ id: number }>();
  const mine = await peopleDbOfUser(db, person.userId);
  await mine.$client
    .prepare(`insert into stars (user_id, item_id, feed_id, created_at) select ?1, value, ?2, ?3 from json_each(?4)`)
    .bind(person.userId, feedId, now, JSON.stringify(results.map((row) => row.id)))
    .run();
  return person;
}

/** Asks for an export and returns the job it queued, held instead of sent (each test runs it itself). */
async function askForExport(cookie: string) {
  const held: JobMessage[] = [];
  const spy = vi.spyOn(env.JOBS, 'send').mockImplementation(async (body) => {
    held.push(body as JobMessage);
    return undefined as never;
  });
  try {
    const response = await call('/api/users/me/exports', { method: 'POST', cookie });
    return { response, job: held.find((message) => message.type === 'export-account') };
  } finally {
    spy.mockRestore();
  }
}

/** Delivers the job to the queue consumer, as attempt `attempts`. */
async function deliver(job: JobMessage, attempts: number) {
  const batch = createMessageBatch('feedloom-jobs', [
    { id: `export-${attempts}`, timestamp: new Date(), attempts, body: job },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.explicitAcks).toEqual([`export-${attempts}`]);
}

/** The mails of the export to this address. */
async function exportMails(to: string) {
  const all = await db.select().from(emails);
  return all.filter((mail) => mail.to === to && mail.kind === 'export_ready');
}

/** The link in the latest mail to this address, as a path for `call`. */
async function mailedLink(to: string) {
  const text = (await latestEmailTo(to))?.text ?? '';
  const url = /https?:\/\/\S+\/api\/exports\/\S+/.exec(text)?.[0];
  if (!url) throw new Error(`no export link in the mail to ${to}`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

describe('the export of a person’s data as a queued job', () => {
  it('writes the file in parts, once however often the job comes, mails one link, and the link downloads it', async () => {
    const person = await personWithBigStars();
    const { response, job } = await askForExport(person.cookie);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ status: 'preparing' });
    if (!job) throw new Error('no export job queued');

    const parts: number[] = [];
    const create = env.EXPORTS.createMultipartUpload.bind(env.EXPORTS);
    const spy = vi.spyOn(env.EXPORTS, 'createMultipartUpload').mockImplementation(async (key, options) => {
      const upload = await create(key, options);
      const uploadPart = upload.uploadPart.bind(upload);
      upload.uploadPart = async (number, value) => {
        parts.push((value as Uint8Array).length);
        return uploadPart(number, value);
      };
      return upload;
    });
    try {
      await deliver(job, 1);
      // Delivered again (at least once): the file is there, so nothing is written or mailed again.
      await deliver(job, 2);
    } finally {
      spy.mockRestore();
    }
    // Parts of R2's one size, then the rest: the job held one part of the file at a time, not the file.
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.slice(0, -1).every((size) => size === EXPORT_PART_BYTES)).toBe(true);
    expect(await exportMails(person.email)).toHaveLength(1);

    const link = await mailedLink(person.email);
    const file = await call(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="feedloom-export-/);
    const body = await file.text();
    expect(body.length).toBe(parts.reduce((sum, size) => sum + size, 0));
    const data = JSON.parse(body) as { starredItems: { title: string; content: string }[]; subscriptions: unknown[] };
    expect(data.starredItems).toHaveLength(STARS);
    expect(data.starredItems.map((star) => star.content.length)).toEqual(Array(STARS).fill(CONTENT_CHARS));
    expect(data.subscriptions).toHaveLength(1);

    // The account page offers the same file, by the same link.
    const offered = (await (await call('/api/users/me/exports', { cookie: person.cookie })).json()) as {
      url: string;
      bytes: number;
    }[];
    expect(offered).toHaveLength(1);
    expect(new URL(offered[0]?.url ?? '').pathname + new URL(offered[0]?.url ?? '').search).toBe(link);
    expect(offered[0]?.bytes).toBe(body.length);
  });

  it('keeps a link for 24 hours: after, it says so and the account page offers nothing', async () => {
    pinClock(Date.now());
    const person = await signUp();
    const { job } = await askForExport(person.cookie);
    if (!job) throw new Error('no export job queued');
    await deliver(job, 1);
    const link = await mailedLink(person.email);
    advanceClock(EXPORT_LINK_MS - 60_000);
    expect((await call(link)).status).toBe(200);
    advanceClock(60_000);
    const late = await call(link);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ message: EXPORT_LINK_EXPIRED });
    expect(await (await call('/api/users/me/exports', { cookie: person.cookie })).json()).toEqual([]);
  });

  it('opens nothing by a changed link: a later expiry, another export, another person, another signature', async () => {
    const person = await signUp();
    const { job } = await askForExport(person.cookie);
    if (!job) throw new Error('no export job queued');
    await deliver(job, 1);
    const link = await mailedLink(person.email);
    expect((await call(link)).status).toBe(200);
    const url = new URL(link, 'http://localhost');
    const [, , , userId, exportId] = url.pathname.split('/');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig') ?? '';
    const otherId = `${exportId?.slice(0, -1)}${exportId?.endsWith('a') ? 'b' : 'a'}`;
    const changed = [
      `/api/exports/${userId}/${exportId}?expires=${expires + EXPORT_LINK_MS}&sig=${sig}`,
      `/api/exports/${userId}/${otherId}?expires=${expires}&sig=${sig}`,
      `/api/exports/${Number(userId) + 1}/${exportId}?expires=${expires}&sig=${sig}`,
      `/api/exports/${userId}/${exportId}?expires=${expires}&sig=${sig.slice(0, -2)}AA`,
      `/api/exports/${userId}/${exportId}?expires=${expires}`,
    ];
    for (const path of changed) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ message: 'Export not found' });
    }
  });

  it('goes with the account: deleting it deletes the file', async () => {
    const person = await signUp();
    const { job } = await askForExport(person.cookie);
    if (!job) throw new Error('no export job queued');
    await deliver(job, 1);
    const link = await mailedLink(person.email);
    expect((await env.EXPORTS.list({ prefix: exportsFolder(person.userId) })).objects).toHaveLength(1);
    const deleted = await call('/api/users/me', {
      method: 'DELETE',
      cookie: person.cookie,
      json: { confirm: person.email },
    });
    expect(deleted.status).toBe(204);
    expect((await env.EXPORTS.list({ prefix: exportsFolder(person.userId) })).objects).toEqual([]);
    expect((await call(link)).status).toBe(404);
  });

  it('is asked for once every 10 minutes', async () => {
    pinClock(Date.now());
    const person = await signUp();
    expect((await askForExport(person.cookie)).response.status).toBe(202);
    const again = (await askForExport(person.cookie)).response;
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ message: TOO_MANY_EXPORTS });
  });
});
