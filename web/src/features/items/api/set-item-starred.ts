// PATCH /api/feed-items/{id} {isStarred} → {id, isStarred} (issue 14). The star changes at once on
// every list; the Starred list and count are refetched once the server has it.
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';
import { updateCachedItem } from './get-feed-items';

export type SetItemStarredInput = { itemId: number; isStarred: boolean };

export function setItemStarred({ itemId, isStarred }: SetItemStarredInput) {
  return client['feed-items'][':itemId']
    .$patch({ param: { itemId: String(itemId) }, json: { isStarred } })
    .then((response) => response.json());
}

export function setItemStarredMutationOptions() {
  return mutationOptions({ mutationKey: ['feed-items', 'star'], mutationFn: setItemStarred });
}

export function useSetItemStarred() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setItemStarredMutationOptions(),
    onMutate: ({ itemId, isStarred }) => updateCachedItem(queryClient, itemId, { isStarred }),
    onError: (_error, { itemId, isStarred }) => updateCachedItem(queryClient, itemId, { isStarred: !isStarred }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.starredCount() }),
  });
}

/** GET /api/feed-items/starred-count: the sidebar's Starred count. */
export function starredCountQueryOptions() {
  return queryOptions({
    queryKey: itemKeys.starredCount(),
    queryFn: () => client['feed-items']['starred-count'].$get().then((response) => response.json()),
  });
}

export function useStarredCount() {
  return useQuery(starredCountQueryOptions());
}
