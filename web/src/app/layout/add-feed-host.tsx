// The one add-feed dialog of the signed-in app, opened from the sidebar, My Feed and `?addFeed=`. It joins
// the feeds feature's dialog with the categories feature's list and create call.

import { useCreateCategory } from '@/features/categories/api/create-category';
import { useCategories } from '@/features/categories/api/get-categories';
import { AddFeedDialog } from '@/features/feeds/components/add-feed-dialog';
import { closeAddFeedDialog, useAddFeedDialogState } from '@/features/feeds/components/add-feed-dialog-store';

export function AddFeedHost() {
  const { open, url, openCount } = useAddFeedDialogState();
  const categories = useCategories({ enabled: open });
  const createCategory = useCreateCategory();
  return (
    <AddFeedDialog
      key={openCount}
      open={open}
      onOpenChange={(next) => {
        if (!next) closeAddFeedDialog();
      }}
      initialUrl={url}
      categories={categories.data ?? []}
      createCategory={(name) => createCategory.mutateAsync({ name })}
    />
  );
}
