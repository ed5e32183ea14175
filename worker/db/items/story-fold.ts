// A grouped search's page (issue 24, worker/stories/story-cards.ts readSearchCards): `limit` counts stories,
// not rows, and the page is read in one round trip. Each story shows at its first source among the rows
// read, so a page that read only `limit` rows could fold into fewer cards and read on, a round trip each.
// Instead the page's one statement reads up to FOLD_READ rows per card asked, and the page ends right
// before the first row of the story after its `limit`-th: its cursor goes on after the last row it keeps,
// so the next page starts with that story. A story whose rows all fall within the rows read is on one page
// only; pages stay full while a page's stories have at most FOLD_READ rows each among the results (three
// outlets telling each story; more than that, the page holds fewer cards and its cursor goes on).
import type { ItemQuery } from './query';

/**
 * Rows read per card asked. A row read and not shown (past the page's last story) costs a row: a search of
 * no stories reads three times its rows, which keeps a page within 5 rows read per row shown.
 */
export const FOLD_READ = 3;

/** The rows a page asks its statement for, besides the one that says more follow. */
export const rowsAsked = (query: Pick<ItemQuery, 'limit' | 'foldStories'>) =>
  query.foldStories ? query.limit * FOLD_READ : query.limit;

/**
 * How many of the rows read (in the page's order, up to rowsAsked + 1) the page shows: the first `limit`,
 * or, folding stories, those before the first row of its (limit + 1)-th story (a row's story is its
 * story_id, else itself), and never the row past those asked.
 */
export function rowsShown(
  rows: { id: number; story_id: number | null }[],
  query: Pick<ItemQuery, 'limit' | 'foldStories'>,
) {
  const asked = rowsAsked(query);
  if (!query.foldStories) return Math.min(rows.length, asked);
  const stories = new Set<number>();
  for (const [n, row] of rows.entries()) {
    const story = row.story_id ?? row.id;
    if (stories.has(story)) continue;
    if (stories.size === query.limit) return n;
    stories.add(story);
  }
  return Math.min(rows.length, asked);
}
