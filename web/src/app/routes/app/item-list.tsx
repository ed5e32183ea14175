// The items feature's list as the app's pages show it: with the followed feeds (their favicons and
// names), which the feeds feature owns, the signed-in person's settings and credits, and the AI
// feature's rewrite dialog behind the "Rewrite with AI" buttons (told by the preferences feature whether
// an AI key is set). Composed here because features do not import each other.
import type { FeedItem } from '@contracts/feeds';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { useCategoriesWithFeeds } from '@/features/categories/api/get-categories-with-feeds';
import { useFeeds } from '@/features/feeds/api/get-feeds';
import { FeedItemsView, type FeedItemsViewProps } from '@/features/items/components/feed-items-view';
import { useApiKeys } from '@/features/preferences/api/get-api-keys';
import { paths } from '@/lib/paths';
import { useSignedInUser } from '../../layout/signed-in-user';

const RewriteDialog = lazy(() =>
  import('@/features/ai/components/rewrite-dialog').then((module) => ({ default: module.RewriteDialog })),
);

export type ItemListProps = Omit<FeedItemsViewProps, 'feeds' | 'userId' | 'credits' | 'onRewrite'>;

export function ItemList(props: ItemListProps) {
  const user = useSignedInUser();
  const feeds = useFeeds();
  const [rewriteItem, setRewriteItem] = useState<FeedItem | null>(null);
  const nextFeed = useNextUnreadFeed('feedId' in props.scope ? props.scope.feedId : null);
  return (
    <>
      <FeedItemsView
        {...props}
        userId={user.id}
        credits={user.credits}
        feeds={feeds.data}
        onRewrite={setRewriteItem}
        onNoMoreUnread={nextFeed}
      />
      {rewriteItem ? (
        <Suspense fallback={null}>
          <RewriteDialogHost item={rewriteItem} onClose={() => setRewriteItem(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * `n` past a feed's last unread item goes on to the next feed with unread items in the sidebar's order
 * (wrapping round), as Google Reader does (issue 27 §3); with none, or on a list of several feeds, it says
 * there is nothing more to read.
 */
function useNextUnreadFeed(currentFeedId: number | null) {
  const categories = useCategoriesWithFeeds();
  const navigate = useNavigate();
  return () => {
    const order = (categories.data ?? []).flatMap((category) => category.feeds);
    const at = order.findIndex((feed) => feed.id === currentFeedId);
    const next =
      currentFeedId === null
        ? undefined
        : [...order.slice(at + 1), ...order.slice(0, Math.max(0, at))].find((feed) => feed.unreadCount > 0);
    if (next) {
      toast({ title: next.name, description: `${next.unreadCount} unread` });
      navigate(paths.feed(next.id));
    } else {
      toast({ title: 'No more unread items', description: 'You have read everything in your feeds.' });
    }
  };
}

/** The rewrite dialog once the AI keys are known, so its model list is right from the first frame. */
function RewriteDialogHost({ item, onClose }: { item: FeedItem; onClose: () => void }) {
  const keys = useApiKeys();
  if (keys.isPending) return null;
  return <RewriteDialog item={item} onClose={onClose} offline={keys.data?.openrouter === false} />;
}
