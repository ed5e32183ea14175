// Pages of a person's items as the web app's list asks for them, through the reading core (db/items):
// for tests that measure a list page below the route (its rows read, its query plan, its statements).
import type { DateFilter } from '../contracts/feeds';
import type { PeopleDb } from '../db/client';
import { type ItemQuery, queryItems } from '../db/items';
import { createReader, type PageSpans } from '../db/reader';
import type { UsersRowCopy } from '../db/reading-list';
import { dateRange } from '../lib/date-range';
import { searchFeedItems } from '../search/search-items';

export type ListPage = {
  feedId?: number;
  categoryId?: number;
  filter?: 'all' | 'unread' | 'read' | 'starred';
  sort?: 'newest' | 'oldest';
  dateFilter?: DateFilter;
  hasEnclosure?: boolean;
  cursor?: string;
  limit?: number;
  /** The person's remembered spans (their users row), as the session hands them on. */
  pageSpans?: PageSpans;
  /** The reading list copy as the session has it. */
  readingList?: UsersRowCopy;
};

/** The ItemQuery the REST list makes of these fields. */
export function itemQueryOf(page: ListPage, timeZone = 'UTC'): ItemQuery {
  const [from, to] = dateRange(page.dateFilter ?? 'none', timeZone);
  return {
    scope:
      page.feedId !== undefined
        ? { kind: 'feed', feedId: page.feedId }
        : page.categoryId !== undefined
          ? { kind: 'category', categoryId: page.categoryId }
          : { kind: 'all' },
    state: page.filter ?? 'all',
    order: page.sort ?? 'newest',
    from,
    to,
    hasEnclosure: page.hasEnclosure,
    cursor: page.cursor,
    limit: page.limit ?? 30,
  };
}

/** One page of the list, read for this person as a request would. */
export function listPage(db: PeopleDb, userId: number, timeZone: string, page: ListPage) {
  const reader = createReader(
    db,
    { id: userId, timezone: timeZone },
    { copy: page.readingList, pageSpans: page.pageSpans },
  );
  return queryItems(reader, itemQueryOf(page, timeZone));
}

export type SearchPageQuery = Omit<ListPage, 'sort'> & { search: string; sort?: 'newest' | 'oldest' | 'relevance' };

/** One page of a search, read for this person as GET /api/feed-items?search=… would. */
export function searchPage(db: PeopleDb, userId: number, timeZone: string, page: SearchPageQuery) {
  const reader = createReader(db, { id: userId, timezone: timeZone }, { copy: page.readingList });
  const { sort, ...rest } = page;
  return searchFeedItems(reader, { ...itemQueryOf(rest, timeZone), order: sort ?? 'newest', search: page.search });
}
