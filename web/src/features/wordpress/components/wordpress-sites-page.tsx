// /wordpress-sites (spec §2): the WordPress sites AI content can be published to.
import { EmptyState } from '@/components/ui/empty-state';
import { GlobeIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';

export function WordpressSitesPage() {
  return (
    <>
      <PageHeader title="WordPress Sites" description="Publish AI content to your sites as drafts or posts." />
      <EmptyState
        icon={<GlobeIcon />}
        title="No WordPress sites connected"
        description="Connected sites appear here, and the default one is preselected when you publish."
      />
    </>
  );
}
