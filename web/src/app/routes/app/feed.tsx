import { useParams } from 'react-router';
import { FeedPage } from '@/features/feeds/components/feed-page';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Feed');
  const { feedId = '' } = useParams();
  return <FeedPage key={feedId} feedId={feedId} />;
}
