// POST /api/ai-generations/digest → 202 {message}: builds a digest now ("Send me a digest now"); 429
// {message} after three in a day. The new generations appear on /ai-generated, whose list is refreshed.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { generationKeys } from '@/lib/query-keys';

export function sendDigestNow(): Promise<{ message: string }> {
  return client['ai-generations'].digest.$post().then((response) => response.json());
}

export function sendDigestNowMutationOptions() {
  return mutationOptions({ mutationKey: ['preferences', 'digest-now'], mutationFn: sendDigestNow });
}

export function useSendDigestNow() {
  const queryClient = useQueryClient();
  return useMutation({
    ...sendDigestNowMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: generationKeys.all() }),
  });
}
