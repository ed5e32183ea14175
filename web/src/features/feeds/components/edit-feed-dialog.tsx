// "Edit Feed": a followed feed's name, category ("General" is none) and whether AI digests include it,
// changed after adding (issue 11 item 7). The categories come in as props: this feature does not import
// the categories feature. Validation is spec §5's ("Feed name is required").
import type { Category, FeedDetail } from '@contracts/feeds';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useUpdateFeed } from '../api/update-feed';

type EditFeedDialogProps = {
  feed: FeedDetail;
  categories: readonly Category[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function EditFeedDialog({ feed, categories, open, onOpenChange }: EditFeedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Feed" description={feed.url}>
      {/* Mounted only while open, so each opening starts from the feed as it is now. */}
      {open ? <EditFeedForm feed={feed} categories={categories} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function EditFeedForm({
  feed,
  categories,
  onDone,
}: {
  feed: FeedDetail;
  categories: readonly Category[];
  onDone: () => void;
}) {
  const [name, setName] = useState(feed.name);
  const [categoryId, setCategoryId] = useState(feed.categoryId === null ? 'none' : String(feed.categoryId));
  const [includeInAi, setIncludeInAi] = useState(feed.includeInAi);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateFeed();
  const categoryFieldId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Feed name is required');
      return;
    }
    setError(undefined);
    update.mutate(
      {
        feedId: feed.id,
        name: name.trim(),
        categoryId: categoryId === 'none' ? null : Number(categoryId),
        includeInAi,
      },
      {
        onSuccess: () => {
          toast({ title: 'Feed updated' });
          onDone();
        },
        onError: (failure) =>
          toastApiError(failure, 'Error updating feed', 'There was an error updating your feed. Please try again.'),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        label="Name"
        name="name"
        value={name}
        maxLength={200}
        error={error}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="grid gap-2">
        <Label htmlFor={categoryFieldId}>Category</Label>
        <Select id={categoryFieldId} value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
          <option value="none">General</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Select>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={includeInAi}
          onChange={(event) => setIncludeInAi(event.target.checked)}
          className="size-4 accent-primary"
        />
        Include in AI
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
