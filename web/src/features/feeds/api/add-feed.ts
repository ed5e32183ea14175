// POST /api/feeds {url, name, categoryId|null, includeInAi} → 201 FeedDetail. 409 when already followed,
// 403 at the plan's limit, 400/422 with a message otherwise. After an add the lists refresh (spec §4).
import type { FeedDetail } from '@contracts/feeds';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { refreshFeedLists } from '@/lib/query-keys';

export type AddFeedInput = { url: string; name: string; categoryId: number | null; includeInAi: boolean };

export function addFeed(input: AddFeedInput): Promise<FeedDetail> {
  return client.feeds.$post({ json: input }).then((response) => response.json());
}

export function addFeedMutationOptions() {
  return mutationOptions({ mutationKey: ['feeds', 'add'], mutationFn: addFeed });
}

export function useAddFeed() {
  const queryClient = useQueryClient();
  return useMutation({ ...addFeedMutationOptions(), onSuccess: () => refreshFeedLists(queryClient) });
}
