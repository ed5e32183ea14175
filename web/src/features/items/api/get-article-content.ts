// GET /api/feed-items/{id}/content → {content, extracted}: the full article, extracted from the item's
// page on the server (slow the first time, cached there afterwards). The HTML is sanitised server-side
// and again by DOMPurify before it is rendered.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';

export type ArticleContent = { content: string; extracted: boolean };

export function getArticleContent(itemId: number): Promise<ArticleContent> {
  return api.get<ArticleContent>(`/api/feed-items/${itemId}/content`);
}

export function articleContentQueryOptions(itemId: number) {
  return queryOptions({ queryKey: itemKeys.content(itemId), queryFn: () => getArticleContent(itemId) });
}

export function useArticleContent(itemId: number) {
  return useQuery(articleContentQueryOptions(itemId));
}
