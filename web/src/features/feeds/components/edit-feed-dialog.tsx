// "Edit Feed": a followed feed's name, category ("General" is none) and whether AI digests include it,
// changed after adding (issue 11 item 7). The categories come in as props: this feature does not import
// the categories feature. Validation is spec §5's ("Feed name is required").
import { type Category, type FeedDetail, updateFeedSchema } from '@contracts/feeds';
import { useId } from 'react';
import { PendingButton } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
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

/**
 * Every field of the form is sent: its name, its category ("none" is General), Include in AI and
 * Always fetch the full article (issue 27 §4).
 */
const editFeedSchema = updateFeedSchema.required();

function EditFeedForm({
  feed,
  categories,
  onDone,
}: {
  feed: FeedDetail;
  categories: readonly Category[];
  onDone: () => void;
}) {
  const update = useUpdateFeed();
  const categoryFieldId = useId();
  const { errors, onSubmit } = useFormSubmit(
    editFeedSchema,
    (changes) =>
      update.mutate(
        { feedId: feed.id, ...changes },
        {
          onSuccess: () => {
            toast({ title: 'Feed updated' });
            onDone();
          },
          onError: (failure) =>
            toastApiError(failure, 'Error updating feed', 'There was an error updating your feed. Please try again.'),
        },
      ),
    (fields) => ({
      name: fields.name,
      categoryId: fields.categoryId === 'none' ? null : fields.categoryId,
      includeInAi: fields.includeInAi === 'on',
      fullArticle: fields.fullArticle === 'on',
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field label="Name" name="name" defaultValue={feed.name} maxLength={200} error={errors.name} />
      <div className="grid gap-2">
        <Label htmlFor={categoryFieldId}>Category</Label>
        <Select
          id={categoryFieldId}
          name="categoryId"
          defaultValue={feed.categoryId === null ? 'none' : String(feed.categoryId)}
        >
          <option value="none">General</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Select>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="includeInAi" defaultChecked={feed.includeInAi} className="size-4 accent-primary" />
        Include in AI
      </label>
      <label className="grid grid-cols-[auto_1fr] items-start gap-x-2 text-sm">
        <input
          type="checkbox"
          name="fullArticle"
          defaultChecked={feed.fullArticle}
          aria-describedby={`${categoryFieldId}-full-article`}
          className="mt-0.5 size-4 accent-primary"
        />
        Always fetch the full article
        <span id={`${categoryFieldId}-full-article`} className="col-start-2 text-muted-foreground">
          For feeds that send only a teaser: the article is taken from its page and shown in every view and reader app.
        </span>
      </label>
      <DialogActions onCancel={onDone} cancelDisabled={update.isPending}>
        <PendingButton type="submit" pending={update.isPending} pendingLabel="Saving...">
          Save Changes
        </PendingButton>
      </DialogActions>
    </form>
  );
}
