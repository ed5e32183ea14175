// Development only: GET /api/dev/sample-feeds lists the sample feeds (answering at all means the app
// runs in development; 404 elsewhere), POST follows them within the plan → {followed, skipped}. After a follow the lists refresh.
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { devKeys, refreshFeedLists } from '@/lib/query-keys';

export type SampleFeeds = { feeds: { name: string; url: string }[] };

export function getSampleFeeds(): Promise<SampleFeeds> {
  return client.dev['sample-feeds'].$get().then((response) => response.json());
}

export function sampleFeedsQueryOptions() {
  return queryOptions({ queryKey: devKeys.sampleFeeds(), queryFn: getSampleFeeds, retry: false });
}

/** Succeeds only in development. */
export function useSampleFeeds() {
  return useQuery(sampleFeedsQueryOptions());
}

export type SampleFeedsAdded = { followed: number; skipped: number };

export function addSampleFeeds(): Promise<SampleFeedsAdded> {
  return client.dev['sample-feeds'].$post().then((response) => response.json());
}

export function addSampleFeedsMutationOptions() {
  return mutationOptions({ mutationKey: ['dev', 'sample-feeds', 'add'], mutationFn: addSampleFeeds });
}

export function useAddSampleFeeds() {
  const queryClient = useQueryClient();
  return useMutation({ ...addSampleFeedsMutationOptions(), onSuccess: () => refreshFeedLists(queryClient) });
}
