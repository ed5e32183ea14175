// `/home` (and `/` when signed in): My Feed, the feeds feature's page around the items feature's list.
import type { DateFilter } from '@contracts/feeds';
import { useState } from 'react';
import { useMyFeedUnreadCount } from '@/features/categories/api/get-my-feed-unread-count';
import { feedsQueryOptions } from '@/features/feeds/api/get-feeds';
import { MyFeed, MyFeedActions } from '@/features/feeds/components/my-feed';
import type { ItemScope } from '@/features/items/api/get-feed-items';
import { useDocumentTitle } from '@/lib/document-title';
import { queryClient } from '@/lib/query-client';
import { ItemList } from './item-list';
import { prefetchItemList } from './prefetch-item-list';

/** Every followed feed. */
const HOME_SCOPE: ItemScope = {};

export function loader() {
  void queryClient.prefetchQuery(feedsQueryOptions());
  prefetchItemList(HOME_SCOPE);
  return null;
}

export function Component() {
  useDocumentTitle('My Feed');
  const [dateFilter, setDateFilter] = useState<DateFilter>('none');
  // My Feed's unread count, in stories, as the cards are: "N older unread items below" says it.
  const unreadTotal = useMyFeedUnreadCount().data;
  return (
    <MyFeed>
      <ItemList
        scope={HOME_SCOPE}
        dateFilter={dateFilter}
        onDateFilterChange={setDateFilter}
        groupRecent
        unreadTotal={unreadTotal}
        heading={<h1 className="text-2xl font-bold tracking-tight">My Feed</h1>}
        actions={<MyFeedActions />}
      />
    </MyFeed>
  );
}
