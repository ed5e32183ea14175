// /category/:categoryId (spec §2): the items of every feed in one category. Ids are numeric.
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, FolderIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';

export function CategoryPage({ categoryId }: { categoryId: string }) {
  if (!/^\d+$/.test(categoryId)) {
    return <EmptyState icon={<AlertIcon />} title="Error loading category" description="Invalid category ID" />;
  }
  return (
    <>
      <PageHeader title="Category" />
      <EmptyState icon={<FolderIcon />} title="No feed items found" />
    </>
  );
}
