// /category/{id} (spec §2): the category's name, `Collection of feeds under the "{name}" category`, the
// language selector and Generate Summary (`headerActions`), then the items (`children`); both are
// composed by the route, as they belong to other features; Rename and Delete (its feeds move to General).
// "Error loading category" on failure.
import { type ReactNode, useState } from 'react';
import { DetailHeader } from '@/components/ui/detail-header';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, FolderIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { parseCategoryId, useCategory } from '../api/get-category';
import { DeleteCategoryDialog, RenameCategoryDialog } from './category-dialogs';

export type CategoryPageProps = {
  categoryId: string;
  headerActions?: ReactNode;
  /** The category's items, shown once the category has loaded. */
  children?: ReactNode;
};

export function CategoryPage({ categoryId, headerActions, children }: CategoryPageProps) {
  const id = parseCategoryId(categoryId);
  if (id === null) {
    return <EmptyState icon={<AlertIcon />} title="Error loading category" description="Invalid category ID" />;
  }
  return (
    <LoadedCategoryPage id={id} headerActions={headerActions}>
      {children}
    </LoadedCategoryPage>
  );
}

function LoadedCategoryPage({
  id,
  headerActions,
  children,
}: {
  id: number;
  headerActions?: ReactNode;
  children?: ReactNode;
}) {
  const category = useCategory(id);
  useDocumentTitle(category.data?.name ?? 'Category');

  if (category.isPending) {
    return (
      <div className="grid gap-3 border-b border-border pb-6" role="status" aria-label="Loading category">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
    );
  }
  if (category.isError) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title="Error loading category"
        description={apiErrorMessage(category.error) ?? 'It may have been deleted, or you may not have access to it.'}
      />
    );
  }
  const { name } = category.data;
  return (
    <div className="grid gap-6">
      <CategoryHeader category={{ id, name }} headerActions={headerActions} />
      {children}
    </div>
  );
}

function CategoryHeader({
  category,
  headerActions,
}: {
  category: { id: number; name: string };
  headerActions?: ReactNode;
}) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { name } = category;
  return (
    <DetailHeader
      icon={
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
          <FolderIcon className="size-5" />
        </span>
      }
      title={name}
      meta={<p className="text-sm text-muted-foreground">Collection of feeds under the "{name}" category</p>}
      editLabel="Rename"
      onEdit={() => setRenaming(true)}
      onDelete={() => setDeleting(true)}
      actions={headerActions}
    >
      <RenameCategoryDialog category={category} open={renaming} onOpenChange={setRenaming} />
      <DeleteCategoryDialog category={category} open={deleting} onOpenChange={setDeleting} />
    </DetailHeader>
  );
}
