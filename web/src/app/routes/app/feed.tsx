// `/feed/{id}`: the feeds feature's page around the items feature's list, with the language selector, the
// AI feature's Generate Summary and rewrite dialog, and the categories the edit dialog offers composed in.
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { useCategories } from '@/features/categories/api/get-categories';
import { feedQueryOptions, parseFeedId } from '@/features/feeds/api/get-feed';
import { FeedPage } from '@/features/feeds/components/feed-page';
import { queryClient } from '@/lib/query-client';
import { prefetchScopedItemList, ScopedItemList } from './scoped-item-list';

export function loader({ params }: LoaderFunctionArgs) {
  const feedId = parseFeedId(params.feedId);
  if (feedId !== null) void queryClient.prefetchQuery(feedQueryOptions(feedId));
  prefetchScopedItemList(feedId === null ? null : { feedId });
  return null;
}

export function Component() {
  const { feedId = '' } = useParams();
  const id = parseFeedId(feedId);
  const categories = useCategories();
  return (
    <ScopedItemList key={feedId} scope={id === null ? null : { feedId: id }}>
      {({ headerActions, items }) => (
        <FeedPage categories={categories.data ?? []} feedId={feedId} headerActions={headerActions}>
          {items}
        </FeedPage>
      )}
    </ScopedItemList>
  );
}
