// `/home` (and `/` when signed in): My Feed. The "Rewrite with AI" buttons of its cards and article
// dialog open the AI feature's rewrite dialog, composed here (features do not import each other).
import type { FeedItem } from '@contracts/feeds';
import { lazy, Suspense, useState } from 'react';
import { feedsQueryOptions } from '@/features/feeds/api/get-feeds';
import { HOME_SCOPE, MyFeed } from '@/features/feeds/components/my-feed';
import { useDocumentTitle } from '@/lib/document-title';
import { queryClient } from '@/lib/query-client';
import { useSignedInUser } from '../../layout/signed-in-user';
import { prefetchItemList } from './prefetch-item-list';

const RewriteDialog = lazy(() =>
  import('@/features/ai/components/rewrite-dialog').then((module) => ({ default: module.RewriteDialog })),
);

export function loader() {
  void queryClient.prefetchQuery(feedsQueryOptions());
  prefetchItemList(HOME_SCOPE);
  return null;
}

export function Component() {
  useDocumentTitle('My Feed');
  const user = useSignedInUser();
  const [rewriteItem, setRewriteItem] = useState<FeedItem | null>(null);
  return (
    <>
      <MyFeed userId={user.id} credits={user.credits} onRewrite={setRewriteItem} />
      {rewriteItem ? (
        <Suspense fallback={null}>
          <RewriteDialog item={rewriteItem} onClose={() => setRewriteItem(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
