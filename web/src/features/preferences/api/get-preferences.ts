// GET /api/preferences (spec §3, §7): the AI preferences, the email settings and the next delivery. The key
// is exactly ['preferences']: the feed and category pages read the language from the same cache entry.
import type { Preferences } from '@contracts/ai';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { preferenceKeys } from '@/lib/query-keys';

export function getPreferences(): Promise<Preferences> {
  return client.preferences.$get().then((response) => response.json());
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: preferenceKeys.all(), queryFn: getPreferences });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
