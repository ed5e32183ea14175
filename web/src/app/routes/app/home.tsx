// `/home` (and `/` when signed in): My Feed, the feeds feature's page around the items feature's list.
import type { DateFilter } from '@contracts/feeds';
import { useState } from 'react';
import { useCategoriesWithFeeds } from '@/features/categories/api/get-categories-with-feeds';
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
  // The sidebar's unread counts, summed: My Feed's "older unread items below" says the same number.
  const categories = useCategoriesWithFeeds();
  const unreadTotal = categories.data?.reduce((total, category) => total + category.unreadCount, 0);
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
