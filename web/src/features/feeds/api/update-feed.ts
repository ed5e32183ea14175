// PATCH /api/feeds/{id} {name?, categoryId?, includeInAi?, fullArticle?} → the feed as its page shows it. What a person
// sets on a feed lives on their subscription; the lists, the sidebar and the page refresh afterwards.
import type { FeedDetail } from '@contracts/feeds';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { refreshFeedLists } from '@/lib/query-keys';

export type UpdateFeedInput = {
  feedId: number;
  name: string;
  categoryId: number | null;
  includeInAi: boolean;
  fullArticle: boolean;
};

export function updateFeed({ feedId, ...changes }: UpdateFeedInput): Promise<FeedDetail> {
  return client.feeds[':feedId']
    .$patch({ param: { feedId: String(feedId) }, json: changes })
    .then((response) => response.json());
}

export function updateFeedMutationOptions() {
  return mutationOptions({ mutationKey: ['feeds', 'update'], mutationFn: updateFeed });
}

export function useUpdateFeed() {
  const queryClient = useQueryClient();
  return useMutation({ ...updateFeedMutationOptions(), onSuccess: () => refreshFeedLists(queryClient) });
}
