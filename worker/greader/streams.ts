// One page of a stream, for stream/contents, stream/items/ids and reader/atom: the reading list, a feed,
// a label, the starred or the read items, newest or oldest first (r=o), without read items (xt), only
// starred ones (it), stored within ot/nt (seconds), n at a time, continuing from c. ot and nt are the
// time an item arrived, as FreshRSS keys them: a sync client asks "what came since I last looked", and
// an item fetched now may carry an older date (issue 32).
import type { FeedItem } from '../contracts/feeds';
import { type ItemQuery, type ItemScope, type ItemState, queryItems } from '../db/items';
import type { Reader } from '../db/reader';
import { ApiError } from '../lib/errors';
import { itemChars, MOST_PER_READ, PAGE_BUDGET_CHARS } from '../lib/response-budget';
import type { SearchQuery } from '../rules/reader-labels';
import type { Stream } from './ids';
import { feedOfStream, type ReaderSubscriptions, toReaderSubscriptions } from './subscriptions';

export const MAX_PAGE = 1000;
const DEFAULT_PAGE = 20;

export type StreamQuery = {
  stream: Stream;
  count: number;
  continuation?: string;
  excludeRead: boolean;
  onlyStarred: boolean;
  oldestFirst: boolean;
  /** Epoch ms: nothing stored before (ot) or after (nt). */
  storedNotBefore: number | null;
  storedNotAfter: number | null;
};

export type StreamPage = { items: FeedItem[]; continuation: string | null };

const EMPTY: StreamPage = { items: [], continuation: null };
/** What itemQueryOf is given for a stream that names no feed or label. */
const NO_SUBSCRIPTIONS = toReaderSubscriptions([]);
/** Times a stream goes on past a scan that stopped with nothing (readStream). */
const MORE_SCANS = 2;

/** The query parameters every stream call shares; bad numbers are a 400. */
export function streamQueryOf(stream: Stream, params: URLSearchParams): StreamQuery {
  const number = (name: string) => {
    const value = params.get(name);
    if (value === null || value === '') return null;
    if (!/^[0-9]{1,16}$/.test(value)) throw new ApiError('BAD_REQUEST', `Invalid ${name}`);
    return Number(value);
  };
  const excluded = params.getAll('xt');
  const included = params.getAll('it');
  const ot = number('ot');
  const nt = number('nt');
  return {
    stream,
    count: Math.min(MAX_PAGE, Math.max(1, number('n') ?? DEFAULT_PAGE)),
    continuation: params.get('c') || undefined,
    excludeRead: excluded.some((id) => /\/state\/com\.google\/read$/.test(id)),
    onlyStarred: included.some((id) => /\/state\/com\.google\/starred$/.test(id)),
    oldestFirst: params.get('r') === 'o',
    storedNotBefore: ot === null ? null : ot * 1000,
    storedNotAfter: nt === null ? null : nt * 1000 + 999,
  };
}

/**
 * A stream query as the reading core's ItemQuery (db/items): every filter in its SQL, so pages are full.
 * A label that is no category's is the saved search `search` when one has its name (rules/reader-labels.ts).
 */
export function itemQueryOf(
  subscriptions: ReaderSubscriptions,
  query: StreamQuery,
  search: SearchQuery | null = null,
): ItemQuery | null {
  const { stream } = query;
  let scope: ItemScope = { kind: 'all' };
  let matching: Omit<SearchQuery, 'scope'> = {};
  if (stream.kind === 'feed') {
    const feed = feedOfStream(subscriptions, stream.url);
    if (!feed) return null;
    scope = { kind: 'feed', feedId: feed.id };
  } else if (stream.kind === 'label') {
    const label = subscriptions.labelByName.get(stream.name);
    if (label) scope = { kind: 'category', categoryId: label.categoryId };
    else if (search) ({ scope, ...matching } = search);
    else return null;
  }
  const starred = stream.kind === 'starred' || query.onlyStarred;
  const read = stream.kind === 'read';
  // The read stream without its read items is empty.
  if (read && query.excludeRead) return null;
  const state: ItemState = read ? 'read' : query.excludeRead ? 'unread' : starred ? 'starred' : 'all';
  return {
    scope,
    ...matching,
    state,
    ...(starred && state !== 'starred' ? { starred: true } : {}),
    // A search has no arrival window (db/items checkQuery): a saved search's stream answers every match,
    // so an app asking "since ot" gets more, never less.
    storedFrom: matching.match === undefined ? query.storedNotBefore : null,
    storedTo: matching.match !== undefined || query.storedNotAfter === null ? null : query.storedNotAfter + 1,
    order: query.oldestFirst ? 'oldest' : 'newest',
    cursor: query.continuation,
    limit: query.count,
  };
}

/**
 * A page of the stream. With item contents (stream/contents, reader/atom) the page ends, with the
 * continuation, once it holds PAGE_BUDGET_CHARS of item text or `n` items: 1,000 items of 200 KB were
 * 200 MB in one answer. Its items are read up to MOST_PER_READ at a time, each read cut by the reading
 * core to what is left of the budget (lib/response-budget.ts), so a page of up to 80 items is one read.
 * Ids only (stream/items/ids) are small: one read of `n`. The subscriptions are asked for only by the
 * streams they name (a feed, a label): the reading list, starred and read streams do without them.
 */
export async function readStream(
  reader: Reader,
  subscriptions: () => Promise<ReaderSubscriptions>,
  query: StreamQuery,
  { contents, search = null }: { contents: boolean; search?: SearchQuery | null },
): Promise<StreamPage> {
  // Items marked unread by hand are not told apart from the others: that stream is empty.
  if (query.stream.kind === 'kept-unread') return EMPTY;
  const named = query.stream.kind === 'feed' || query.stream.kind === 'label';
  const itemQuery = itemQueryOf(named ? await subscriptions() : NO_SUBSCRIPTIONS, query, search);
  if (!itemQuery) return EMPTY;
  const items: FeedItem[] = [];
  let chars = 0;
  let cursor = itemQuery.cursor;
  let emptyScans = 0;
  for (;;) {
    const wanted = query.count - items.length;
    const page = await queryItems(
      reader,
      contents
        ? { ...itemQuery, cursor, limit: Math.min(wanted, MOST_PER_READ), budgetChars: PAGE_BUDGET_CHARS - chars }
        : { ...itemQuery, cursor, limit: wanted },
    );
    for (const item of page.items) chars += itemChars(item);
    items.push(...page.items);
    // The core's pages are full unless a bounded scan stopped before it found a row (db/items/page-reads.ts
    // MOST_PASSES: someone who read one by one, in feeds of another shard). Clients take an empty page as
    // the end (issue 32), so the stream goes on from there a few times before it answers one, and then
    // keeps the continuation: dropping it would end the stream with unread items still behind it.
    const goOn =
      page.nextCursor !== null &&
      (items.length === 0
        ? emptyScans++ < MORE_SCANS
        : contents && page.items.length > 0 && items.length < query.count && chars < PAGE_BUDGET_CHARS);
    if (!goOn) return { items, continuation: page.nextCursor };
    cursor = page.nextCursor ?? undefined;
  }
}
