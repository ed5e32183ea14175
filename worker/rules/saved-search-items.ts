// A saved search opened as a list (issue 26): its query through the reading core, newest first, like a
// feed's page; and the unread counts the sidebar shows beside each, counted up to MOST_COUNTED.
import type { SavedSearch } from '../contracts/rules';
import { type ItemQuery, itemIds, queryItems } from '../db/items';
import type { Reader } from '../db/reader';
import { itemScopeOf, matchFiltersOf } from './preview';

/** Past this many unread matches the sidebar says "1000+": a count is a search's ids, bounded. */
export const MOST_COUNTED = 1000;

const queryOf = (search: SavedSearch, state: 'all' | 'unread', limit: number, cursor?: string): ItemQuery => ({
  scope: itemScopeOf(search.scope),
  state,
  ...matchFiltersOf(search.query),
  order: 'newest',
  limit,
  cursor,
});

export function savedSearchPage(
  reader: Reader,
  search: SavedSearch,
  page: { filter: 'all' | 'unread'; cursor?: string; limit: number },
) {
  return queryItems(reader, queryOf(search, page.filter, page.limit, page.cursor));
}

/** Each saved search with its unread matches counted (all at once). A query that no longer parses counts 0. */
export async function unreadCountsOf(reader: Reader, searches: SavedSearch[]): Promise<SavedSearch[]> {
  return Promise.all(
    searches.map(async (search) => {
      try {
        const ids = await itemIds(reader, queryOf(search, 'unread', MOST_COUNTED));
        return { ...search, unreadCount: ids.length };
      } catch {
        return { ...search, unreadCount: 0 };
      }
    }),
  );
}
