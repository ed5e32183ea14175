// Every TanStack Query key the SPA uses, one factory per API resource. Keys mirror the paths they cache
// (['feeds', …] is /api/feeds/…, ['feed-items', …] is /api/feed-items/…, ['users', 'me'] is
// /api/users/me), and they live here, in the shared layer, because features refresh resources that other
// features show without importing one another (spec §7: "after changes, these caches are refreshed"):
// following a feed refreshes the sidebar's categories, a rewrite refreshes the signed-in user's credits.
// Each feature's api/ builds its query options from these factories; no key is typed anywhere else.
import type { QueryClient } from '@tanstack/react-query';

export const userKeys = {
  /** The signed-in user, or null when signed out (GET /api/auth/me). */
  current: () => ['users', 'me'] as const,
  appPasswords: () => ['users', 'me', 'app-passwords'] as const,
  /** The person's finished exports of their data (GET /api/users/me/exports). */
  exports: () => ['users', 'me', 'exports'] as const,
};

export const authKeys = {
  confirmEmail: (token: string) => ['auth', 'confirm-email', token] as const,
  verifyEmail: (token: string, switchAccount: boolean) => ['auth', 'verify', token, switchAccount] as const,
};

export const feedKeys = {
  all: () => ['feeds'] as const,
  list: () => ['feeds', 'list'] as const,
  count: () => ['feeds', 'count'] as const,
  detail: (feedId: number) => ['feeds', 'detail', feedId] as const,
  preview: (url: string) => ['feeds', 'preview', url] as const,
};

export const itemKeys = {
  lists: () => ['feed-items', 'list'] as const,
  /** One list: its scope, filters and order (features/items defines the shape). */
  list: <Params extends object>(params: Params) => ['feed-items', 'list', params] as const,
  detail: (itemId: number) => ['feed-items', 'detail', itemId] as const,
  starredCount: () => ['feed-items', 'starred-count'] as const,
  content: (itemId: number) => ['feed-items', 'content', itemId] as const,
};

/** Rules, their live preview, mute words and saved searches (issue 26). */
export const ruleKeys = {
  all: () => ['rules'] as const,
  list: () => ['rules', 'list'] as const,
  preview: (scope: unknown, match: string) => ['rules', 'preview', scope, match] as const,
  muteWords: () => ['preferences', 'mute-words'] as const,
  savedSearches: () => ['saved-searches'] as const,
};

export const categoryKeys = {
  all: () => ['categories'] as const,
  list: () => ['categories', 'list'] as const,
  /** The sidebar's categories with their feeds and unread counts. */
  withFeeds: () => ['categories', 'with-feeds'] as const,
  /**
   * My Feed's unread count in stories (GET /api/feed-items/unread-count), kept under the sidebar's key so
   * that whatever refreshes the sidebar's counts (a read mark, a new feed, mark all read) refreshes it too.
   */
  myFeedUnread: () => ['categories', 'with-feeds', 'my-feed-unread'] as const,
  detail: (categoryId: number) => ['categories', 'detail', categoryId] as const,
};

export const opmlKeys = {
  import: (importId: number) => ['opml', 'imports', importId] as const,
};

export const preferenceKeys = {
  all: () => ['preferences'] as const,
  /** Whether the server has AI and image keys (GET /api/preferences/has-api-keys). */
  apiKeys: () => ['has-api-keys'] as const,
};

export const generationKeys = {
  all: () => ['ai-generations'] as const,
  previous: () => ['ai-generations', 'previous'] as const,
  detail: (generationId: number) => ['ai-generations', 'detail', generationId] as const,
};

export const creditKeys = {
  balance: () => ['credits'] as const,
};

export const wordpressKeys = {
  sites: () => ['wordpress', 'sites'] as const,
  siteInfo: (siteId: number) => ['wordpress', 'sites', siteId, 'info'] as const,
};

export const paymentKeys = {
  status: () => ['payments', 'status'] as const,
};

export const devKeys = {
  sampleFeeds: () => ['dev', 'sample-feeds'] as const,
  outbox: () => ['dev', 'outbox'] as const,
};

/** Everything that changes when feeds or their items change: the feed list and count, the item lists, the sidebar. */
export function refreshFeedLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: feedKeys.all() }),
    queryClient.invalidateQueries({ queryKey: itemKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.withFeeds() }),
  ]).then(() => undefined);
}
