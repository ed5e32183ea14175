// `/starred` (issue 14): the items the person starred, newest first, kept whatever retention removes.
import type { DateFilter, FeedItem } from '@contracts/feeds';
import { lazy, Suspense, useState } from 'react';
import { useDocumentTitle } from '@/lib/document-title';
import { useSignedInUser } from '../../layout/signed-in-user';
import { ItemList } from './item-list';
import { prefetchItemList } from './prefetch-item-list';

const RewriteDialog = lazy(() =>
  import('@/features/ai/components/rewrite-dialog').then((module) => ({ default: module.RewriteDialog })),
);

const STARRED = { starred: true } as const;

export function loader() {
  prefetchItemList(STARRED);
  return null;
}

export function Component() {
  useDocumentTitle('Starred');
  const user = useSignedInUser();
  const [dateFilter, setDateFilter] = useState<DateFilter>('none');
  const [rewriteItem, setRewriteItem] = useState<FeedItem | null>(null);
  return (
    <>
      <ItemList
        userId={user.id}
        scope={STARRED}
        dateFilter={dateFilter}
        onDateFilterChange={setDateFilter}
        heading={<h1 className="text-2xl font-bold tracking-tight">Starred</h1>}
        credits={user.credits}
        onRewrite={setRewriteItem}
      />
      {rewriteItem ? (
        <Suspense fallback={null}>
          <RewriteDialog item={rewriteItem} onClose={() => setRewriteItem(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
