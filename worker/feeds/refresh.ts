// refreshFeed: the one orchestrator for bringing a shared feed up to date (STYLE.md pattern 6). It
// reads top to bottom like the feature: conditional fetch → not modified? stop → parse → normalise →
// sanitise → upsert in batches → keep the newest 500 → schedule the next check → record or clear the
// error. Expected outcomes are values, not exceptions; a failing feed is rescheduled with backoff and
// shows its error, it is never dropped.
import { desc, eq } from 'drizzle-orm';
import { feeds, items } from '../../schema';
import type { Db } from '../db/client';
import { sha256Hex } from '../lib/crypto';
import { faviconFor } from './favicon';
import { FeedParseError, type ParsedFeed, type ParsedItem, parseFeed } from './parse';
import { type SafeFetchResponse, safeFetch } from './safe-fetch';
import { firstImage, htmlToText, sanitizeHtml } from './sanitize';
import { nextCheckAt } from './schedule';

export const MAX_ITEMS_PER_FEED = 500;
const DESCRIPTION_CHARS = 500;
// D1 allows 100 bound parameters per statement: 10 columns × 9 rows = 90.
const ROWS_PER_INSERT = 9;

export type RefreshOutcome =
  | { kind: 'gone' }
  | { kind: 'not-modified' }
  | { kind: 'updated'; received: number; stored: number }
  | { kind: 'failed'; error: string };

export type RefreshDeps = { db: Db; allowHosts: string; fetchFeed?: typeof safeFetch };

type FeedRow = typeof feeds.$inferSelect;

export async function refreshFeed(deps: RefreshDeps, feedId: number, now = Date.now()): Promise<RefreshOutcome> {
  const { db } = deps;
  const [feed] = await db.select().from(feeds).where(eq(feeds.id, feedId)).limit(1);
  if (!feed) return { kind: 'gone' };

  let response: SafeFetchResponse;
  try {
    response = await (deps.fetchFeed ?? safeFetch)(feed.url, {
      allowHosts: deps.allowHosts,
      headers: conditionalHeaders(feed),
      accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8',
    });
  } catch (error) {
    return recordFailure(db, feed, errorMessage(error), now);
  }

  if (response.status === 304) {
    await scheduleAfterSuccess(db, feed, response, await recentItemDates(db, feed.id), now, {});
    return { kind: 'not-modified' };
  }
  if (response.status >= 400) {
    return recordFailure(db, feed, `The server answered ${response.status}`, now, response.headers.get('retry-after'));
  }

  let parsed: ParsedFeed;
  try {
    parsed = parseFeed(response.body, response.url, response.charset ?? undefined);
  } catch (error) {
    return recordFailure(db, feed, errorMessage(error), now);
  }

  const rows = await normaliseItems(parsed, response.url, now);
  await upsertItems(db, feed.id, rows, now);
  await trimItems(db, feed.id);
  await scheduleAfterSuccess(db, feed, response, await recentItemDates(db, feed.id), now, {
    title: feed.title ?? (parsed.title || null),
    siteUrl: parsed.link ?? feed.siteUrl,
    description: parsed.description ? htmlToText(parsed.description).slice(0, DESCRIPTION_CHARS) : feed.description,
    language: parsed.language ?? feed.language,
    faviconUrl: feed.faviconUrl ?? faviconFor(parsed.link ?? response.url),
    ttlMinutes: readTtlMinutes(response.body),
  });
  return { kind: 'updated', received: parsed.items.length, stored: rows.length };
}

function conditionalHeaders(feed: FeedRow): Record<string, string> {
  // RFC 9110 §13.1: send both validators; a server that honours either answers 304.
  const headers: Record<string, string> = {};
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
  return headers;
}

const errorMessage = (error: unknown) =>
  error instanceof FeedParseError || error instanceof Error ? error.message : 'The feed could not be read';

type ItemValues = {
  guidHash: string;
  title: string;
  description: string | null;
  content: string | null;
  link: string | null;
  thumbnail: string | null;
  author: string | null;
  pubDate: number;
};

/** Identity by guid, else link, else a hash of title and content; the newest 500, duplicates dropped. */
async function normaliseItems(parsed: ParsedFeed, baseUrl: string, now: number): Promise<ItemValues[]> {
  const dated = parsed.items.map((item, index) => ({
    item,
    // Undated items keep the feed's order: the first is the newest (RSS 2.0 lists newest first by custom).
    time: Date.parse(item.published ?? item.updated ?? '') || now - index,
  }));
  dated.sort((a, b) => b.time - a.time);
  const seen = new Set<string>();
  const rows: ItemValues[] = [];
  for (const { item, time } of dated) {
    if (rows.length >= MAX_ITEMS_PER_FEED) break;
    const guidHash = await identityOf(item);
    if (seen.has(guidHash)) continue;
    seen.add(guidHash);
    rows.push(await toItemValues(item, guidHash, Math.min(time, now), baseUrl));
  }
  return rows;
}

async function identityOf(item: ParsedItem) {
  if (item.id) return sha256Hex(`id:${item.id}`);
  if (item.link) return sha256Hex(`link:${item.link}`);
  return sha256Hex(`hash:${item.title}\n${item.content ?? item.summary ?? ''}`);
}

async function toItemValues(item: ParsedItem, guidHash: string, pubDate: number, baseUrl: string): Promise<ItemValues> {
  const html = item.content ?? item.summary;
  const content = html ? await sanitizeHtml(html, item.link ?? baseUrl) : null;
  const summaryText = htmlToText(item.summary ?? item.content ?? '').slice(0, DESCRIPTION_CHARS) || null;
  const imageEnclosure = item.enclosures.find((e) =>
    e.type ? e.type.startsWith('image/') : /\.(jpe?g|png|gif|webp)$/i.test(e.url),
  );
  return {
    guidHash,
    title: item.title.trim() || summaryText?.slice(0, 120) || 'Untitled',
    description: summaryText,
    content,
    link: item.link,
    thumbnail: imageEnclosure?.url ?? (content ? firstImage(content) : null),
    author: item.author,
    pubDate,
  };
}

/** Inserts new items and updates changed ones, in one D1 batch of multi-row statements. */
async function upsertItems(db: Db, feedId: number, rows: ItemValues[], now: number) {
  if (rows.length === 0) return;
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const placeholders = chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    const values = chunk.flatMap((row) => [
      feedId,
      row.guidHash,
      row.title,
      row.description,
      row.content,
      row.link,
      row.thumbnail,
      row.author,
      row.pubDate,
      now,
    ]);
    statements.push(
      d1
        .prepare(
          `insert into items (feed_id, guid_hash, title, description, content, link, thumbnail, author, pub_date, created_at)
           values ${placeholders}
           on conflict (feed_id, guid_hash) do update set
             title = excluded.title, description = excluded.description, content = excluded.content,
             link = excluded.link, thumbnail = excluded.thumbnail, author = excluded.author
           where items.title is not excluded.title or items.content is not excluded.content
              or items.link is not excluded.link or items.description is not excluded.description`,
        )
        .bind(...values),
    );
  }
  await d1.batch(statements);
}

/** Keeps the newest 500 and records how many the feed now holds (the sidebar's unread counts use it). */
async function trimItems(db: Db, feedId: number) {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        `delete from items where feed_id = ?1 and id not in
           (select id from items where feed_id = ?1 order by pub_date desc, id desc limit ?2)`,
      )
      .bind(feedId, MAX_ITEMS_PER_FEED),
    d1
      .prepare('update feeds set item_count = (select count(*) from items where feed_id = ?1) where id = ?1')
      .bind(feedId),
  ]);
}

async function recentItemDates(db: Db, feedId: number) {
  const rows = await db
    .select({ pubDate: items.pubDate })
    .from(items)
    .where(eq(items.feedId, feedId))
    .orderBy(desc(items.pubDate))
    .limit(20);
  return rows.map((row) => row.pubDate.getTime());
}

async function scheduleAfterSuccess(
  db: Db,
  feed: FeedRow,
  response: SafeFetchResponse,
  itemDates: number[],
  now: number,
  metadata: Partial<FeedRow>,
) {
  const ttlMinutes = metadata.ttlMinutes ?? feed.ttlMinutes;
  const next = nextCheckAt({
    now,
    itemDates,
    ttlMinutes,
    cacheControl: response.headers.get('cache-control'),
    retryAfter: response.headers.get('retry-after'),
    errorCount: 0,
  });
  await db
    .update(feeds)
    .set({
      ...metadata,
      etag: response.headers.get('etag') ?? feed.etag,
      lastModified: response.headers.get('last-modified') ?? feed.lastModified,
      lastFetchedAt: new Date(now),
      nextFetchAt: next,
      errorCount: 0,
      lastError: null,
    })
    .where(eq(feeds.id, feed.id));
}

async function recordFailure(db: Db, feed: FeedRow, error: string, now: number, retryAfter?: string | null) {
  const errorCount = feed.errorCount + 1;
  const next = nextCheckAt({
    now,
    itemDates: [],
    ttlMinutes: feed.ttlMinutes,
    cacheControl: null,
    retryAfter: retryAfter ?? null,
    errorCount,
  });
  await db
    .update(feeds)
    .set({ errorCount, lastError: error.slice(0, 500), lastFetchedAt: new Date(now), nextFetchAt: next })
    .where(eq(feeds.id, feed.id));
  return { kind: 'failed' as const, error };
}

/** RSS 2.0 <ttl>: minutes the feed may be cached. Not part of ParsedFeed, so read from the raw bytes. */
function readTtlMinutes(body: Uint8Array): number | null {
  const head = new TextDecoder().decode(body.subarray(0, 64 * 1024));
  const minutes = Number(head.match(/<ttl>\s*(\d{1,6})\s*<\/ttl>/i)?.[1]);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
}
