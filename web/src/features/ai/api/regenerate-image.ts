// POST /api/ai-generations/:id/regenerate → the generation with a new image (200), or {id, status:'pending'}
// (202) when the image service is slow and a job finishes it. Either way the cards are refetched.
import type { Generation, PendingGeneration } from '@contracts/ai';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { generationKeys } from '@/lib/query-keys';
import { invalidateCredits } from './get-credits';

export function regenerateImage(generationId: number): Promise<Generation | PendingGeneration> {
  return client['ai-generations'][':generationId'].regenerate
    .$post({ param: { generationId: String(generationId) } })
    .then((response) => response.json());
}

export function regenerateImageMutationOptions() {
  return mutationOptions({ mutationKey: ['ai-generations', 'regenerate'], mutationFn: regenerateImage });
}

export function useRegenerateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    ...regenerateImageMutationOptions(),
    // A new image costs a credit, and a failure may have refunded one: the balance is refetched either way.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: generationKeys.all() }), invalidateCredits(queryClient)]),
  });
}
