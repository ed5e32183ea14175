// GET /api/feed-items/{id}: one item, for an article opened from a link (`?item=`) that is not in the
// list on screen (another page of it, or a list filtered to unread since).
import type { FeedItem } from '@contracts/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';

export function getFeedItem(itemId: number): Promise<FeedItem> {
  return client['feed-items'][':itemId']
    .$get({ param: { itemId: String(itemId) } })
    .then((response) => response.json());
}

export function feedItemQueryOptions(itemId: number) {
  return queryOptions({ queryKey: itemKeys.detail(itemId), queryFn: () => getFeedItem(itemId) });
}

/** The item, fetched only when `enabled` (the list on screen does not have it). */
export function useFeedItem(itemId: number | null, enabled: boolean) {
  return useQuery({ ...feedItemQueryOptions(itemId ?? 0), enabled: enabled && itemId !== null });
}
