// `/category/{id}`: the categories feature's page around the items feature's list, with the language
// selector, the AI feature's Generate Summary and rewrite dialog composed in.
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { categoryQueryOptions, parseCategoryId } from '@/features/categories/api/get-category';
import { CategoryPage } from '@/features/categories/components/category-page';
import { queryClient } from '@/lib/query-client';
import { prefetchScopedItemList, ScopedItemList } from './scoped-item-list';

export function loader({ params }: LoaderFunctionArgs) {
  const categoryId = parseCategoryId(params.categoryId);
  if (categoryId !== null) void queryClient.prefetchQuery(categoryQueryOptions(categoryId));
  prefetchScopedItemList(categoryId === null ? null : { categoryId });
  return null;
}

export function Component() {
  const { categoryId = '' } = useParams();
  const id = parseCategoryId(categoryId);
  return (
    <ScopedItemList key={categoryId} scope={id === null ? null : { categoryId: id }}>
      {({ headerActions, items }) => (
        <CategoryPage categoryId={categoryId} headerActions={headerActions}>
          {items}
        </CategoryPage>
      )}
    </ScopedItemList>
  );
}
