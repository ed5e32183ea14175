// `/category/{id}`: the categories feature's page around the items feature's list, with the language
// selector, the AI feature's Generate Summary and rewrite dialog composed in.
import type { DateFilter, FeedItem } from '@contracts/feeds';
import { lazy, Suspense, useState } from 'react';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { GenerateSummaryButton } from '@/features/ai/components/generate-summary-button';
import { categoryQueryOptions, parseCategoryId } from '@/features/categories/api/get-category';
import { CategoryPage } from '@/features/categories/components/category-page';
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
  const categoryId = parseCategoryId(params.categoryId);
  if (categoryId !== null) {
    void queryClient.prefetchQuery(categoryQueryOptions(categoryId));
    prefetchItemList({ categoryId });
  }
  void queryClient.prefetchQuery(preferencesQueryOptions());
  return null;
}

export function Component() {
  const { categoryId = '' } = useParams();
  return <CategoryRoute key={categoryId} categoryId={categoryId} />;
}

function CategoryRoute({ categoryId }: { categoryId: string }) {
  const user = useSignedInUser();
  const language = useLanguagePreference();
  const [dateFilter, setDateFilter] = useState<DateFilter>('none');
  const [rewriteItem, setRewriteItem] = useState<FeedItem | null>(null);
  const id = parseCategoryId(categoryId);
  return (
    <>
      <CategoryPage
        categoryId={categoryId}
        headerActions={
          id === null ? null : (
            <>
              <LanguageSelect />
              <GenerateSummaryButton scope={{ categoryId: id }} language={language} dateFilter={dateFilter} />
            </>
          )
        }
      >
        {id === null ? null : (
          <ItemList
            userId={user.id}
            scope={{ categoryId: id }}
            dateFilter={dateFilter}
            onDateFilterChange={setDateFilter}
            heading={<h2 className="text-lg font-semibold">Items</h2>}
            credits={user.credits}
            onRewrite={setRewriteItem}
          />
        )}
      </CategoryPage>
      {rewriteItem ? (
        <Suspense fallback={null}>
          <RewriteDialog item={rewriteItem} onClose={() => setRewriteItem(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
