// refreshFeed: the one orchestrator for bringing a shared feed up to date (STYLE.md pattern 6). It
// reads top to bottom like the feature: conditional fetch → not modified? stop → parse → normalise →
// sanitise → upsert in batches → retention (30 days, newest 30 to 500) → schedule the next check → record or clear the
// error. Expected outcomes are values, not exceptions; a failing feed is rescheduled with backoff and
// shows its error, it is never dropped.

import type { Db } from '../db/client';
import {
  type FeedRow,
  findFeed,
  type ItemValues,
  type MarkPrunes,
  type Retention,
  recentItemDates,
  recordRefreshFailure,
  recordRefreshSuccess,
  storeItems,
} from '../db/item-store';
import { readItemsAfter } from '../db/rule-effects';
import { firstImage, sanitizeHtml } from '../html/sanitize';
import { htmlToText } from '../html/text';
import { sha256Hex } from '../lib/crypto';
import { errorFields, log } from '../lib/log';
import type { SafeFetchResponse } from '../net/safe-fetch';
import { applyRulesToNewItems } from '../rules/apply-new';
import type { Services } from '../services';
import { storyGrouping } from '../stories/ingest';
import { faviconFor } from './favicon';
import { capItem, indexedContentText } from './item-size';
import {
  FEED_ACCEPT,
  FeedParseError,
  type ParsedEnclosure,
  type ParsedFeed,
  type ParsedItem,
  parseFeed,
} from './parse';
import { nextCheckAt } from './schedule';

export const MAX_ITEMS_PER_FEED = 500;
/**
 * Retention (issue 30: D1's 1 TB an account at workload B; docs/scaling.md "Retention"): an item nobody
 * starred stays ITEM_RETENTION_DAYS after it arrived, but a feed always keeps its newest ITEMS_KEPT_AT_LEAST,
 * so a quiet blog keeps its last posts however old, and at most its newest MAX_ITEMS_PER_FEED.
 */
export const ITEM_RETENTION_DAYS = 30;
export const ITEMS_KEPT_AT_LEAST = 30;
const RETENTION: Retention = { most: MAX_ITEMS_PER_FEED, least: ITEMS_KEPT_AT_LEAST, days: ITEM_RETENTION_DAYS };
/**
 * A feed's body is read up to this much (2.5 times the largest real feed among the fixtures, a podcast's
 * 1.6 MB). A queue batch refreshes one feed at a time (jobs/consumer.ts REFRESH_MESSAGES_AT_ONCE ×
 * jobs/handlers.ts FEEDS_AT_ONCE): one at this cap, parsed and sanitised, fits a 32 MB V8 heap (Node's
 * own included) plus its 4 MB body (bench/memory.mjs), 36 MB of an isolate's 128 MB; six at once were 72.
 */
export const FEED_MAX_BYTES = 4 * 1024 * 1024;
const DESCRIPTION_CHARS = 500;
/** Enclosures kept per item (Podcasting 2.0 alternates add a few), and the longest address kept. */
const MAX_ENCLOSURES = 10;
const MAX_ENCLOSURE_URL_CHARS = 2048;

export type RefreshOutcome =
  | { kind: 'gone' }
  | { kind: 'not-modified' }
  | { kind: 'unchanged' }
  | { kind: 'updated'; received: number; stored: number }
  | { kind: 'failed'; error: string };

/**
 * The database and the fetcher (services.ts); a caller that already holds the response hands over a
 * fetcher that returns it. `prunes`: where the trim's read marks wait to be pruned with others' (the
 * queue consumer's batch); without it they are pruned at once.
 */
export type RefreshDeps = Pick<Services, 'db' | 'fetcher'> &
  Partial<Pick<Services, 'storyVectors' | 'storyIndex'>> & { prunes?: MarkPrunes };

export async function refreshFeed(deps: RefreshDeps, feedId: number, now = Date.now()): Promise<RefreshOutcome> {
  // Everything a refresh reads and writes is its feed's and items' rows, in the feed's own shard.
  const db = deps.db.shards.of(feedId);
  const feed = await findFeed(db, feedId);
  if (!feed) return { kind: 'gone' };

  let response: SafeFetchResponse;
  try {
    response = await deps.fetcher.fetch(feed.url, {
      headers: conditionalHeaders(feed),
      maxBytes: FEED_MAX_BYTES,
      accept: FEED_ACCEPT,
    });
  } catch (error) {
    return recordFailure(db, feed, errorMessage(error), now);
  }
  if (response.status >= 400) {
    return recordFailure(db, feed, `The server answered ${response.status}`, now, response.headers.get('retry-after'));
  }
  try {
    return await storeResponse(db, feed, response, now, deps);
  } catch (error) {
    // Whatever fails after the fetch (a D1 error, a bug) is the feed's error too: shown, retried with backoff.
    const reason =
      error instanceof FeedParseError ? error.message : `Its items could not be stored (${errorMessage(error)})`;
    return recordFailure(db, feed, reason, now);
  }
}

/** 304, the same bytes as last time, or new content: each writes only what changed. */
async function storeResponse(
  db: Db,
  feed: FeedRow,
  response: SafeFetchResponse,
  now: number,
  deps: Pick<RefreshDeps, 'storyVectors' | 'storyIndex' | 'prunes'>,
): Promise<RefreshOutcome> {
  const contentHash = response.status === 304 ? feed.contentHash : await sha256Hex(response.body);
  if (response.status === 304 || contentHash === feed.contentHash) {
    // Nothing new: one row written, the feed's own, outside the pick index when its lease already set
    // the next check (worker/db/refresh-leases.ts).
    await scheduleAfterSuccess(db, feed, response, await recentItemDates(db, feed.id), now, {});
    return { kind: response.status === 304 ? 'not-modified' : 'unchanged' };
  }
  const parsed = parseFeed(response.body, response.url, response.charset ?? undefined);
  const rows = await normaliseItems(parsed, response.url, now);
  const grouping = storyGrouping(db, deps.storyVectors ?? null, deps.storyIndex ?? undefined);
  const fresh = await storeItems(db, feed, rows, RETENTION, now, grouping, deps.prunes);
  if (fresh > 0) await applyRules(db, feed, rows, now);
  await scheduleAfterSuccess(db, feed, response, await recentItemDates(db, feed.id), now, {
    contentHash,
    title: feed.title ?? (parsed.title || null),
    siteUrl: parsed.link ?? feed.siteUrl,
    description: parsed.description ? htmlToText(parsed.description).slice(0, DESCRIPTION_CHARS) : feed.description,
    language: parsed.language ?? feed.language,
    faviconUrl: feed.faviconUrl ?? faviconFor(parsed.link ?? response.url),
    ttlMinutes: readTtlMinutes(response.body),
  });
  return { kind: 'updated', received: parsed.items.length, stored: rows.length };
}

/**
 * The followers' rules meet the new items (issue 26). A rule that fails to apply is logged, not the
 * feed's error: the items are stored, and the next refresh's new items meet the rules again.
 */
async function applyRules(db: Db, feed: FeedRow, rows: ItemValues[], now: number) {
  const text = new Map(rows.map((row) => [row.guidHash, row.contentText ?? '']));
  try {
    await applyRulesToNewItems(
      db,
      feed.id,
      async () =>
        (await readItemsAfter(db, feed.id, feed.lastSeq)).map((item) => ({
          id: item.id,
          feedId: feed.id,
          seq: item.seq,
          title: item.title,
          summary: item.description,
          content: text.get(item.guid_hash) ?? null,
          author: item.author,
          link: item.link,
        })),
      now,
    );
  } catch (error) {
    log.error('rules.apply_failed', { feedId: feed.id, ...errorFields(error) });
  }
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
  const contentText = content ? htmlToText(content) : '';
  const isImage = (e: ParsedEnclosure) =>
    e.type ? e.type.startsWith('image/') : /\.(jpe?g|png|gif|webp)$/i.test(e.url);
  const imageEnclosure = item.enclosures.find(isImage);
  // The others (a podcast's audio, a video, a file) are kept with the item; an image one is its thumbnail.
  const enclosures = item.enclosures
    // Only web addresses, and none cut short: the app links and plays them (a javascript: link never).
    .filter((e) => !isImage(e) && /^https?:\/\//i.test(e.url) && e.url.length <= MAX_ENCLOSURE_URL_CHARS)
    .slice(0, MAX_ENCLOSURES)
    .map((e) => ({ url: e.url, type: e.type, length: e.length, duration: null }));
  return capItem({
    guidHash,
    title: item.title.trim() || summaryText?.slice(0, 120) || 'Untitled',
    description: summaryText,
    content,
    link: item.link,
    thumbnail: imageEnclosure?.url ?? (content ? firstImage(content) : null),
    author: item.author,
    pubDate,
    enclosures: enclosures.length > 0 ? enclosures : null,
    contentText: indexedContentText(contentText, summaryText),
  });
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
  const interval = next.getTime() - now;
  await recordRefreshSuccess(db, feed.id, {
    ...metadata,
    etag: response.headers.get('etag') ?? feed.etag,
    lastModified: response.headers.get('last-modified') ?? feed.lastModified,
    lastFetchedAt: new Date(now),
    checkIntervalMs: interval,
    leasedUntil: null,
    // Left alone when the lease already set it: moving it writes the pick index's entry too.
    nextFetchAt: leaseSetNextCheck(feed, interval, now) ? undefined : next,
  });
}

/**
 * Whether the lease this check runs under already set the next check this refresh would: a lease sets it
 * to the lease's time + the feed's last wait (refresh-leases.ts), so with the same wait it is the
 * schedule counted from when the check was taken. Without a lease (a first fetch on follow, a job run
 * twice) or with another wait, the refresh sets it.
 */
function leaseSetNextCheck(feed: FeedRow, interval: number, now: number) {
  return feed.leasedUntil !== null && feed.checkIntervalMs === interval && feed.nextFetchAt.getTime() > now;
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
  await recordRefreshFailure(db, feed.id, {
    errorCount,
    lastError: error.slice(0, 500),
    lastFetchedAt: new Date(now),
    nextFetchAt: next,
    // A lease taken before the next check waits as long as this backoff (refresh-leases.ts).
    checkIntervalMs: next.getTime() - now,
    leasedUntil: null,
  });
  return { kind: 'failed' as const, error };
}

/** RSS 2.0 <ttl>: minutes the feed may be cached. Not part of ParsedFeed, so read from the raw bytes. */
function readTtlMinutes(body: Uint8Array): number | null {
  const head = new TextDecoder().decode(body.subarray(0, 64 * 1024));
  const minutes = Number(head.match(/<ttl>\s*(\d{1,6})\s*<\/ttl>/i)?.[1]);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
}
