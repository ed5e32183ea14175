// PATCH /api/feed-items/{id} {isRead} → {id, isRead}. Opening an item marks it read (spec §4); "m" toggles.
// The card changes at once; the sidebar's unread counts are refetched once the server has it.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';
import { updateCachedItem } from './get-feed-items';

export type SetItemReadInput = { itemId: number; isRead: boolean };

export function setItemRead({ itemId, isRead }: SetItemReadInput) {
  return client['feed-items'][':itemId']
    .$patch({ param: { itemId: String(itemId) }, json: { isRead } })
    .then((response) => response.json());
}

export function setItemReadMutationOptions() {
  return mutationOptions({ mutationKey: ['feed-items', 'read'], mutationFn: setItemRead });
}

export function useSetItemRead() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setItemReadMutationOptions(),
    onMutate: ({ itemId, isRead }) => updateCachedItem(queryClient, itemId, { isRead }),
    onError: (_error, { itemId, isRead }) => updateCachedItem(queryClient, itemId, { isRead: !isRead }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.withFeeds() }),
  });
}
