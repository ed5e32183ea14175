// Saved searches as the reader apps see them (issue 26): to Google Reader clients each is a label,
// `user/-/label/<name>`, listed by tag/list as a tag, whose stream is the search's matches and which can
// be marked read; it is read-only (items cannot be filed under it, nor the label renamed or deleted from
// the app). A category of the same name keeps the label: the search is then not listed. Fever groups are
// in fever-groups.ts.
import type { SavedSearch } from '../contracts/rules';
import type { PeopleDb } from '../db/client';
import { setItemRead } from '../db/item-row';
import { type ItemQuery, queryItems } from '../db/items';
import type { Reader } from '../db/reader';
import { listSavedSearches } from '../db/rules';
import { ApiError } from '../lib/errors';
import { itemScopeOf, matchFiltersOf } from './preview';

/** What a saved search asks of the reading core: its scope and match, or null once its query no longer parses. */
export type SearchQuery = Pick<ItemQuery, 'scope' | 'match' | 'link'>;

export function searchQueryOf(search: SavedSearch): SearchQuery | null {
  try {
    return { scope: itemScopeOf(search.scope), ...matchFiltersOf(search.query) };
  } catch {
    return null;
  }
}

/** The person's saved searches that are labels: those whose name no category of theirs has. */
export async function savedSearchLabels(db: PeopleDb, userId: number, categoryNames: ReadonlySet<string>) {
  const searches = await listSavedSearches(db, userId);
  const seen = new Set<string>();
  return searches.filter((search) => {
    if (categoryNames.has(search.name) || seen.has(search.name)) return false;
    seen.add(search.name);
    return true;
  });
}

/** The query of the saved search a label names (not a category's), if any. */
export async function savedSearchOfLabel(
  db: PeopleDb,
  userId: number,
  name: string,
  categoryNames: ReadonlySet<string>,
): Promise<SearchQuery | null> {
  if (categoryNames.has(name)) return null;
  const search = (await listSavedSearches(db, userId)).find((one) => one.name === name);
  return search ? searchQueryOf(search) : null;
}

/** Matches marked read by one call, as Google Reader's edit-tag takes at most (greader/actions.ts). */
const MOST_MARKED = 250;

/**
 * A reader app's "mark all as read" on a saved search: its unread matches (the newest MOST_MARKED) that
 * had arrived before `before` (when the app last looked), each read as if opened.
 */
export async function markSearchRead(reader: Reader, search: SearchQuery, before?: number) {
  const { items } = await queryItems(reader, { ...search, state: 'unread', order: 'newest', limit: MOST_MARKED });
  for (const item of items) {
    if (before !== undefined && Date.parse(item.createdAt) >= before) continue;
    try {
      await setItemRead(reader.db, reader.userId, item.id, true);
    } catch (error) {
      // Unfollowed meanwhile: nothing to read.
      if (!(error instanceof ApiError && error.code === 'NOT_FOUND')) throw error;
    }
  }
}
