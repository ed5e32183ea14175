// GET /api/feed-items/{id}/content → {content, extracted}: the full article, extracted from the item's
// page on the server (slow the first time, cached there afterwards). The HTML is sanitised server-side
// and again by DOMPurify before it is rendered.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';

export type ArticleContent = { content: string; extracted: boolean };

export async function getArticleContent(itemId: number): Promise<ArticleContent> {
  const response = await client['feed-items'][':itemId'].content.$get({ param: { itemId: String(itemId) } });
  const article: ArticleContent = await response.json();
  return article;
}

export function articleContentQueryOptions(itemId: number) {
  return queryOptions({ queryKey: itemKeys.content(itemId), queryFn: () => getArticleContent(itemId) });
}

export function useArticleContent(itemId: number) {
  return useQuery(articleContentQueryOptions(itemId));
}
