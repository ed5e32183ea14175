// GET /api/feeds/count → {count, maxFeeds, isPro, limitReached} (spec §3 "Feed count response").
import type { FeedCount } from '@contracts/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { feedKeys } from '@/lib/query-keys';

export function getFeedCount(): Promise<FeedCount> {
  return client.feeds.count.$get().then((response) => response.json());
}

export function feedCountQueryOptions() {
  return queryOptions({ queryKey: feedKeys.count(), queryFn: getFeedCount });
}

export function useFeedCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...feedCountQueryOptions(), enabled });
}

/** Spec §9: the warning shows when the count is at or above max minus 1. */
export function isNearFeedLimit(count: FeedCount): boolean {
  return count.count >= count.maxFeeds - 1;
}
