// An item's full article, for reading: the page its link points to, fetched and reduced to the article
// (extract.ts). A success is stored with the item and served from there. A failure (the site is down,
// answers an error, or the page holds no article) is remembered too, and for ARTICLE_RETRY_MS the item
// shows the feed's own content without fetching the page again: opening an item over and over must not
// make us fetch a failing site over and over (issue 10 L3).
import { recordArticleFailure, saveArticleContent } from '../db/item-row';
import type { UrlFetcher } from '../net/fetcher';
import type { Services } from '../services';
import { extractArticle } from './extract';

export const ARTICLE_RETRY_MS = 6 * 60 * 60 * 1000;

export type ArticleSource = {
  id: number;
  link: string | null;
  content: string | null;
  description: string | null;
  articleContent: string | null;
  articleFetchedAt: Date | null;
};

export type FullArticle = { content: string; extracted: boolean };

export async function readFullArticle(
  { db, fetcher }: Pick<Services, 'db' | 'fetcher'>,
  item: ArticleSource,
  now = Date.now(),
): Promise<FullArticle> {
  if (item.articleContent) return { content: item.articleContent, extracted: true };
  const feedContent: FullArticle = { content: item.content ?? item.description ?? '', extracted: false };
  const failedLately = item.articleFetchedAt !== null && now - item.articleFetchedAt.getTime() < ARTICLE_RETRY_MS;
  if (!item.link || failedLately) return feedContent;
  const article = await fetchArticle(item.link, fetcher);
  if (!article) {
    await recordArticleFailure(db, item.id, new Date(now));
    return feedContent;
  }
  await saveArticleContent(db, item.id, article, new Date(now));
  return { content: article, extracted: true };
}

/** The article's sanitised HTML, or null when the page cannot be fetched or holds no article. */
async function fetchArticle(link: string, fetcher: UrlFetcher): Promise<string | null> {
  try {
    const response = await fetcher.fetch(link, { accept: 'text/html' });
    if (response.status >= 400) return null;
    return extractArticle(new TextDecoder().decode(response.body), response.url)?.content ?? null;
  } catch {
    return null;
  }
}
