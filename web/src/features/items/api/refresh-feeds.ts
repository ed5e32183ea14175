// POST /api/feeds/refresh {feedId?} → 202 {queued, waiting, skipped, message}: queues a refresh of one feed
// or of all of them, except feeds checked minutes ago (issue 10 L3). The refresh itself runs on the
// server's queue, so the lists are refetched 2 s later (spec §4, §9).
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { refreshFeedLists } from '@/lib/query-keys';

export const REFETCH_AFTER_REFRESH_MS = 2000;

export function refreshFeeds(input: { feedId?: number } = {}) {
  return client.feeds.refresh.$post({ json: input }).then((response) => response.json());
}

export function refreshFeedsMutationOptions() {
  return mutationOptions({ mutationKey: ['feeds', 'refresh'], mutationFn: refreshFeeds });
}

/** A timer outside any component: leaving the page does not cancel the refetch. */
function refetchSoon(queryClient: QueryClient) {
  window.setTimeout(() => void refreshFeedLists(queryClient), REFETCH_AFTER_REFRESH_MS);
}

export function useRefreshFeeds() {
  const queryClient = useQueryClient();
  return useMutation({ ...refreshFeedsMutationOptions(), onSuccess: () => refetchSoon(queryClient) });
}
