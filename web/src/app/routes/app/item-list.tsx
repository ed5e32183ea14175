// The items feature's list as the app's pages show it: with the followed feeds (their favicons and
// names), which the feeds feature owns, the signed-in person's settings and credits, and the AI
// feature's rewrite dialog behind the "Rewrite with AI" buttons (told by the preferences feature whether
// an AI key is set). Composed here because features do not import each other.
import type { FeedItem } from '@contracts/feeds';
import { lazy, Suspense, useState } from 'react';
import { useFeeds } from '@/features/feeds/api/get-feeds';
import { FeedItemsView, type FeedItemsViewProps } from '@/features/items/components/feed-items-view';
import { useApiKeys } from '@/features/preferences/api/get-api-keys';
import { useSignedInUser } from '../../layout/signed-in-user';

const RewriteDialog = lazy(() =>
  import('@/features/ai/components/rewrite-dialog').then((module) => ({ default: module.RewriteDialog })),
);

export type ItemListProps = Omit<FeedItemsViewProps, 'feeds' | 'userId' | 'credits' | 'onRewrite'>;

export function ItemList(props: ItemListProps) {
  const user = useSignedInUser();
  const feeds = useFeeds();
  const [rewriteItem, setRewriteItem] = useState<FeedItem | null>(null);
  return (
    <>
      <FeedItemsView {...props} userId={user.id} credits={user.credits} feeds={feeds.data} onRewrite={setRewriteItem} />
      {rewriteItem ? (
        <Suspense fallback={null}>
          <RewriteDialogHost item={rewriteItem} onClose={() => setRewriteItem(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The rewrite dialog once the AI keys are known, so its model list is right from the first frame. */
function RewriteDialogHost({ item, onClose }: { item: FeedItem; onClose: () => void }) {
  const keys = useApiKeys();
  if (keys.isPending) return null;
  return <RewriteDialog item={item} onClose={onClose} offline={keys.data?.openrouter === false} />;
}
