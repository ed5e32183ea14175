// Renaming and deleting a category (issue 11 item 7). Deleting keeps the feeds: they move to General,
// and the person goes to /home, since the category's page is gone.
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
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
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameCategory();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Category name is required');
      return;
    }
    setError(undefined);
    rename.mutate(
      { categoryId: category.id, name: name.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Category renamed' });
          onDone();
        },
        onError: (failure) => setError(apiErrorMessage(failure) ?? 'There was an error renaming the category.'),
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        label="Name"
        name="name"
        value={name}
        maxLength={100}
        error={error}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={rename.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Rename'}
        </Button>
      </div>
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!remove.isPending) onOpenChange(next);
      }}
      title="Delete Category"
      description={`Delete the "${category.name}" category? Its feeds are kept and move to General.`}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete Category'}
        </Button>
      </div>
    </Dialog>
  );
}
