// What any surface may ask of a person's items: one ItemQuery. The REST lists, the Google Reader streams,
// the Fever calls, search, the digest and the export each translate their own protocol into one, and
// the planner (planner.ts) picks the cheap way to read it. Contradictions are refused here, by field.
import { ApiError } from '../../lib/errors';
import type { RankTerm } from '../search';

export type ItemScope =
  | { kind: 'all' }
  | { kind: 'feed'; feedId: number }
  | { kind: 'category'; categoryId: number }
  /** The feeds the person includes in AI content (digests). */
  | { kind: 'ai-feeds' }
  | { kind: 'ids'; ids: number[] };

/** What a search's `link:` terms ask of an item's address: texts it must contain, texts it must not. */
export type LinkFilter = { has: string[]; lacks: string[] };

export type ItemState = 'all' | 'unread' | 'read' | 'starred';

/** By date, by search rank (with `match`), or by id (Fever's paging, `afterId` / `beforeId`). */
export type ItemOrder = 'newest' | 'oldest' | 'relevance' | 'id-ascending' | 'id-descending';

export type ItemQuery = {
  scope: ItemScope;
  state: ItemState;
  /** With state unread or read: only the starred ones among them (Google Reader's it=starred with xt=read). */
  starred?: boolean;
  /** An FTS5 match expression (search/parse-query.ts): only the items that match. */
  match?: string;
  /** By relevance: the search's wanted terms as bm25 may rank them (search/parse-query.ts). */
  rankTerms?: RankTerm[];
  /**
   * A search whose matches can be far sparser than the rows of its words (a phrase, words left out:
   * search/parse-query.ts): a page reads at most db/search.ts SEARCH_WINDOW_ROWS of the person's newest
   * rows past its cursor, and may end short of its limit with a cursor where that window stopped (issue 29).
   * Only for surfaces that follow a cursor past a short or empty page.
   */
  boundedScan?: boolean;
  /**
   * A search oldest first reads its pages in windows of the person's oldest rows by date past its cursor
   * (db/search.ts oldestWindowSql: at most SEARCH_WINDOW_ROWS), and may end short of its limit, or empty,
   * with a cursor where the window ended (issue 29). Only for surfaces that follow a cursor past a short or
   * empty page; a Google Reader `r=o` stream of a saved search reads every match, as one page.
   */
  oldestInWindows?: boolean;
  /** Published in [from, to), epoch ms; null or left out is open. */
  from?: number | null;
  to?: number | null;
  /**
   * Stored (first seen by a refresh) in [storedFrom, storedTo), epoch ms; null or left out is open. Sync
   * clients ask "what came since I last looked" (Google Reader's ot/nt): that is the time an item
   * arrived, not its published date, which may be older than their last sync (issue 32).
   */
  storedFrom?: number | null;
  storedTo?: number | null;
  /** Only items with (true) or without (false) an enclosure. */
  hasEnclosure?: boolean;
  /** Only items whose address contains (or not) these texts: a search's `link:` terms. */
  link?: LinkFilter;
  /**
   * Items a rule hid (issue 26) are left out of every list, count and stream, but not of ids asked by id;
   * true shows them too (search with includeHidden=true).
   */
  includeHidden?: boolean;
  /** Whose hidden items are left out: set by the core from the reader and `includeHidden`, never by a surface. */
  hiddenOf?: number;
  order: ItemOrder;
  /** The previous page's nextCursor: it continues that list only (same state and order). */
  cursor?: string;
  /** Id orders only: ids above this one (ascending) or below it (descending). */
  afterId?: number;
  beforeId?: number;
  limit: number;
  /**
   * The item text a page may hold (lib/response-budget.ts itemChars): the page ends, with a cursor after
   * its last item, once the next would take it past this, and always holds one. For surfaces that build
   * their answer in memory (the reader apps' streams): a page of `limit` items read in one round trip,
   * however large its items turn out to be, and an answer that stays within the budget.
   */
  budgetChars?: number;
  /**
   * What a surface does with a date-ordered page's rows before it answers (issue 24: a grouped list's
   * stories, worker/stories/story-cards.ts), started as soon as the rows are known, beside the marks and
   * stars of rows from other shards: when the page needs those, one round trip for both. Other paths
   * (by id, search, starred) do not call it.
   */
  besideMarks?: (rows: PageRowRef[]) => Promise<unknown>;
  /**
   * Up to this many rows after the page's `limit` that a date-ordered page's windows of time read anyway
   * (a window reads every row in its span; db/items/windows.ts), given after the page's rows at no read
   * more; nextCursor still goes on after the `limit`-th row (cursorAfter goes on after any). For a surface
   * that drops some of the rows it reads (a grouped list's later sources, worker/stories/story-cards.ts).
   */
  readPast?: number;
  /**
   * A grouped list's date-ordered pages (issue 24, worker/stories/story-cards.ts): each row of a story
   * reads, in the page's own statement, the list of the story's items that its first item keeps, where
   * that item is in the statement's database (a row per row of a story), so the page's stories need no
   * lookup after its rows: PageRowRef.storyList.
   */
  storyLists?: boolean;
  /**
   * A grouped search's page (issue 24, story-fold.ts): `limit` counts stories (a row's story_id, else the
   * row), read in one statement of up to FOLD_READ rows per story asked; the page ends before the first row
   * of the story after its `limit`-th, and nextCursor goes on right after its last row.
   */
  foldStories?: boolean;
};

/**
 * A page row as besideMarks sees it: the item, its feed and its story (null while it is its own); with
 * ItemQuery.storyLists, the story's list (JSON text of [feed, item, arrival] entries: all of the story the
 * list's feeds can show), null when the statement found the first item without one, undefined when the
 * statement could not read it (the first item in another database).
 */
export type PageRowRef = { id: number; feedId: number; storyId: number | null; storyList?: string | null };

/** The most items one query gives (the export's starred items, Fever's unread ids); surfaces set their own, lower. */
export const MAX_ITEMS = 10_000;

const refuse = (message: string) => new ApiError('BAD_REQUEST', message);

/** Refuses a query whose fields contradict each other, naming the field. */
export function checkQuery(query: ItemQuery, most = MAX_ITEMS) {
  if (!Number.isSafeInteger(query.limit) || query.limit < 1 || query.limit > most)
    throw refuse(`limit must be 1 to ${most}`);
  if (query.order === 'relevance' && query.match === undefined) throw refuse('Sorting by relevance needs a search');
  const byId = query.order === 'id-ascending' || query.order === 'id-descending';
  if (byId && (query.match !== undefined || query.cursor !== undefined))
    throw refuse('Paging by id takes afterId or beforeId, not a search or a cursor');
  if (!byId && (query.afterId !== undefined || query.beforeId !== undefined))
    throw refuse('afterId and beforeId page by id only');
  if (query.match !== undefined && (query.storedFrom != null || query.storedTo != null))
    throw refuse('storedFrom and storedTo do not combine with a search');
  if (query.starred && query.state !== 'unread' && query.state !== 'read')
    throw refuse('starred narrows state unread or read only');
  if (query.budgetChars !== undefined && (byId || query.scope.kind === 'ids'))
    throw refuse('budgetChars ends a page with a cursor: not with ids or paging by id');
}

/**
 * What a cursor says: which list it continues, and where that list's last page ended; for a bounded search
 * by date, the id below which its scan goes on (`scanBelow`: every match above it was shown).
 */
export type CursorPosition = { key: number; id: number; spanMs?: number; scanBelow?: number };

/** The list a cursor belongs to: its state (and star), order and whether it searched. */
const listOf = (query: ItemQuery) =>
  `${query.state}${query.starred ? '+starred' : ''}:${query.order}:${query.match === undefined ? 'list' : 'search'}`;

/** The next page's cursor: the last row's key (date, or rank by relevance) and id, and the time span it needed. */
export function encodeCursor(query: ItemQuery, position: CursorPosition) {
  const span = position.spanMs === undefined ? '' : `:${Math.round(position.spanMs)}`;
  const scan = position.scanBelow === undefined ? '' : `${span === '' ? ':' : ''}:${position.scanBelow}`;
  return btoa(`${listOf(query)}:${position.key}:${position.id}${span}${scan}`);
}

/** The position a cursor gives, when it belongs to this query's list; else a 400 naming the cursor. */
export function decodeCursor(query: ItemQuery): CursorPosition | null {
  if (query.cursor === undefined) return null;
  let text = '';
  try {
    text = atob(query.cursor);
  } catch {}
  const list = listOf(query);
  if (!text.startsWith(`${list}:`)) {
    // A cursor of this core for another list (another state, order or a search) is a contradiction.
    if (/^[a-z+]+:[a-z-]+:(list|search):/.test(text)) throw refuse('Invalid cursor: it continues another list');
    throw refuse('Invalid cursor');
  }
  const [key, id, span, scan] = text
    .slice(list.length + 1)
    .split(':')
    .map(Number);
  if (!Number.isFinite(key) || !Number.isSafeInteger(id)) throw refuse('Invalid cursor');
  if (scan !== undefined && !(Number.isSafeInteger(scan) && scan > 0)) throw refuse('Invalid cursor');
  const position: CursorPosition = {
    key: key as number,
    id: id as number,
    spanMs: span && span > 0 ? span : undefined,
  };
  if (scan !== undefined) position.scanBelow = scan;
  return position;
}
