// My Feed (`/home`, spec §2): the items of the past 24 hours from every feed.
import { EmptyState } from '@/components/ui/empty-state';
import { RssIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { AddFeedButton } from './add-feed-button';

export function MyFeed() {
  return (
    <>
      <PageHeader title="My Feed" description="Past 24 hours" actions={<AddFeedButton variant="outline" />} />
      <EmptyState
        icon={<RssIcon />}
        title="No feed items found"
        description="Add an RSS or Atom feed and its newest items will appear here."
        action={<AddFeedButton label="Add Your First Feed" />}
      />
    </>
  );
}
