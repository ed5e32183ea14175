// `/home` (and `/` when signed in): My Feed, the feeds feature's page around the items feature's list. The
// "Rewrite with AI" buttons of its cards and article dialog open the AI feature's rewrite dialog, composed
// here (features do not import each other).
import type { DateFilter, FeedItem } from '@contracts/feeds';
import { lazy, Suspense, useState } from 'react';
import { feedsQueryOptions } from '@/features/feeds/api/get-feeds';
import { MyFeed, MyFeedActions } from '@/features/feeds/components/my-feed';
import type { ItemScope } from '@/features/items/api/get-feed-items';
import { useDocumentTitle } from '@/lib/document-title';
import { queryClient } from '@/lib/query-client';
import { useSignedInUser } from '../../layout/signed-in-user';
import { ItemList } from './item-list';
import { prefetchItemList } from './prefetch-item-list';

const RewriteDialog = lazy(() =>
  import('@/features/ai/components/rewrite-dialog').then((module) => ({ default: module.RewriteDialog })),
);

/** Every followed feed. */
const HOME_SCOPE: ItemScope = {};

export function loader() {
  void queryClient.prefetchQuery(feedsQueryOptions());
  prefetchItemList(HOME_SCOPE);
  return null;
}

export function Component() {
  useDocumentTitle('My Feed');
  const user = useSignedInUser();
  const [dateFilter, setDateFilter] = useState<DateFilter>('none');
  const [rewriteItem, setRewriteItem] = useState<FeedItem | null>(null);
  return (
    <>
      <MyFeed>
        <ItemList
          userId={user.id}
          scope={HOME_SCOPE}
          dateFilter={dateFilter}
          onDateFilterChange={setDateFilter}
          groupRecent
          heading={<h1 className="text-2xl font-bold tracking-tight">My Feed</h1>}
          actions={<MyFeedActions />}
          credits={user.credits}
          onRewrite={setRewriteItem}
        />
      </MyFeed>
      {rewriteItem ? (
        <Suspense fallback={null}>
          <RewriteDialog item={rewriteItem} onClose={() => setRewriteItem(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
