// Query keys mirror the API paths they cache (['feeds', …] is /api/feeds/…, ['categories', …] is
// /api/categories/…, ['preferences'] is /api/preferences). That is what lets one feature refresh a
// resource another feature shows without importing it: after a change to feeds, the sidebar's
// ['categories', 'with-feeds'] is invalidated by its key, as spec §7 asks ("after changes, these caches
// are refreshed").
import type { QueryClient } from '@tanstack/react-query';
import { feedItemKeys } from '@/features/items/api/query-keys';

export const feedKeys = {
  all: ['feeds'] as const,
  list: () => ['feeds', 'list'] as const,
  count: () => ['feeds', 'count'] as const,
  detail: (feedId: number) => ['feeds', 'detail', feedId] as const,
  preview: (url: string) => ['feeds', 'preview', url] as const,
};

/** The sidebar's categories with their feeds and unread counts (owned by the categories feature). */
export const categoriesWithFeedsKey = ['categories', 'with-feeds'] as const;

/** Shared with the preferences feature: exactly this key. */
export const preferencesKey = ['preferences'] as const;

/** Everything that changes when feeds or their items change: the feed list and count, the item lists, the sidebar. */
export function refreshFeedLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: feedKeys.all }),
    queryClient.invalidateQueries({ queryKey: feedItemKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: categoriesWithFeedsKey }),
  ]).then(() => undefined);
}
