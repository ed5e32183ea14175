// The items feature's list as the app's pages show it: with the followed feeds (their favicons and
// names), which the feeds feature owns. Composed here because features do not import each other.
import { useFeeds } from '@/features/feeds/api/get-feeds';
import { FeedItemsView, type FeedItemsViewProps } from '@/features/items/components/feed-items-view';

export function ItemList(props: Omit<FeedItemsViewProps, 'feeds'>) {
  const feeds = useFeeds();
  return <FeedItemsView {...props} feeds={feeds.data} />;
}
