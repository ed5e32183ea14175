// AI generations and the items they are made from. Every function a request can reach takes the user
// id first; the job-side ones (load, complete, fail) act on a row by id for its owner, and only change a
// row that is still pending, so a redelivered or racing job changes nothing twice.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { aiGenerations, generationSources, items } from '../../schema';
import {
  type Citation,
  type CitedSource,
  type ContentType,
  type Generation,
  type GenerationOrigin,
  imageUrlOf,
} from '../contracts/ai';
import { notFound } from '../lib/errors';
import type { Db, PeopleDb } from './client';
import { refundStatements } from './credits';
import { type ItemScope, itemIds } from './items';
import { subscriptionsInScope } from './person-scope';
import { createReader } from './reader';
import { copyUsersRow } from './users-row-copy';

export type GenerationRow = typeof aiGenerations.$inferSelect;

/** Everything a job needs to (re)build a generation; stored as the row's `request`. */
export type GenerationRequest = {
  itemIds: number[];
  language: string;
  model: string;
  writingStyle: string;
  contentLength: string;
  scope: { kind: 'article' | 'feed' | 'category' | 'digest'; name: string };
  /** Credits taken for the current attempt (none for scheduled digests). */
  cost?: number;
  /** 0 for the first run, then one more per regeneration; part of the credit key. */
  attempt?: number;
  imagePrompt?: string;
  /** Where the summarised items come from, so their themes can be weighed against the same feeds' history. */
  historyScope?: { feedId?: number; categoryId?: number; forDigest?: boolean };
};

/** The ledger key of an attempt's charge; its refund is `refund:<key>`. */
export const chargeKeyOf = (generationId: number, attempt = 0) =>
  attempt === 0 ? `generation:${generationId}` : `generation:${generationId}:${attempt}`;

export const toGeneration = (row: GenerationRow): Generation => ({
  id: row.id,
  title: row.title,
  content: row.content,
  contentType: row.contentType as ContentType,
  imageUrl: imageUrlOf(row.imageKey),
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  error: row.error,
  origin: row.origin,
  citations: (row.citations ?? []) as Citation[],
  sources: (row.sources ?? []) as CitedSource[],
  supportScore: row.supportScore,
  lead: row.lead,
});

export const requestOf = (row: GenerationRow) => row.request as unknown as GenerationRequest;

export async function insertGeneration(
  db: Db,
  userId: number,
  values: {
    title: string;
    contentType: ContentType;
    origin: GenerationOrigin;
    request: GenerationRequest;
    content?: string;
    status?: 'pending' | 'done';
  },
) {
  const [row] = await db
    .insert(aiGenerations)
    .values({
      userId,
      title: values.title.slice(0, 300),
      contentType: values.contentType,
      origin: values.origin,
      model: values.request.model,
      language: values.request.language,
      request: values.request as unknown as Record<string, unknown>,
      content: values.content ?? null,
      status: values.status ?? 'pending',
      createdAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('generation insert returned nothing');
  if (values.request.itemIds.length > 0) {
    await db
      .insert(generationSources)
      .values(values.request.itemIds.map((itemId) => ({ generationId: row.id, itemId })))
      .onConflictDoNothing();
  }
  return row;
}

export async function deleteGeneration(db: Db, userId: number, generationId: number) {
  await db.delete(aiGenerations).where(and(eq(aiGenerations.id, generationId), eq(aiGenerations.userId, userId)));
}

export async function getGeneration(db: Db, userId: number, generationId: number) {
  const [row] = await db
    .select()
    .from(aiGenerations)
    .where(and(eq(aiGenerations.id, generationId), eq(aiGenerations.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Generation');
  return row;
}

/** Newest first; `offset` pages past the current ones to the previous ones. */
export async function listGenerations(db: Db, userId: number, page: { offset: number; limit: number }) {
  const rows = await db
    .select()
    .from(aiGenerations)
    .where(eq(aiGenerations.userId, userId))
    .orderBy(desc(aiGenerations.createdAt), desc(aiGenerations.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toGeneration);
}

/** The owner of an image key, or 404: images are served only to the person whose generation made them. */
export async function getGenerationByImage(db: Db, userId: number, imageKey: string) {
  const [row] = await db
    .select({ id: aiGenerations.id })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.userId, userId), eq(aiGenerations.imageKey, imageKey)))
    .limit(1);
  if (!row) throw notFound('Image');
  return row;
}

/** A job's view of a generation (any owner). */
export async function loadGenerationForJob(db: Db, generationId: number) {
  const [row] = await db.select().from(aiGenerations).where(eq(aiGenerations.id, generationId)).limit(1);
  return row ?? null;
}

/** What a finished text generation stores besides its content (issue 25). */
export type CheckedCitations = {
  citations: Citation[];
  sources: CitedSource[];
  supportScore: number | null;
  lead: string | null;
};

/**
 * Stores the result of a pending generation; false if it was no longer pending (another run won).
 * `refund`: the generation is done but worth nothing (no item had text, or no sentence passed the
 * support check), so its charge is refunded in the same transaction, once.
 */
export async function completeGeneration(
  db: Db,
  row: Pick<GenerationRow, 'id' | 'userId' | 'request'>,
  result: { content: string; imageKey?: string | null; checked?: CheckedCitations; refund?: string },
) {
  const d1 = db.$client;
  const checked = result.checked;
  const mark = d1
    .prepare(
      `update ai_generations set content = ?, status = 'done', error = null,
         image_key = coalesce(?, image_key), citations = ?, sources = ?, support_score = ?, lead = ?
       where id = ? and status = 'pending'`,
    )
    .bind(
      result.content,
      result.imageKey ?? null,
      checked ? JSON.stringify(checked.citations) : null,
      checked ? JSON.stringify(checked.sources) : null,
      checked?.supportScore ?? null,
      checked?.lead ?? null,
      row.id,
    );
  const request = requestOf(row as GenerationRow);
  const refund =
    result.refund && request.cost
      ? refundStatements(d1, row.userId, request.cost, result.refund, chargeKeyOf(row.id, request.attempt))
      : [];
  const [marked] = await d1.batch([mark, ...refund]);
  // The refund moved the balance: it shows on the person's next request (db/users-row-copy.ts).
  if (refund.length > 0 && marked?.meta.changes === 1) await copyUsersRow(db, row.userId);
  return marked?.meta.changes === 1;
}

/**
 * Marks a pending generation failed and, in the same transaction, refunds its charge: the refund runs
 * only if this call is the one that marked it (DESIGN.md "Money"). False if it was no longer pending.
 */
export async function failGeneration(db: Db, row: GenerationRow, error: string) {
  const request = requestOf(row);
  const d1 = db.$client;
  const mark = d1
    .prepare(`update ai_generations set status = 'failed', error = ? where id = ? and status = 'pending'`)
    .bind(error.slice(0, 500), row.id);
  const refund = request.cost
    ? refundStatements(d1, row.userId, request.cost, 'Refund: generation failed', chargeKeyOf(row.id, request.attempt))
    : [];
  const [marked] = await d1.batch([mark, ...refund]);
  if (refund.length > 0 && marked?.meta.changes === 1) await copyUsersRow(db, row.userId);
  return marked?.meta.changes === 1;
}

/** Puts a finished or failed generation back to pending for a new attempt; false if it is running. */
export async function restartGeneration(db: Db, userId: number, generationId: number, request: GenerationRequest) {
  const updated = await db
    .update(aiGenerations)
    .set({ status: 'pending', error: null, request: request as unknown as Record<string, unknown> })
    .where(
      and(eq(aiGenerations.id, generationId), eq(aiGenerations.userId, userId), ne(aiGenerations.status, 'pending')),
    )
    .returning({ id: aiGenerations.id });
  return updated.length === 1;
}

/**
 * Claims a digest period: true if this call inserted (userId, period), false if the period was already
 * claimed, or, for a manual run, if the person already had `manualPerDay` of them since `dayStart`.
 */
export async function claimDigestRun(
  db: Db,
  userId: number,
  period: string,
  manual: { dayStart: number; manualPerDay: number } | null,
  now = Date.now(),
) {
  const limit = manual
    ? sql`(select count(*) from digest_runs where user_id = ${userId} and manual = 1 and created_at >= ${manual.dayStart}) < ${manual.manualPerDay}`
    : sql`1 = 1`;
  const result = await db.run(sql`
    insert into digest_runs (user_id, period, manual, created_at)
    select ${userId}, ${period}, ${manual ? 1 : 0}, ${now} where ${limit}
    on conflict (user_id, period) do nothing`);
  return result.meta.changes === 1;
}

/** When the person's previous digest ran (before `now`), or null. */
export async function previousDigestAt(db: Db, userId: number, before: number) {
  const row = await db.get<{ at: number | null }>(
    sql`select max(created_at) as at from digest_runs where user_id = ${userId} and created_at < ${before}`,
  );
  return row?.at ?? null;
}

export async function countManualDigests(db: Db, userId: number, since: number) {
  const row = await db.get<{ n: number }>(
    sql`select count(*) as n from digest_runs where user_id = ${userId} and manual = 1 and created_at >= ${since}`,
  );
  return row?.n ?? 0;
}

export type SourceScope = {
  feedId?: number;
  categoryId?: number;
  from?: number | null;
  to?: number | null;
  /** Digests: only feeds the person marked "include in AI", and only items they have not read. */
  forDigest?: boolean;
  limit: number;
};

/** Ids of the newest items of feeds the person follows, within the scope: the reading core's pick. */
export async function selectSourceItemIds(db: PeopleDb, userId: number, scope: SourceScope): Promise<number[]> {
  const itemScope: ItemScope =
    scope.feedId !== undefined
      ? { kind: 'feed', feedId: scope.feedId }
      : scope.categoryId !== undefined
        ? { kind: 'category', categoryId: scope.categoryId }
        : scope.forDigest
          ? { kind: 'ai-feeds' }
          : { kind: 'all' };
  return itemIds(createReader(db, { id: userId, timezone: 'UTC' }), {
    scope: itemScope,
    state: scope.forDigest ? 'unread' : 'all',
    order: 'newest',
    from: scope.from ?? null,
    to: scope.to ?? null,
    limit: scope.limit,
  });
}

/** Reading 1 MB of HTML into text costs CPU for nothing: no model budget takes more than this. */
const MAX_SOURCE_HTML = 400_000;

/**
 * The items behind a generation, newest first, with the HTML a prompt is written from (ai/source-items.ts
 * reduces it to text); only items the person still follows.
 */
export async function loadSourceItems(db: PeopleDb, userId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  // The items from their shards, then only those of feeds the person follows, newest first.
  const found = await db.shards.each(itemIds.slice(0, 90), (shard, ids) =>
    shard.select().from(items).where(inArray(items.id, ids)),
  );
  const names = new Map(
    (await subscriptionsInScope(db, userId, { feedIds: found.map((item) => item.feedId) })).map((row) => [
      row.feedId,
      row.name,
    ]),
  );
  const rows = found
    .flatMap((item): { item: typeof item; source: string }[] => {
      const source = names.get(item.feedId);
      return source === undefined ? [] : [{ item, source }];
    })
    .sort((a, b) => b.item.pubDate.getTime() - a.item.pubDate.getTime() || b.item.id - a.item.id);
  return rows.map(({ item, source }) => ({
    id: item.id,
    title: item.title,
    html: (item.articleContent ?? item.content ?? item.description ?? '').slice(0, MAX_SOURCE_HTML),
    link: item.link,
    source,
    pubDate: item.pubDate.getTime(),
  }));
}

/** Titles of a scope's earlier items (before `before`, not in `exclude`): the history themes are weighed against. */
export async function loadHistoryTitles(
  db: PeopleDb,
  userId: number,
  scope: Omit<SourceScope, 'limit' | 'to'>,
  before: number,
  exclude: number[],
  limit = 300,
) {
  const ids = await selectSourceItemIds(db, userId, { ...scope, to: before, limit: limit + exclude.length });
  const skip = new Set(exclude);
  const wanted = ids.filter((id) => !skip.has(id)).slice(0, limit);
  if (wanted.length === 0) return [];
  const titles: string[] = [];
  // 90 ids a query, as loadSourceItems: D1 binds at most 100 parameters.
  for (let start = 0; start < wanted.length; start += 90) {
    const rows = await db.shards.each(wanted.slice(start, start + 90), (shard, some) =>
      shard.select({ title: items.title }).from(items).where(inArray(items.id, some)),
    );
    titles.push(...rows.map((row) => row.title));
  }
  return titles;
}

/** Deletes every generation of the person (an admin's clean-up); the keys of their stored images, to delete too. */
export async function deleteUserGenerations(db: Db, userId: number) {
  const removed = await db
    .delete(aiGenerations)
    .where(eq(aiGenerations.userId, userId))
    .returning({ imageKey: aiGenerations.imageKey });
  return {
    deleted: removed.length,
    imageKeys: removed.flatMap((row) => (row.imageKey === null ? [] : [row.imageKey])),
  };
}
