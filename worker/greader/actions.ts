// What reader apps change: read and starred states (edit-tag), whole streams read (mark-all-as-read),
// subscriptions (subscription/edit, quickadd). Everything goes through the same functions as the web
// app, so plan limits, quotas and ownership hold here too.
import type { SessionUser } from '../auth/session';
import { deleteCategory, findOrCreateCategory, renameCategory } from '../db/categories';
import type { PeopleDb } from '../db/client';
import { unsubscribe, updateSubscription } from '../db/feeds';
import { setItemRead } from '../db/item-row';
import { itemIds } from '../db/items';
import { markFeedsRead } from '../db/read-state';
import type { Reader } from '../db/reader';
import { setItemStarred } from '../db/stars';
import { followFeed } from '../feeds/follow';
import { ApiError } from '../lib/errors';
import { markSearchRead, savedSearchOfLabel } from '../rules/reader-labels';
import type { Services } from '../services';
import { feedStreamId, parseItemIds, parseStreamId } from './ids';
import { feedOfStream, loadReaderSubscriptions } from './subscriptions';

/** Each item costs a few D1 queries: at most this many per call keeps a request within Workers' limits. */
export const MAX_ITEMS_PER_EDIT = 250;

/** The kinds of the streams named, e.g. "read" and "starred" for a=…/read&a=…/starred. */
const kindsOf = (values: string[]) => new Set(values.map((value) => parseStreamId(value)?.kind));

/** Runs `change`, treating an item or feed the person cannot see as nothing to do (as Google did). */
async function unlessMissing(change: () => Promise<unknown>) {
  try {
    await change();
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'NOT_FOUND')) throw error;
  }
}

export async function editTags(db: PeopleDb, userId: number, params: URLSearchParams) {
  const ids = parseItemIds(params.getAll('i'));
  if (!ids) throw new ApiError('BAD_REQUEST', 'Give item ids as i');
  if (ids.length > MAX_ITEMS_PER_EDIT) {
    throw new ApiError('BAD_REQUEST', `At most ${MAX_ITEMS_PER_EDIT} items per call`);
  }
  const add = kindsOf(params.getAll('a'));
  const remove = kindsOf(params.getAll('r'));
  // Feedloom's labels are its categories, which hold feeds; an item has none of its own. Saying OK and
  // dropping the label lost what people filed (capyreader, FeedMe): refuse the call, changing nothing,
  // so the app tells them. Stars are the way to keep an item.
  if (add.has('label') || remove.has('label')) {
    throw new ApiError(
      'BAD_REQUEST',
      'Labels on items are not supported: Feedloom labels (categories) hold feeds. Star the item instead.',
    );
  }
  const read = add.has('read') ? true : remove.has('read') || add.has('kept-unread') ? false : null;
  const starred = add.has('starred') ? true : remove.has('starred') ? false : null;
  for (const id of ids) {
    if (read !== null) await unlessMissing(() => setItemRead(db, userId, id, read));
    if (starred !== null) await unlessMissing(() => setItemStarred(db, userId, id, starred));
  }
}

/** `ts` in microseconds as Google sent it; some clients send milliseconds or seconds. */
function instantOf(ts: string | null) {
  if (!ts || !/^[0-9]{1,19}$/.test(ts)) return undefined;
  const value = Number(ts);
  if (value > 1e14) return Math.floor(value / 1000);
  if (value > 1e11) return value;
  return value * 1000;
}

export async function markStreamRead(reader: Reader, params: URLSearchParams) {
  const { db, userId } = reader;
  const streamId = params.get('s') ?? '';
  const stream = parseStreamId(streamId);
  if (!stream) throw new ApiError('BAD_REQUEST', `Unknown stream ${streamId}`);
  // ts is when the app last looked (often the timestampUsec of the newest item it has): items stored
  // after it stay unread whatever their date, those stored at it or before turn read (issue 32).
  const seen = instantOf(params.get('ts'));
  const before = seen === undefined ? undefined : seen + 1;
  if (stream.kind === 'starred') {
    // newsboat's "mark all read" on its Starred items feed (special-streams.ts): the starred items, each.
    const ids = await itemIds(reader, {
      scope: { kind: 'all' },
      state: 'starred',
      storedTo: before ?? null,
      order: 'newest',
      limit: MAX_ITEMS_PER_EDIT,
    });
    for (const id of ids) await unlessMissing(() => setItemRead(db, userId, id, true));
    return;
  }
  const subscriptions = await loadReaderSubscriptions(db, userId);
  if (stream.kind === 'label' && !subscriptions.labelByName.has(stream.name)) {
    // A saved search's label (rules/reader-labels.ts): its unread matches that had arrived by ts, each.
    const search = await savedSearchOfLabel(db, userId, stream.name, new Set(subscriptions.labelByName.keys()));
    if (search) await markSearchRead(reader, search, before);
    return;
  }
  let feedIds: number[] = [];
  if (stream.kind === 'reading-list') feedIds = subscriptions.feeds.map((feed) => feed.id);
  else if (stream.kind === 'feed') feedIds = [feedOfStream(subscriptions, stream.url)?.id ?? 0].filter(Boolean);
  else if (stream.kind === 'label') feedIds = subscriptions.labelByName.get(stream.name)?.feedIds ?? [];
  await markFeedsRead(db, userId, feedIds, before, 'stored');
}

const labelName = (value: string | null) => {
  const stream = value ? parseStreamId(value) : null;
  return stream?.kind === 'label' ? stream.name.trim().slice(0, 100) : null;
};

type Follower = Pick<SessionUser, 'id' | 'plan' | 'peopleShard'>;

export async function editSubscriptions(services: Services, user: Follower, params: URLSearchParams) {
  const db = services.db.people.of(user);
  const action = params.get('ac');
  const streams = params.getAll('s');
  const titles = params.getAll('t');
  if (!action || !['subscribe', 'unsubscribe', 'edit'].includes(action)) {
    throw new ApiError('BAD_REQUEST', 'ac must be subscribe, unsubscribe or edit');
  }
  if (streams.length === 0 || streams.length > 50) throw new ApiError('BAD_REQUEST', 'Give 1 to 50 feeds as s');
  const addTo = labelName(params.get('a'));
  const removeFrom = labelName(params.get('r'));
  const categoryId = addTo ? (await findOrCreateCategory(db, user.id, addTo)).id : undefined;
  const subscriptions = await loadReaderSubscriptions(db, user.id);

  for (const [index, streamId] of streams.entries()) {
    const stream = parseStreamId(streamId);
    if (stream?.kind !== 'feed') throw new ApiError('BAD_REQUEST', `Not a feed: ${streamId}`);
    const title = (titles[index] ?? '').trim().slice(0, 200);
    const feed = feedOfStream(subscriptions, stream.url);
    if (action === 'subscribe') {
      if (feed) continue;
      await followFeed(services, user, {
        url: stream.url,
        name: title,
        categoryId: categoryId ?? null,
        includeInAi: true,
      });
    } else if (!feed) {
      throw new ApiError('NOT_FOUND', `You do not follow ${stream.url}`);
    } else if (action === 'unsubscribe') {
      await unsubscribe(db, user.id, feed.id);
    } else {
      await updateSubscription(db, user.id, feed.id, {
        ...(title ? { name: title } : {}),
        ...(categoryId !== undefined
          ? { categoryId }
          : removeFrom && feed.label === removeFrom
            ? { categoryId: null }
            : {}),
      });
    }
  }
}

/** subscription/quickadd: follows a URL (a feed or a page that links one), as the add-feed dialog does. */
export async function quickAdd(services: Services, user: Follower, url: string) {
  try {
    const feedId = await followFeed(services, user, {
      url: url.replace(/^feed\//, ''),
      name: '',
      categoryId: null,
      includeInAi: true,
    });
    const feed = (await loadReaderSubscriptions(services.db.people.of(user), user.id)).byId.get(feedId);
    return { numResults: 1, query: url, streamId: feedStreamId(feed?.url ?? url), streamName: feed?.name ?? url };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { numResults: 0, query: url, error: error.message };
    throw error;
  }
}

/** A label named by a stream id ("user/-/label/News") or by its bare name, as rename-tag and disable-tag send it. */
function labelOf(value: string | null) {
  const text = (value ?? '').trim();
  if (!text) return null;
  const stream = parseStreamId(text);
  if (stream) return stream.kind === 'label' ? stream.name.trim() : null;
  return text.includes('/') ? null : text;
}

const NAME_RULE = 'Give the label as s (user/-/label/<name>) and its new name as dest, 1 to 100 characters';

/**
 * rename-tag (s or t → dest): renames the category, as the web app does. Renamed to a label the person
 * already has, its feeds join that one and the old label goes (the two folders merge, as in the app's
 * folder view of NetNewsWire or Reeder).
 */
export async function renameTag(db: PeopleDb, userId: number, params: URLSearchParams) {
  const from = labelOf(params.get('s') ?? params.get('t'));
  const to = labelOf(params.get('dest'));
  if (!from || !to || to.length > 100) throw new ApiError('BAD_REQUEST', NAME_RULE);
  const subscriptions = await loadReaderSubscriptions(db, userId);
  const label = subscriptions.labelByName.get(from);
  if (!label) throw new ApiError('NOT_FOUND', `You have no label named "${from}"`);
  if (from === to) return;
  const existing = subscriptions.labelByName.get(to);
  if (!existing) {
    await renameCategory(db, userId, label.categoryId, to);
    return;
  }
  for (const feedId of label.feedIds) await updateSubscription(db, userId, feedId, { categoryId: existing.categoryId });
  await deleteCategory(db, userId, label.categoryId);
}

/** disable-tag (s or t): deletes the category, its feeds staying, uncategorised, as the web app does. */
export async function disableTag(db: PeopleDb, userId: number, params: URLSearchParams) {
  const name = labelOf(params.get('s') ?? params.get('t'));
  if (!name) throw new ApiError('BAD_REQUEST', 'Give the label to delete as s (user/-/label/<name>)');
  const label = (await loadReaderSubscriptions(db, userId)).labelByName.get(name);
  // A label already gone is nothing to do (the app may be catching up with a deletion made elsewhere).
  if (label) await deleteCategory(db, userId, label.categoryId);
}
