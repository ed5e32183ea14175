// `/feed/{id}`: the feed page, with the AI feature's Generate Summary button and rewrite dialog and the
// language selector composed in. The date filter lives here because Generate Summary follows it too.
import type { DateFilter, FeedItem } from '@contracts/feeds';
import { lazy, Suspense, useState } from 'react';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { GenerateSummaryButton } from '@/features/ai/components/generate-summary-button';
import { useCategories } from '@/features/categories/api/get-categories';
import { feedQueryOptions, parseFeedId } from '@/features/feeds/api/get-feed';
import { FeedPage } from '@/features/feeds/components/feed-page';
import { preferencesQueryOptions } from '@/features/preferences/api/get-preferences';
import { useLanguagePreference } from '@/features/preferences/api/language-preference';
import { LanguageSelect } from '@/features/preferences/components/language-select';
import { queryClient } from '@/lib/query-client';
import { useSignedInUser } from '../../layout/signed-in-user';
import { ItemList } from './item-list';
import { prefetchItemList } from './prefetch-item-list';

const RewriteDialog = lazy(() =>
  import('@/features/ai/components/rewrite-dialog').then((module) => ({ default: module.RewriteDialog })),
);

export function loader({ params }: LoaderFunctionArgs) {
  const feedId = parseFeedId(params.feedId);
  if (feedId !== null) {
    void queryClient.prefetchQuery(feedQueryOptions(feedId));
    prefetchItemList({ feedId });
  }
  void queryClient.prefetchQuery(preferencesQueryOptions());
  return null;
}

export function Component() {
  const { feedId = '' } = useParams();
  return <FeedRoute key={feedId} feedId={feedId} />;
}

function FeedRoute({ feedId }: { feedId: string }) {
  const user = useSignedInUser();
  const language = useLanguagePreference();
  const [dateFilter, setDateFilter] = useState<DateFilter>('none');
  const [rewriteItem, setRewriteItem] = useState<FeedItem | null>(null);
  const categories = useCategories();
  const id = parseFeedId(feedId);
  return (
    <>
      <FeedPage
        categories={categories.data ?? []}
        feedId={feedId}
        headerActions={
          id === null ? null : (
            <>
              <LanguageSelect />
              <GenerateSummaryButton scope={{ feedId: id }} language={language} dateFilter={dateFilter} />
            </>
          )
        }
      >
        {id === null ? null : (
          <ItemList
            userId={user.id}
            scope={{ feedId: id }}
            dateFilter={dateFilter}
            onDateFilterChange={setDateFilter}
            heading={<h2 className="text-lg font-semibold">Items</h2>}
            credits={user.credits}
            onRewrite={setRewriteItem}
          />
        )}
      </FeedPage>
      {rewriteItem ? (
        <Suspense fallback={null}>
          <RewriteDialog item={rewriteItem} onClose={() => setRewriteItem(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
