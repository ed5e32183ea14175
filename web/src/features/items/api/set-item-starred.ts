// PATCH /api/feed-items/{id} {isStarred} → {id, isStarred} (issue 14). The star changes at once on
// every list; the Starred list and count are refetched once the server has it.
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';
import { updateCachedItem } from './get-feed-items';

export type SetItemStarredInput = { itemId: number; isStarred: boolean };

export function setItemStarred({ itemId, isStarred }: SetItemStarredInput) {
  return api.patch<{ id: number; isStarred: boolean }>(`/api/feed-items/${itemId}`, { isStarred });
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
    queryFn: () => api.get<{ count: number }>('/api/feed-items/starred-count'),
  });
}

export function useStarredCount() {
  return useQuery(starredCountQueryOptions());
}
