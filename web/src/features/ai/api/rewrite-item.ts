// POST /api/feed-items/:itemId/rewrite {language, model, platform, contentType} (spec §7): 200 with the
// content when the model answers in time, 202 {id, status:'pending'} when a job finishes it; 402 when the
// credits are short, 403 for a blog post on the free plan. The credits are reserved before the model runs
// and refunded on failure, so the balance is refetched whatever happened.
import { type PendingGeneration, type RewriteInput, type RewriteResult, rewritePlatform } from '@contracts/ai';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { generationKeys } from '@/lib/query-keys';
import { invalidateCredits } from './get-credits';

export type RewriteRequest = { itemId: number } & Pick<RewriteInput, 'language' | 'model' | 'platform'>;

export function rewriteItem({ itemId, ...settings }: RewriteRequest): Promise<RewriteResult | PendingGeneration> {
  return client['feed-items'][':itemId'].rewrite
    .$post({
      param: { itemId: String(itemId) },
      json: { ...settings, contentType: rewritePlatform(settings.platform).contentType },
    })
    .then((response) => response.json());
}

export function rewriteItemMutationOptions() {
  return mutationOptions({ mutationKey: ['rewrite'], mutationFn: rewriteItem });
}

type RewriteCallbacks = {
  onSuccess?: (result: RewriteResult | PendingGeneration) => void;
  onError?: (error: Error) => void;
};

/**
 * The callbacks go to the mutation itself, not to mutate(): a rewrite can take a minute, and the person may
 * close the dialog meanwhile; React Query skips mutate() callbacks of unmounted components.
 */
export function useRewriteItem({ onSuccess, onError }: RewriteCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...rewriteItemMutationOptions(),
    onSuccess,
    onError,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: generationKeys.all() }), invalidateCredits(queryClient)]),
  });
}
