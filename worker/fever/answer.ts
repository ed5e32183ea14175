// What a signed-in Fever call answers (issue 15): by the presence of parameters, groups, feeds,
// favicons, items (since_id, max_id, with_ids), unread and saved ids, and marks on an item, a feed or a
// group. Everything goes through the web app's own functions; the key was checked by fever/auth.ts.
import type { Context } from 'hono';
import type { SessionUser } from '../auth/session';
import type { FeedItem } from '../contracts/feeds';
import { parseId } from '../contracts/ids';
import type { PeopleDb } from '../db/client';
import { feedRowsByIds } from '../db/feeds';
import { setItemRead } from '../db/item-row';
import { countItems, itemIds, queryItems } from '../db/items';
import { markFeedsRead } from '../db/read-state';
import { createReader, type Reader } from '../db/reader';
import { setItemStarred } from '../db/stars';
import type { AppEnv } from '../env';
import { cachedIcon, type IconDeps, type SiteIcon, siteIcon } from '../feeds/favicon-cache';
import { withFullArticles } from '../feeds/full-article-items';
import { loadReaderSubscriptions, newestArrivalOf, type ReaderSubscriptions } from '../greader/subscriptions';
import { ApiError } from '../lib/errors';
import { withinPageBudget } from '../lib/response-budget';
import { isSearchGroup, savedSearchGroups, savedSearchOfGroup } from '../rules/fever-groups';
import { markSearchRead } from '../rules/reader-labels';

const API_VERSION = 3;
/** Every answer carries these; a call whose key is wrong (or missing) gets only them. */
export const UNSIGNED = { api_version: API_VERSION, auth: 0 };
const PAGE = 50;
const MAX_UNREAD_IDS = 10_000;
const MAX_SAVED_IDS = 10_000;
/** Sites whose icon one call may fetch (each once, then kept in R2); the rest come on later calls. */
const ICON_FETCHES_PER_CALL = 10;
// A feed whose site has no icon (or whose icon is not fetched yet) shows this RSS icon.
const DEFAULT_FAVICON = {
  data: 'image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+PHJlY3Qgd2lkdGg9IjE2IiBoZWlnaHQ9IjE2IiByeD0iMyIgZmlsbD0iI2M0NDEwYyIvPjxjaXJjbGUgY3g9IjQuNSIgY3k9IjExLjUiIHI9IjEuNSIgZmlsbD0iI2ZmZiIvPjxwYXRoIGQ9Ik0zIDdhNiA2IDAgMCAxIDYgNk0zIDNhMTAgMTAgMCAwIDEgMTAgMTAiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIxLjgiIGZpbGw9Im5vbmUiLz48L3N2Zz4=',
};

const seconds = (iso: string | Date) => Math.floor(new Date(iso).getTime() / 1000);
const idList = (ids: number[]) => ids.join(',');

/** A comma list of positive ids, as with_ids sends them: the first `max` good ones, a bad one skipped. */
function parseIds(value: string | null, max: number): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => parseId(part.trim()))
    .filter((id): id is number => id !== null)
    .slice(0, max);
}

/**
 * Fever apps read every answer as {api_version, auth, …} (Unread checks it): a malformed request (a bad
 * mark, as or id, an item the person cannot see) answers 200 with them and changes nothing, where our
 * own 4xx would make the app think it was signed out (issue 32). `fallback` is the part's answer then.
 */
async function orNoChange<T>(part: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await part();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return fallback;
    throw error;
  }
}

/**
 * The categories as groups, then the saved searches (rules/fever-groups.ts): both read at once, so that
 * they go in one round trip with whatever else the call reads in the same tick.
 */
async function groupsOf(reader: Reader, subscriptionsRead: Promise<ReaderSubscriptions>) {
  const [searches, subscriptions] = await Promise.all([savedSearchGroups(reader), subscriptionsRead]);
  return {
    groups: [...subscriptions.labels.map((label) => ({ id: label.categoryId, title: label.name })), ...searches.groups],
    feeds_groups: [
      ...subscriptions.labels.map((label) => ({ group_id: label.categoryId, feed_ids: idList(label.feedIds) })),
      ...searches.feeds_groups.map((entry) => ({ group_id: entry.group_id, feed_ids: idList(entry.feedIds) })),
    ],
  };
}

/**
 * Fever's feeds: each feed's favicon has the feed's id; last updated is when its newest item arrived
 * (subscriptions loaded with their arrivals).
 */
function feedsOf(subscriptions: ReaderSubscriptions) {
  return subscriptions.feeds.map((feed) => ({
    id: feed.id,
    favicon_id: feed.id,
    title: feed.name,
    url: feed.url,
    site_url: feed.siteUrl ?? '',
    is_spark: 0,
    last_updated_on_time: Math.floor(newestArrivalOf(subscriptions, feed.id) / 1000),
  }));
}

const base64Of = (bytes: Uint8Array) => {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
};

/**
 * Fever wants icons as data: one per feed (its id the feed's), its site's icon as Feedloom keeps it in R2
 * (feeds/favicon-cache.ts), the first few not yet fetched fetched now, the RSS icon for the rest.
 */
async function faviconsOf(deps: IconDeps, db: PeopleDb, subscriptions: ReaderSubscriptions) {
  const { feeds } = subscriptions;
  const cached = await Promise.all(
    feeds.map((feed) => cachedIcon(deps.bucket, { url: feed.url, siteUrl: feed.siteUrl, faviconUrl: null })),
  );
  const unknown = feeds.filter((_, index) => cached[index] === undefined).slice(0, ICON_FETCHES_PER_CALL);
  const fetched = new Map<number, SiteIcon | null>();
  for (const row of await feedRowsByIds(
    db,
    unknown.map((feed) => feed.id),
  )) {
    fetched.set(row.id, await siteIcon(deps, row));
  }
  return feeds.map((feed, index) => {
    const icon = cached[index] ?? fetched.get(feed.id);
    return { id: feed.id, data: icon ? `${icon.contentType};base64,${base64Of(icon.body)}` : DEFAULT_FAVICON.data };
  });
}

function itemsOf(items: FeedItem[]) {
  return items.map((item) => ({
    id: item.id,
    feed_id: item.feedId,
    title: item.title,
    author: item.author ?? '',
    html: item.content || item.description || '',
    url: item.link ?? '',
    is_saved: item.isStarred ? 1 : 0,
    is_read: item.isRead ? 1 : 0,
    created_on_time: seconds(item.pubDate),
  }));
}

async function readItems(
  reader: Reader,
  params: URLSearchParams,
  withArticles: (items: FeedItem[]) => Promise<FeedItem[]>,
) {
  const number = (name: string) => {
    const value = params.get(name);
    if (value === null || value === '') return undefined;
    if (!/^[0-9]{1,16}$/.test(value)) throw new ApiError('BAD_REQUEST', `Invalid ${name}`);
    return Number(value);
  };
  const withIds = parseIds(params.get('with_ids'), PAGE);
  // Ids asked for, none of them valid: none to give (not the newest page).
  if (params.get('with_ids') && withIds.length === 0) throw new ApiError('BAD_REQUEST', 'with_ids names no item');
  const sinceId = number('since_id');
  // The total counted in the same round trip as the page.
  const [page, total] = await Promise.all([
    queryItems(
      reader,
      withIds.length > 0
        ? { scope: { kind: 'ids', ids: withIds }, state: 'all', order: 'newest', limit: PAGE }
        : {
            scope: { kind: 'all' },
            state: 'all',
            ...(sinceId !== undefined
              ? { order: 'id-ascending', afterId: sinceId }
              : { order: 'id-descending', beforeId: number('max_id') }),
            limit: PAGE,
          },
    ),
    countItems(reader, { scope: { kind: 'all' }, state: 'all' }),
  ]);
  // A page by since_id or max_id ends at the byte budget (lib/response-budget.ts): the app goes on from
  // the last id it got. Items asked for by id all come: at most PAGE of them (~10 MB at the content cap).
  const items = withIds.length > 0 ? page.items : withinPageBudget(page.items);
  return {
    items: itemsOf(await withArticles(items)),
    total_items: total,
  };
}

/** mark=item|feed|group&as=read|unread|saved|unsaved&id=…(&before=unix seconds). */
async function applyMark(reader: Reader, params: URLSearchParams, subscriptionsOf: () => Promise<ReaderSubscriptions>) {
  const { db, userId } = reader;
  const what = params.get('mark');
  const as = params.get('as');
  // Groups 0 and -1 are Fever's own (Kindling and Sparks); every other id follows the one rule.
  const raw = params.get('id');
  const id = what === 'group' && (raw === '0' || raw === '-1') ? Number(raw) : parseId(raw);
  if (id === null) throw new ApiError('BAD_REQUEST', 'Invalid id');
  const before = /^[0-9]{1,12}$/.test(params.get('before') ?? '') ? Number(params.get('before')) * 1000 : undefined;
  if (what === 'item') {
    if (as === 'read' || as === 'unread') await setItemRead(db, userId, id, as === 'read');
    else if (as === 'saved' || as === 'unsaved') await setItemStarred(db, userId, id, as === 'saved');
    else throw new ApiError('BAD_REQUEST', 'as must be read, unread, saved or unsaved');
    return as === 'saved' || as === 'unsaved' ? 'saved' : 'unread';
  }
  if (as !== 'read') throw new ApiError('BAD_REQUEST', 'Feeds and groups can only be marked read');
  if (what === 'group' && isSearchGroup(id)) {
    // A saved search's group: its unread matches are read, not its feeds (rules/fever-groups.ts).
    const search = await savedSearchOfGroup(reader, id);
    if (search) await markSearchRead(reader, search, before);
    return 'unread';
  }
  const subscriptions = await subscriptionsOf();
  let feedIds: number[] = [];
  if (what === 'feed') feedIds = subscriptions.byId.has(id) ? [id] : [];
  // Group 0 is Fever's "Kindling", every feed; -1 its Sparks, which Feedloom has none of.
  else if (what === 'group') {
    feedIds =
      id === 0
        ? subscriptions.feeds.map((feed) => feed.id)
        : (subscriptions.labels.find((label) => label.categoryId === id)?.feedIds ?? []);
  } else throw new ApiError('BAD_REQUEST', 'mark must be item, feed or group');
  // before is when the app last refreshed: items stored after it stay unread, whatever their date (issue 32).
  await markFeedsRead(db, userId, feedIds, before, 'stored');
  return 'unread';
}

/** What a signed-in Fever call answers, for `user` (its key checked, or being checked beside it). */
export async function answerFor(c: Context<AppEnv>, params: URLSearchParams, user: SessionUser) {
  const db = c.var.db.people.of(user);
  const userId = user.id;
  const reader = createReader(db, user, {
    copy: user.readingList,
    waitUntil: (work) => c.executionCtx.waitUntil(work),
  });
  const answer: Record<string, unknown> = { ...UNSIGNED, auth: 1, last_refreshed_on_time: seconds(new Date()) };
  const asked = (name: string) => params.has(name);
  // Read once, by the calls that name feeds or groups: an app's items, unread and saved ids need none.
  // The feeds' call says when each feed's newest item arrived, read in the same round trip.
  let read: Promise<ReaderSubscriptions> | undefined;
  const subscriptions = () => {
    read ??= loadReaderSubscriptions(db, userId, reader, { arrivals: asked('feeds') });
    return read;
  };

  let refreshed: string | null = null;
  if (asked('mark')) refreshed = await orNoChange(() => applyMark(reader, params, subscriptions), null);
  const groups = asked('groups') || asked('feeds') ? await groupsOf(reader, subscriptions()) : null;
  if (asked('groups')) Object.assign(answer, groups);
  if (asked('feeds'))
    Object.assign(answer, {
      feeds: feedsOf(await subscriptions()),
      feeds_groups: groups?.feeds_groups,
    });
  if (asked('favicons'))
    answer.favicons = await faviconsOf(
      { bucket: c.var.services.images.bucket, fetcher: c.var.services.fetcher },
      db,
      await subscriptions(),
    );
  // "Always fetch the full article": the article instead of the teaser (feeds/full-article-items.ts).
  const withArticles = (items: FeedItem[]) =>
    withFullArticles(c.var.services, reader, items, (work) => c.executionCtx.waitUntil(work));
  if (asked('items'))
    Object.assign(
      answer,
      await orNoChange(() => readItems(reader, params, withArticles), { items: [], total_items: 0 }),
    );
  if (asked('links')) answer.links = [];
  if (asked('unread_item_ids') || refreshed === 'unread') {
    answer.unread_item_ids = idList(
      await itemIds(reader, { scope: { kind: 'all' }, state: 'unread', order: 'id-descending', limit: MAX_UNREAD_IDS }),
    );
  }
  if (asked('saved_item_ids') || refreshed === 'saved')
    answer.saved_item_ids = idList(
      await itemIds(reader, { scope: { kind: 'all' }, state: 'starred', order: 'id-descending', limit: MAX_SAVED_IDS }),
    );
  return answer;
}
