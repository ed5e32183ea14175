// GET /api/preferences/has-api-keys → {openrouter, replicate}: whether real AI text and images are
// configured (otherwise the offline model writes and there are no images). Its own key, so saving
// preferences (which invalidates ['preferences']) does not ask again.
import type { HasApiKeys } from '@contracts/ai';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { preferenceKeys } from '@/lib/query-keys';

export function getApiKeys(): Promise<HasApiKeys> {
  return client.preferences['has-api-keys'].$get().then((response) => response.json());
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: preferenceKeys.apiKeys(), queryFn: getApiKeys });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
