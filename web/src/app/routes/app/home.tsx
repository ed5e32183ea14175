import { MyFeed } from '@/features/feeds/components/my-feed';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('My Feed');
  return <MyFeed />;
}
