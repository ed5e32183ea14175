// GET /api/feed-items?feedId|categoryId&filter&sort&dateFilter&search&limit&cursor → FeedItem[] (spec §7;
// a search's results also carry `snippet`, issue 14). The
// body is the spec's plain list; the next page's cursor travels in the `x-next-cursor` header, so the
// lists page with an infinite query ("Load more" and infinite scroll).
import type { DateFilter, FeedItem, SearchResult } from '@contracts/feeds';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';

export const ITEMS_PAGE_SIZE = 30;
const FULL_ARTICLE_RECHECK_MS = 3000;
const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** Whose items: one feed, one category, the starred ones, or (none of those) everything the person follows. */
export type ItemScope = { feedId: number } | { categoryId: number } | { starred: true } | Record<string, never>;

export type FeedItemsParams = {
  scope: ItemScope;
  dateFilter: DateFilter;
  filter?: 'all' | 'unread' | 'starred';
  sort?: 'newest' | 'oldest' | 'relevance';
  /** Words to search for (the search syntax of the API); absent for the plain list. */
  search?: string;
};

/** A listed item: a search result also has its highlighted snippet. */
export type ListedItem = FeedItem & Partial<Pick<SearchResult, 'snippet'>>;

export type FeedItemsPage = { items: ListedItem[]; nextCursor: string | null };

export async function getFeedItems(params: FeedItemsParams, cursor?: string): Promise<FeedItemsPage> {
  const response = await client['feed-items'].$get({
    query: {
      feedId: 'feedId' in params.scope ? String(params.scope.feedId) : undefined,
      categoryId: 'categoryId' in params.scope ? String(params.scope.categoryId) : undefined,
      filter: 'starred' in params.scope ? 'starred' : (params.filter ?? 'all'),
      sort: params.sort ?? 'newest',
      dateFilter: params.dateFilter,
      search: params.search || undefined,
      limit: String(ITEMS_PAGE_SIZE),
      cursor,
    },
  });
  const items: ListedItem[] = await response.json();
  return { items, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

export function feedItemsQueryOptions(params: FeedItemsParams) {
  const normalised: FeedItemsParams = { ...params, filter: params.filter ?? 'all', sort: params.sort ?? 'newest' };
  return infiniteQueryOptions({
    queryKey: itemKeys.list(normalised),
    queryFn: ({ pageParam }) => getFeedItems(normalised, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Full articles being fetched for "Always fetch the full article" arrive on the server within
    // seconds: ask again until none is pending (issue 27 §4).
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.fullArticle === 'pending'))
        ? FULL_ARTICLE_RECHECK_MS
        : false,
  });
}

export function useFeedItems(params: FeedItemsParams) {
  return useInfiniteQuery(feedItemsQueryOptions(params));
}

/**
 * Applies `change` to the item with this id in every cached list and its own entry (read marks and
 * stars, without a refetch). A list fetching a page right now builds its answer on the pages it had when
 * it began (TanStack Query), so that answer would bring the item back as it was: the change is made
 * again on the answer of every list fetch in flight now.
 */
export function updateCachedItem(queryClient: QueryClient, itemId: number, change: Partial<FeedItem>): void {
  queryClient.setQueryData<FeedItem>(itemKeys.detail(itemId), (item) => item && { ...item, ...change });
  queryClient.setQueriesData<FeedItemsData>({ queryKey: itemKeys.lists() }, (data) => withChange(data, itemId, change));
  const cache = queryClient.getQueryCache();
  const inFlight = new Set(
    cache.findAll({ queryKey: itemKeys.lists(), fetchStatus: 'fetching' }).map((query) => query.queryHash),
  );
  if (inFlight.size === 0) return;
  const unsubscribe = cache.subscribe((event) => {
    if (!inFlight.has(event.query.queryHash)) return;
    const over = event.type === 'removed' || (event.type === 'updated' && event.query.state.fetchStatus !== 'fetching');
    if (!over) return;
    // This fetch is over (answered, failed, cancelled, or its list dropped, as at sign-out): its answer
    // gets the change, once, and nothing later does.
    inFlight.delete(event.query.queryHash);
    if (inFlight.size === 0) unsubscribe();
    if (event.type === 'updated' && event.action.type === 'success')
      queryClient.setQueryData<FeedItemsData>(event.query.queryKey, (data) => withChange(data, itemId, change));
  });
}

type FeedItemsData = InfiniteData<FeedItemsPage, string | undefined>;

const withChange = (data: FeedItemsData | undefined, itemId: number, change: Partial<FeedItem>) =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === itemId ? { ...item, ...change } : item)),
    })),
  };
