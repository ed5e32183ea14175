// DELETE /api/feeds/{id}: unfollows the feed (its items go with it for this person). Afterwards the feeds
// and categories-with-feeds lists are refreshed (spec §4 "Feed delete").

import type { FeedItem } from '@contracts/feeds';
import { type InfiniteData, mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys, feedKeys, itemKeys } from '@/lib/query-keys';

export function deleteFeed(feedId: number): Promise<{ message: string }> {
  return client.feeds[':feedId'].$delete({ param: { feedId: String(feedId) } }).then((response) => response.json());
}

export function deleteFeedMutationOptions() {
  return mutationOptions({ mutationKey: ['feeds', 'delete'], mutationFn: deleteFeed });
}

export function useDeleteFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteFeedMutationOptions(),
    onSuccess: (_result, feedId) => {
      // The deleted feed's own page is being left: its queries are only marked stale (refetching them now
      // would answer 404 on screen); everything else is refetched.
      const isDeletedFeeds = (key: readonly unknown[]) =>
        (key[0] === 'feeds' && key[1] === 'detail' && key[2] === feedId) ||
        (key[0] === 'feed-items' && (key[2] as { scope?: { feedId?: number } } | undefined)?.scope?.feedId === feedId);
      // Its items leave every cached list at once (the lists refetch too, but My Feed should not flash them).
      queryClient.setQueriesData<InfiniteData<{ items: FeedItem[] }, string | undefined>>(
        { queryKey: itemKeys.lists() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.feedId !== feedId) })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: feedKeys.detail(feedId), refetchType: 'none' });
      void queryClient.invalidateQueries({
        queryKey: itemKeys.lists(),
        predicate: (query) => isDeletedFeeds(query.queryKey),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({
        queryKey: feedKeys.all(),
        predicate: (query) => !isDeletedFeeds(query.queryKey),
      });
      void queryClient.invalidateQueries({
        queryKey: itemKeys.lists(),
        predicate: (query) => !isDeletedFeeds(query.queryKey),
      });
      void queryClient.invalidateQueries({ queryKey: categoryKeys.withFeeds() });
    },
  });
}
