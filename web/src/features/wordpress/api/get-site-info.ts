// GET /api/wordpress/sites/:siteId/info (spec §3): the site's post categories, read from its REST API.
import type { WordPressSiteInfo } from '@contracts/wordpress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { wordpressKeys } from '@/lib/query-keys';

export type WordPressCategory = WordPressSiteInfo['categories'][number];

export function getWordPressSiteInfo(siteId: number): Promise<WordPressSiteInfo> {
  return client.wordpress.sites[':siteId'].info
    .$get({ param: { siteId: String(siteId) } })
    .then((response) => response.json());
}

export function wordpressSiteInfoQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: wordpressKeys.siteInfo(siteId),
    queryFn: () => getWordPressSiteInfo(siteId),
  });
}

export function useWordPressSiteInfo(siteId: number | undefined) {
  return useQuery({
    ...wordpressSiteInfoQueryOptions(siteId ?? 0),
    enabled: siteId !== undefined,
  });
}
