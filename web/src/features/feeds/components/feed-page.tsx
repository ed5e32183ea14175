// /feed/:feedId (spec §2): one feed and its items. Ids are numeric; anything else loads nothing.
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, RssIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';

export function FeedPage({ feedId }: { feedId: string }) {
  if (!/^\d+$/.test(feedId)) {
    return <EmptyState icon={<AlertIcon />} title="Error loading feed" description="Invalid feed ID" />;
  }
  return (
    <>
      <PageHeader title="Feed" />
      <EmptyState icon={<RssIcon />} title="No feed items found" />
    </>
  );
}
