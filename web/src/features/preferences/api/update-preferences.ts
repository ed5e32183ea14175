// PATCH /api/preferences (any subset) → the full preferences, with the next delivery recomputed in the
// person's time zone (the server has the browser's zone: the protected layout reports it each session,
// and a new zone moves the delivery itself).
import type { Preferences, PreferencesInput } from '@contracts/ai';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { preferenceKeys } from '@/lib/query-keys';

export type AiPreferencesInput = Pick<
  PreferencesInput,
  'frequency' | 'contentTypes' | 'writingStyle' | 'contentLength' | 'language' | 'aiModel'
>;

export async function updatePreferences(input: AiPreferencesInput): Promise<Preferences> {
  return client.preferences.$patch({ json: input }).then((response) => response.json());
}

export function updatePreferencesMutationOptions() {
  return mutationOptions({ mutationKey: ['preferences', 'update'], mutationFn: updatePreferences });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updatePreferencesMutationOptions(),
    onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.all(), saved),
  });
}
