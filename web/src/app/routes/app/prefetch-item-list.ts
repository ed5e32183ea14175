// Route loaders start loading an item list before its page renders, with the same query the page will
// make: the signed-in person's remembered list settings (unread only, order) included.
import type { CurrentUser } from '@contracts/auth';
import { feedItemsQueryOptions, type ItemScope } from '@/features/items/api/get-feed-items';
import { DEFAULT_LIST_SETTINGS, readListSettings } from '@/features/items/components/list-settings';
import { queryClient } from '@/lib/query-client';
import { userKeys } from '@/lib/query-keys';

export function prefetchItemList(scope: ItemScope) {
  const user = queryClient.getQueryData<CurrentUser | null>(userKeys.current());
  const settings = user ? readListSettings(user.id) : DEFAULT_LIST_SETTINGS;
  void queryClient.prefetchInfiniteQuery(
    feedItemsQueryOptions({
      scope,
      dateFilter: 'none',
      filter: settings.unreadOnly && !('starred' in scope) ? 'unread' : 'all',
      sort: settings.sort,
    }),
  );
}
