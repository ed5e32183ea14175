// GET /api/categories/with-feeds: the sidebar's tree. Named categories first, then "General" (id null)
// for feeds without one; each with its unread count and feeds (favicon, unread count, last error).
import type { CategoryWithFeeds } from '@contracts/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';

export function getCategoriesWithFeeds(): Promise<CategoryWithFeeds[]> {
  return client.categories['with-feeds'].$get().then((response) => response.json());
}

export function categoriesWithFeedsQueryOptions() {
  return queryOptions({ queryKey: categoryKeys.withFeeds(), queryFn: getCategoriesWithFeeds });
}

export function useCategoriesWithFeeds() {
  return useQuery(categoriesWithFeedsQueryOptions());
}
