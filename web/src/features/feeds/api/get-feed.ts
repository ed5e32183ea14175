// GET /api/feeds/{id}?includeCategory=true: one feed with its category (spec §3 "Feed (detail page)").
// Ids are positive integers (spec §5); anything else is never sent.
import type { FeedDetail } from '@contracts/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { feedKeys } from '@/lib/query-keys';

/** The numeric id of a /feed/{id} path segment, or null when it is not one ("Invalid feed ID"). */
export function parseFeedId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export async function getFeed(feedId: number): Promise<FeedDetail> {
  const response = await client.feeds[':feedId'].$get({
    param: { feedId: String(feedId) },
    query: { includeCategory: 'true' },
  });
  const feed: FeedDetail = await response.json();
  if (!feed || typeof feed !== 'object' || typeof feed.id !== 'number') throw new Error('Invalid feed response');
  return feed;
}

export function feedQueryOptions(feedId: number) {
  return queryOptions({ queryKey: feedKeys.detail(feedId), queryFn: () => getFeed(feedId) });
}

export function useFeed(feedId: number) {
  return useQuery(feedQueryOptions(feedId));
}
