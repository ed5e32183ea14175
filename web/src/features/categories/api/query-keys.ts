// Keys mirror /api/categories/… (see features/feeds/api/query-keys.ts for why): the feeds feature
// refreshes ['categories', 'with-feeds'] by this key after feeds or read marks change.
export const categoryKeys = {
  all: ['categories'] as const,
  list: () => ['categories', 'list'] as const,
  withFeeds: () => ['categories', 'with-feeds'] as const,
  detail: (categoryId: number) => ['categories', 'detail', categoryId] as const,
};
