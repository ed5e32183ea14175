// Item keys (see features/feeds/api/query-keys.ts for why keys mirror the API): the item lists, one item,
// the Starred count and an article's fetched content.
export const feedItemKeys = {
  lists: () => ['feed-items', 'list'] as const,
  detail: (itemId: number) => ['feed-items', 'detail', itemId] as const,
  starredCount: () => ['feed-items', 'starred-count'] as const,
  content: (itemId: number) => ['feed-items', 'content', itemId] as const,
};
