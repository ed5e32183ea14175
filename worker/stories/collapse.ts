// One row per story in a list (issue 24): the items of a page that belong to one story become one row,
// the item that arrived first, with the others as `alsoIn` and the story's size the number of the person's
// items shown in it. The row stands where the story's first item in the list's order stood, so a story
// with a new source is still where its newest source would be in a newest-first list. A feed's own page
// and threads=false do not collapse (the route decides).
import type { FeedItem, StorySource } from '../contracts/feeds';

/** A story's items in the order they arrived: its first item is its card. */
export const arrivedFirst = (a: FeedItem, b: FeedItem) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/** An item as one of a story's other sources on its card (`alsoIn`). */
export const asSource = (item: FeedItem): StorySource => ({
  id: item.id,
  feedId: item.feedId,
  source: item.source,
  title: item.title,
  link: item.link,
  pubDate: item.pubDate,
  isRead: item.isRead,
});

/** The list with each story's items folded into one row (list order kept for the rows). */
export function collapseStories<T extends FeedItem>(items: T[]): T[] {
  const members = new Map<number, T[]>();
  for (const item of items) {
    const group = members.get(item.story.id);
    if (group) group.push(item);
    else members.set(item.story.id, [item]);
  }
  const rows: T[] = [];
  for (const group of members.values()) {
    const [head, ...others] = [...group].sort(arrivedFirst);
    if (!head) continue;
    rows.push(
      others.length === 0
        ? head
        : {
            ...head,
            story: {
              id: head.story.id,
              size: group.length,
              newSources: head.isRead ? others.filter((other) => !other.isRead).length : 0,
            },
            alsoIn: others.map(asSource),
          },
    );
  }
  return rows;
}

/** Every item its own row, each saying how many of the list's items share its story. */
export function countStories<T extends FeedItem>(items: T[]): T[] {
  const sizes = new Map<number, number>();
  for (const item of items) sizes.set(item.story.id, (sizes.get(item.story.id) ?? 0) + 1);
  return items.map((item) => ({ ...item, story: { id: item.story.id, size: sizes.get(item.story.id) ?? 1 } }));
}

/**
 * The items as the API shows them: without the core's inStory mark. Only an item that has one is copied
 * (a rest pattern copies property by property, in V8's runtime): most items are their own story.
 */
export function withoutStoryMarks<T extends FeedItem>(items: T[]): T[] {
  return items.map((item) => {
    if (item.inStory === undefined) return item;
    const { inStory: _, ...shown } = item;
    return shown as T;
  });
}

/**
 * A feed's own page: each item of a story says how many of the person's feeds carry the story (given
 * which feeds carry which stories), so that the web app can say "also in 2 feeds".
 */
export function sizeFromFeeds<T extends FeedItem>(
  items: T[],
  carriers: { storyId: number; feedId: number }[],
  followed: Set<number>,
): T[] {
  const feedsOf = new Map<number, Set<number>>();
  for (const { storyId, feedId } of carriers) {
    if (!followed.has(feedId)) continue;
    const feeds = feedsOf.get(storyId) ?? new Set<number>();
    feeds.add(feedId);
    feedsOf.set(storyId, feeds);
  }
  return items.map((item) => {
    const size = feedsOf.get(item.story.id)?.size ?? 1;
    return size > item.story.size ? { ...item, story: { id: item.story.id, size } } : item;
  });
}
