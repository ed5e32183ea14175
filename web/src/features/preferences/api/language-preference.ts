// The language of summaries, chosen on the feed and category pages (spec §4 "Language choice"):
// initialised from GET /api/preferences (`language`) and saved at once with PATCH
// /api/preferences/language; then the preferences (shared with the preferences page) are refreshed.
import { DEFAULT_LANGUAGE, type Language, type Preferences } from '@contracts/ai';
import { mutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { preferenceKeys } from '@/lib/query-keys';
import { preferencesQueryOptions } from './get-preferences';

/** The saved language, or the default while preferences load (or when they cannot). */
export function useLanguagePreference(): Language {
  const { data } = useQuery(preferencesQueryOptions());
  return data?.language ?? DEFAULT_LANGUAGE;
}

export function updateLanguage(language: Language): Promise<Preferences> {
  return client.preferences.language.$patch({ json: { language } }).then((response) => response.json());
}

export function updateLanguageMutationOptions() {
  return mutationOptions({ mutationKey: ['preferences', 'language'], mutationFn: updateLanguage });
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateLanguageMutationOptions(),
    // Shown at once; put back by the refetch if the save fails.
    onMutate: (language) => {
      queryClient.setQueryData<Preferences>(preferenceKeys.all(), (current) => current && { ...current, language });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferenceKeys.all() }),
  });
}
