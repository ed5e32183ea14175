// PATCH /api/preferences (any subset) → the full preferences, with the next delivery recomputed in the
// person's time zone. The zone is the browser's (issue 4), so it is reported first (PATCH /api/users/me);
// a failure there leaves the zone the server already has and does not stop the save.
import type { Preferences, PreferencesInput } from '@contracts/ai';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { preferencesQueryKey } from './get-preferences';

export type AiPreferencesInput = Pick<
  PreferencesInput,
  'frequency' | 'contentTypes' | 'writingStyle' | 'contentLength' | 'language' | 'aiModel'
>;

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export async function updatePreferences(input: AiPreferencesInput): Promise<Preferences> {
  const timezone = browserTimeZone();
  if (timezone) await api.patch('/api/users/me', { timezone }).catch(() => undefined);
  return api.patch<Preferences>('/api/preferences', input);
}

export function updatePreferencesMutationOptions() {
  return mutationOptions({ mutationKey: ['preferences', 'update'], mutationFn: updatePreferences });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updatePreferencesMutationOptions(),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
}
