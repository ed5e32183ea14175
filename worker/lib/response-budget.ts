// What a response built in memory may hold (issue 29). Limits used to count items, not bytes, and an
// item's content may be 200,000 characters (feeds/parse/limits.ts): 1,000 items of a Google Reader
// stream came to about 200 MB, in a Worker of 128 MB. A page now ends, with the protocol's
// continuation, once it holds PAGE_BUDGET_CHARS of item text, and its items are read a few at a time,
// each read sized from the largest item seen so far and never more than MOST_PER_READ: a page of items
// at the content cap stops just past the budget (about 6 MB); the worst mix (small items, then large
// ones) holds the budget plus one read, 6 M + 80 × 0.2 M ≈ 22 M characters, whatever `n` asks for.
// Measured per route in worker/routes/response-budget.test.ts.
import type { FeedItem } from '../contracts/feeds';

/** The item text a page gathers before it ends with a continuation: 6 M characters (4–8 MB as JSON). */
export const PAGE_BUDGET_CHARS = 6_000_000;

/** The first read of a page: 25 items at the content cap are 5 M characters, under the budget. */
export const FIRST_READ = 25;

/** Items read at once at most: 80 at the content cap are 16 M characters. */
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

/**
 * The first of `items` (in the page's order) that fit PAGE_BUDGET_CHARS, at least one: for protocols
 * whose client continues from the last item it got (Fever's since_id and max_id).
 */
export function withinPageBudget<T extends Parameters<typeof itemChars>[0]>(items: T[]): T[] {
  let chars = 0;
  const kept: T[] = [];
  for (const item of items) {
    chars += itemChars(item);
    if (kept.length > 0 && chars > PAGE_BUDGET_CHARS) break;
    kept.push(item);
  }
  return kept;
}

/**
 * How many items the next read of a page may take: a first read of FIRST_READ, then as many as the
 * budget's rest holds at the largest item seen so far, at least one and at most MOST_PER_READ.
 */
export function nextReadSize(read: { items: number; chars: number; largest: number }, wanted: number): number {
  if (read.items === 0) return Math.min(wanted, FIRST_READ);
  const fit = Math.floor((PAGE_BUDGET_CHARS - read.chars) / Math.max(read.largest, 1));
  return Math.min(wanted, MOST_PER_READ, Math.max(1, fit));
}
