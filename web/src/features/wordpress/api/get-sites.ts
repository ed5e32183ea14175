// GET /api/wordpress/sites (spec §3): the person's WordPress sites, the default one flagged.
import type { WordPressSite } from '@contracts/wordpress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { wordpressKeys } from '@/lib/query-keys';

export type { WordPressSite };

export function getWordPressSites(): Promise<WordPressSite[]> {
  return client.wordpress.sites.$get().then((response) => response.json());
}

export function wordpressSitesQueryOptions() {
  return queryOptions({ queryKey: wordpressKeys.sites(), queryFn: getWordPressSites });
}

export function useWordPressSites({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...wordpressSitesQueryOptions(), enabled });
}
