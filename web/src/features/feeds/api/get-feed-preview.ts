// GET /api/feeds/preview?url=… → {title, url, siteUrl}: what the add-feed dialog reads to fill the name
// when the URL field is left (spec §4 "Add feed"). 422 {message} when the address holds no feed.
import type { FeedPreview } from '@contracts/feeds';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { client } from '@/lib/api-client';
import { feedKeys } from '@/lib/query-keys';

export function getFeedPreview(url: string): Promise<FeedPreview> {
  return client.feeds.preview.$get({ query: { url } }).then((response) => response.json());
}

export function feedPreviewQueryOptions(url: string) {
  // A failed preview is not kept: leaving the field again should try again.
  return queryOptions({ queryKey: feedKeys.preview(url), queryFn: () => getFeedPreview(url), gcTime: 60_000 });
}

/** A preview on demand (on blur), deduplicated and cached per URL. */
export function useFeedPreviewLookup() {
  const queryClient = useQueryClient();
  return useCallback((url: string) => queryClient.fetchQuery(feedPreviewQueryOptions(url)), [queryClient]);
}
