// The add-feed dialog (spec §2, §4, §5): URL, name (filled from the feed's title when the URL field is
// left with a valid URL and no name), category (None, an existing one, or a new one created first), and
// "Include in AI". A warning shows from max − 1 feeds, and the Add button is disabled at the limit.
// Categories come in as props: this feature does not import the categories feature.
import type { Category } from '@contracts/feeds';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PendingButton } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { AlertIcon } from '@/components/ui/icons';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { apiErrorStatus } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/form';
import { paths } from '@/lib/paths';
import { useAddFeed } from '../api/add-feed';
import { isNearFeedLimit, useFeedCount } from '../api/get-feed-count';
import { useFeedPreviewLookup } from '../api/get-feed-preview';
import {
  type AddFeedFormValues,
  type AddFeedSubmission,
  emptyAddFeedForm,
  NEW_CATEGORY,
  NO_CATEGORY,
  shouldFetchPreview,
  validateAddFeedForm,
} from './add-feed-form';
import { SampleFeedsButton } from './sample-feeds-button';

export type AddFeedDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Pre-fills the URL (the `?addFeed=` deep link); its title is looked up at once. */
  initialUrl?: string;
  categories: Category[];
  /** Creates a category (POST /api/categories) and resolves with it. */
  createCategory: (name: string) => Promise<Category>;
};

export function AddFeedDialog({ open, onOpenChange, ...formProps }: AddFeedDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Feed"
      description="Follow an RSS, Atom or JSON feed, or a website that links to one."
    >
      {open ? <AddFeedForm {...formProps} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

type AddFeedFormProps = Omit<AddFeedDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void };

function AddFeedForm({ initialUrl = '', categories, createCategory, onDone }: AddFeedFormProps) {
  const [values, setValues] = useState<AddFeedFormValues>(() => emptyAddFeedForm(initialUrl));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [previewing, setPreviewing] = useState(false);
  const [creatingCategory, setCreatingCategory] = useState(false);
  const lookupPreview = useFeedPreviewLookup();
  const count = useFeedCount();
  const addFeed = useAddFeed();
  const formRef = useRef<HTMLFormElement>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const categoryId = useId();
  const includeId = useId();

  const set = <K extends keyof AddFeedFormValues>(key: K, value: AddFeedFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const fillNameFromPreview = async (url: string) => {
    if (!shouldFetchPreview({ url, name: valuesRef.current.name })) return;
    setPreviewing(true);
    try {
      const preview = await lookupPreview(url.trim());
      // Only if the person has not typed a name meanwhile.
      if (preview.title && valuesRef.current.name.trim() === '') set('name', preview.title);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Error processing URL',
        description: 'There was a problem processing the feed URL.',
      });
    } finally {
      setPreviewing(false);
    }
  };

  // The deep link arrives with a URL and no name: look the title up straight away.
  const initialLookup = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the URL the dialog opened with
  useEffect(() => {
    if (initialLookup.current || !initialUrl) return;
    initialLookup.current = true;
    void fillNameFromPreview(initialUrl);
  }, [initialUrl]);

  const resolveCategoryId = async (category: AddFeedSubmission['category']): Promise<number | null> => {
    if (category.kind === 'none') return null;
    if (category.kind === 'existing') return category.id;
    setCreatingCategory(true);
    try {
      return (await createCategory(category.name)).id;
    } catch (error) {
      // 409: it exists already, so file the feed under it.
      const existing = categories.find((item) => item.name.toLowerCase() === category.name.toLowerCase());
      if (apiErrorStatus(error) === 409 && existing) return existing.id;
      throw error;
    } finally {
      setCreatingCategory(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateAddFeedForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      const form = formRef.current;
      const first = Object.keys(result.errors)[0];
      if (form && first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    const { url, name, category, includeInAi } = result.data;
    try {
      const categoryId = await resolveCategoryId(category);
      await addFeed.mutateAsync({ url, name, categoryId, includeInAi });
      toast({ title: 'Feed added successfully', description: `${name} is now in your feeds.` });
      onDone();
    } catch (error) {
      toastApiError(error, 'Error adding feed', error instanceof Error ? error.message : undefined);
    }
  };

  const limit = count.data;
  const atLimit = limit?.limitReached ?? false;
  const busy = addFeed.isPending || creatingCategory;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
      {limit && isNearFeedLimit(limit) ? (
        <div
          role={atLimit ? 'alert' : 'status'}
          className="flex gap-2 rounded-lg border border-primary/40 bg-primary-soft p-3 text-sm"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-primary" />
          <p>
            {atLimit
              ? `You have reached the limit of ${limit.maxFeeds} feeds on the ${limit.isPro ? 'Pro' : 'Free'} plan.`
              : `You are using ${limit.count} of ${limit.maxFeeds} feeds on the ${limit.isPro ? 'Pro' : 'Free'} plan.`}{' '}
            {limit.isPro ? null : (
              <Link to={paths.payment} onClick={onDone} className="font-medium text-primary underline">
                Upgrade to Pro for 50 feeds.
              </Link>
            )}
          </p>
        </div>
      ) : null}

      <Field
        label="Feed URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com/feed.xml"
        value={values.url}
        onChange={(event) => set('url', event.target.value)}
        onBlur={(event) => void fillNameFromPreview(event.target.value)}
        error={errors.url}
      />
      <Field
        label="Name"
        name="name"
        placeholder={previewing ? 'Looking up the feed…' : 'My favourite blog'}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={errors.name}
        labelAside={previewing ? <Spinner className="size-4" label="Looking up the feed" /> : null}
      />

      <div className="grid gap-2">
        <Label htmlFor={categoryId}>Category</Label>
        <Select
          id={categoryId}
          name="categoryId"
          value={values.categoryId}
          onChange={(event) => set('categoryId', event.target.value)}
        >
          <option value={NO_CATEGORY}>None</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
          <option value={NEW_CATEGORY}>New category</option>
        </Select>
      </div>
      {values.categoryId === NEW_CATEGORY ? (
        <Field
          label="New category name"
          name="newCategory"
          placeholder="Technology"
          value={values.newCategory}
          onChange={(event) => set('newCategory', event.target.value)}
          error={errors.newCategory}
        />
      ) : null}

      <div className="flex items-start gap-3">
        <input
          id={includeId}
          name="includeInAi"
          type="checkbox"
          checked={values.includeInAi}
          onChange={(event) => set('includeInAi', event.target.checked)}
          className="mt-0.5 size-4 accent-primary"
        />
        <div className="grid gap-1">
          <Label htmlFor={includeId}>Include in AI</Label>
          <p className="text-xs text-muted-foreground">Use this feed's items in your AI summaries and digests.</p>
        </div>
      </div>

      <DialogActions onCancel={onDone} aside={<SampleFeedsButton variant="ghost" onAdded={onDone} />}>
        <PendingButton type="submit" pending={busy} pendingLabel="Adding..." disabled={atLimit}>
          Add Feed
        </PendingButton>
      </DialogActions>
    </form>
  );
}
