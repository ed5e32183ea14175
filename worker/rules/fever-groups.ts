// Saved searches as Fever groups (issue 26), read-only. A Fever group is a set of feeds (the API has no
// other way to gather items), so a saved search is a group of the feeds that hold its unread matches: the
// app shows where the search found something new. Marking the group read reads the matches themselves,
// not the feeds. Group ids are SEARCH_GROUP_BASE + the search's id, apart from the categories' (small
// counters in the person's database) and below 2^31, for apps that keep ids in 32 bits.
import type { SavedSearch } from '../contracts/rules';
import { queryItems } from '../db/items';
import type { Reader } from '../db/reader';
import { listSavedSearches } from '../db/rules';
import { type SearchQuery, searchQueryOf } from './reader-labels';

export const SEARCH_GROUP_BASE = 1_000_000_000;

/** Unread matches looked at per search to find its feeds: a group names feeds, not every match. */
const MATCHES_LOOKED_AT = 200;

export const isSearchGroup = (groupId: number) => groupId > SEARCH_GROUP_BASE;

/** Fever's groups and feeds_groups entries for the person's saved searches (one search each, at once). */
export async function savedSearchGroups(reader: Reader) {
  const searches = await listSavedSearches(reader.db, reader.userId);
  const feedsOf = async (search: SavedSearch) => {
    const query = searchQueryOf(search);
    if (!query) return [];
    const { items } = await queryItems(reader, {
      ...query,
      state: 'unread',
      order: 'newest',
      limit: MATCHES_LOOKED_AT,
    });
    return [...new Set(items.map((item) => item.feedId))].sort((a, b) => a - b);
  };
  const feeds = await Promise.all(searches.map(feedsOf));
  return {
    groups: searches.map((search) => ({ id: SEARCH_GROUP_BASE + search.id, title: search.name })),
    feeds_groups: searches.map((search, index) => ({
      group_id: SEARCH_GROUP_BASE + search.id,
      feedIds: feeds[index] ?? [],
    })),
  };
}

/** The query of the saved search a Fever group id names, if it is one of the person's. */
export async function savedSearchOfGroup(reader: Reader, groupId: number): Promise<SearchQuery | null> {
  const search = (await listSavedSearches(reader.db, reader.userId)).find(
    (one) => SEARCH_GROUP_BASE + one.id === groupId,
  );
  return search ? searchQueryOf(search) : null;
}
