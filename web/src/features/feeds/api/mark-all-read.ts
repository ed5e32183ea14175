// POST /api/feed-items/mark-read {feedId | categoryId | all: true} → {marked}.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ItemScope } from './get-feed-items';
import { categoriesWithFeedsKey, feedItemKeys } from './query-keys';

export function markAllRead(scope: ItemScope): Promise<{ marked: number }> {
  const body = 'feedId' in scope || 'categoryId' in scope ? scope : { all: true };
  return api.post<{ marked: number }>('/api/feed-items/mark-read', body);
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
        queryClient.invalidateQueries({ queryKey: feedItemKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: categoriesWithFeedsKey }),
      ]),
  });
}
