// GET /api/feeds: the feeds the person follows (spec §3 "Feed (as listed)").
import type { FeedListEntry } from '@contracts/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { feedKeys } from '@/lib/query-keys';

export function getFeeds(): Promise<FeedListEntry[]> {
  return client.feeds.$get().then((response) => response.json());
}

export function feedsQueryOptions() {
  return queryOptions({ queryKey: feedKeys.list(), queryFn: getFeeds });
}

export function useFeeds() {
  return useQuery(feedsQueryOptions());
}
