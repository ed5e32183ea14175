// "Always fetch the full article" (issue 27 §4): the items of the feeds a person reads that way carry
// the page's extracted article instead of the feed's teaser, in the web app's lists and in the reader
// apps. The article is extracted once per item, by full-article.ts (the extractor, the fetcher with its
// caps, the stored result and the remembered failure that the article dialog uses), and stored on the
// item, so everyone who asks shares it. An item not tried yet is fetched after the answer, at most
// FULL_ARTICLES_PER_REQUEST a request, and shows the feed's text until then ('pending'); one whose page
// could not be read keeps the feed's text and says so ('failed').
// People without the option pay no statement for it: their reading list, which the lists read anyway,
// says so first.
import type { FeedItem } from '../contracts/feeds';
import { articleSources } from '../db/item-row';
import type { Reader } from '../db/reader';
import type { Services } from '../services';
import { type ArticleSource, readFullArticle } from './full-article';

/** How many article pages one list request may have fetched, after its answer. */
export const FULL_ARTICLES_PER_REQUEST = 5;

type Schedule = (work: Promise<unknown>) => void;

/** The feeds this person reads with the full article. */
async function fullArticleFeeds(reader: Reader): Promise<Set<number>> {
  const list = await reader.readingList();
  return new Set(list.subscriptions.filter((row) => row[5] === 1).map(([feedId]) => feedId));
}

/**
 * These items as the person reads them: those of their full-article feeds with the article as content
 * and `fullArticle` saying where it stands; the pages not tried yet are fetched through `schedule`
 * (the request's waitUntil), so the answer does not wait for them.
 */
export async function withFullArticles(
  services: Pick<Services, 'db' | 'fetcher'>,
  reader: Reader,
  items: FeedItem[],
  schedule: Schedule,
): Promise<FeedItem[]> {
  if (items.length === 0) return items;
  const feeds = await fullArticleFeeds(reader);
  const wanted = items.filter((item) => feeds.has(item.feedId)).map((item) => item.id);
  if (wanted.length === 0) return items;
  const rows = await articleSources(services.db, wanted);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const toFetch: ArticleSource[] = [];
  const result = items.map((item): FeedItem => {
    const row = byId.get(item.id);
    if (!row) return item;
    if (row.articleContent) return { ...item, content: row.articleContent, fullArticle: 'extracted' };
    if (row.articleFetchedAt !== null || !row.link) return { ...item, fullArticle: 'failed' };
    if (toFetch.length < FULL_ARTICLES_PER_REQUEST) toFetch.push(row);
    return { ...item, fullArticle: 'pending' };
  });
  if (toFetch.length > 0) schedule(fetchInTurn(services, toFetch));
  return result;
}

/** One page after another: a list of a busy site's items must not hit it five times at once. */
async function fetchInTurn(services: Pick<Services, 'db' | 'fetcher'>, sources: ArticleSource[]) {
  for (const source of sources) await readFullArticle(services, source);
}
