// POST /api/feed-items/mark-read {feedId | categoryId | all: true, before?} → {marked}. `before` keeps
// newer items unread ("older than a day / a week").
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys, itemKeys } from '@/lib/query-keys';
import type { ItemScope } from './get-feed-items';

export type MarkAllReadInput = { scope: ItemScope; before?: Date };

export function markAllRead({ scope, before }: MarkAllReadInput): Promise<{ marked: number }> {
  const target = 'feedId' in scope || 'categoryId' in scope ? scope : { all: true as const };
  return client['feed-items']['mark-read']
    .$post({ json: { ...target, ...(before ? { before: before.toISOString() } : {}) } })
    .then((response) => response.json());
}

export function markAllReadMutationOptions() {
  return mutationOptions({ mutationKey: ['feed-items', 'mark-read'], mutationFn: markAllRead });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    ...markAllReadMutationOptions(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: categoryKeys.withFeeds() }),
      ]),
  });
}
