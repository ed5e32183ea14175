// Renaming and deleting a category (issue 11 item 7). Deleting keeps the feeds: they move to General,
// and the person goes to /home, since the category's page is gone.
import { categoryNameSchema } from '@contracts/feeds';
import { useNavigate } from 'react-router';
import { PendingButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form';
import { paths } from '@/lib/paths';
import { useDeleteCategory, useRenameCategory } from '../api/change-category';

type DialogProps = { category: { id: number; name: string }; open: boolean; onOpenChange: (open: boolean) => void };

export function RenameCategoryDialog({ category, open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Rename Category">
      {open ? <RenameForm category={category} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function RenameForm({ category, onDone }: { category: DialogProps['category']; onDone: () => void }) {
  const rename = useRenameCategory();
  const { errors, setErrors, onSubmit } = useFormSubmit(categoryNameSchema, ({ name }) =>
    rename.mutate(
      { categoryId: category.id, name },
      {
        onSuccess: () => {
          toast({ title: 'Category renamed' });
          onDone();
        },
        onError: (failure) =>
          setErrors({ name: apiErrorMessage(failure) ?? 'There was an error renaming the category.' }),
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field label="Name" name="name" defaultValue={category.name} maxLength={100} error={errors.name} />
      <DialogActions onCancel={onDone} cancelDisabled={rename.isPending}>
        <PendingButton type="submit" pending={rename.isPending} pendingLabel="Saving...">
          Rename
        </PendingButton>
      </DialogActions>
    </form>
  );
}

export function DeleteCategoryDialog({ category, open, onOpenChange }: DialogProps) {
  const remove = useDeleteCategory();
  const navigate = useNavigate();
  const onConfirm = () =>
    remove.mutate(category.id, {
      onSuccess: () => {
        toast({ title: 'Category deleted', description: `Its feeds are now in General.` });
        onOpenChange(false);
        navigate(paths.home);
      },
      onError: (failure) =>
        toastApiError(
          failure,
          'Failed to delete category',
          'There was an error deleting the category. Please try again.',
        ),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Category"
      description={`Delete the "${category.name}" category? Its feeds are kept and move to General.`}
      confirmLabel="Delete Category"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={onConfirm}
    />
  );
}
