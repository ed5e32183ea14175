// GET /api/wordpress/sites (spec §3): the person's WordPress sites, the default one flagged.
import type { WordPressSite } from '@contracts/wordpress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { wordpressKeys } from '@/lib/query-keys';

export type { WordPressSite };

export function getWordPressSites(): Promise<WordPressSite[]> {
  return api.get<WordPressSite[]>('/api/wordpress/sites');
}

export function wordpressSitesQueryOptions() {
  return queryOptions({ queryKey: wordpressKeys.sites(), queryFn: getWordPressSites });
}

export function useWordPressSites({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...wordpressSitesQueryOptions(), enabled });
}
