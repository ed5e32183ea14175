// What a response built in memory may hold (issue 29). Limits used to count items, not bytes, and an
// item's content may be 200,000 characters (feeds/parse/limits.ts): 1,000 items of a Google Reader
// stream came to about 200 MB, in a Worker of 128 MB. A page now ends, with the protocol's
// continuation, once the next item would take it past PAGE_BUDGET_CHARS of item text: its items are read
// at most MOST_PER_READ at a time and cut to what is left of the budget, with a cursor after the last
// one kept (db/items ItemQuery.budgetChars). So an answer holds the budget plus one item at most (about
// 6 MB), one read holds 80 × 0.2 M = 16 M characters at most while it is cut, whatever `n` asks for,
// and a page of up to 80 items is one round trip.
// Measured per route in worker/routes/response-budget.test.ts.
import type { FeedItem } from '../contracts/feeds';

/** The item text a page gathers before it ends with a continuation: 6 M characters (4–8 MB as JSON). */
export const PAGE_BUDGET_CHARS = 6_000_000;

/**
 * Items one read of a page takes at most: 80 at the content cap are 16 M characters, read and then cut
 * to the budget (db/items ItemQuery.budgetChars), so a page of up to 80 items is one round trip.
 */
export const MOST_PER_READ = 80;

/**
 * Items read and sent at a time where the protocol has no continuation (stream/items/contents): 25 at
 * the content cap are 5 M characters, the most such an answer holds at once.
 */
export const ITEMS_PER_READ = 25;

/** A rendered item's fields besides its texts (ids, dates, links, the feed's name): generous. */
const ITEM_OVERHEAD_CHARS = 2_000;

/** What an item costs a page: its texts, as the renderers write them, and the rest. */
export function itemChars(item: Pick<FeedItem, 'title' | 'description' | 'content' | 'author' | 'link'>): number {
  return (
    item.title.length +
    (item.description?.length ?? 0) +
    (item.content?.length ?? 0) +
    (item.author?.length ?? 0) +
    (item.link?.length ?? 0) +
    ITEM_OVERHEAD_CHARS
  );
}

/** How many of the first `items` (in the page's order) fit `budget` characters: at least one. */
export function countWithin(items: Parameters<typeof itemChars>[0][], budget = PAGE_BUDGET_CHARS): number {
  let chars = 0;
  let kept = 0;
  for (const item of items) {
    chars += itemChars(item);
    if (kept > 0 && chars > budget) break;
    kept++;
  }
  return kept;
}

/**
 * The first of `items` that fit PAGE_BUDGET_CHARS, at least one: for protocols whose client continues
 * from the last item it got (Fever's since_id and max_id).
 */
export function withinPageBudget<T extends Parameters<typeof itemChars>[0]>(items: T[]): T[] {
  return items.slice(0, countWithin(items));
}
