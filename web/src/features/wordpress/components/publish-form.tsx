// The choices of the publish dialog (spec §4 "WordPress publish"): the site (the default one preselected,
// else the first), the post's title (the article's own), the site's categories (every one), tags (the
// site's own suggested), draft or publish, and the featured image: the generation's, the article's, or
// a new one drawn for IMAGE_CREDITS.
// The choices are state of the dialog's body, which is mounted only while the dialog is open, so closing
// the dialog resets them.
import { IMAGE_CREDITS } from '@contracts/ai';
import { type FeaturedImageSource, suggestedPostTitle, type WordPressSite } from '@contracts/wordpress';
import { type FormEvent, type ReactNode, useId } from 'react';
import { PendingButton } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useWordPressSiteInfo } from '../api/get-site-info';
import type { PublishInput } from '../api/publish-generation';

export type PublishChoices = Omit<PublishInput, 'generationId' | 'tags'> & {
  /** As typed: comma-separated tag names. */
  tags: string;
};

/** What the form needs to know about the generation it publishes. */
export type PublishSource = {
  title: string;
  content: string | null;
  contentType: string;
  hasImage: boolean;
  /** A rewrite is of one article, which may have an image of its own. */
  fromArticle: boolean;
};

/** The site the dialog opens with: the default one, else the first. */
export function initialSiteId(sites: readonly WordPressSite[]): number | undefined {
  return (sites.find((site) => site.isDefault) ?? sites[0])?.id;
}

export function initialChoices(sites: readonly WordPressSite[], source: PublishSource): PublishChoices {
  return {
    wordpressSiteId: initialSiteId(sites) ?? 0,
    status: 'draft',
    categories: [],
    featuredImage: source.hasImage ? 'generation' : false,
    title: suggestedPostTitle(source),
    tags: '',
  };
}

/** Typed tags as names: split at commas, trimmed, without blanks or repeats. */
export const tagNames = (typed: string) => [
  ...new Set(
    typed
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

type PublishFormProps = {
  sites: readonly WordPressSite[];
  source: PublishSource;
  choices: PublishChoices;
  onChange: (choices: PublishChoices) => void;
  onSubmit: () => void;
  onCancel: () => void;
  pending: boolean;
};

const statuses = [
  { value: 'draft', label: 'Draft', description: 'Saved for review in WordPress.' },
  { value: 'publish', label: 'Publish', description: 'Live on your site right away.' },
] as const;

export function PublishForm({ sites, source, choices, onChange, onSubmit, onCancel, pending }: PublishFormProps) {
  const siteFieldId = useId();
  const titleFieldId = useId();
  const tagsFieldId = useId();
  const imageFieldId = useId();
  const info = useWordPressSiteInfo(choices.wordpressSiteId || undefined);
  const imageOptions: [FeaturedImageSource | 'none', string][] = [
    ['none', 'No featured image'],
    ...(source.hasImage ? [['generation', "The generation's image"] as [FeaturedImageSource, string]] : []),
    ...(source.fromArticle ? [['item', "The article's own image"] as [FeaturedImageSource, string]] : []),
    ['generate', `A new image made for the post (${IMAGE_CREDITS === 1 ? '1 credit' : `${IMAGE_CREDITS} credits`})`],
  ];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={siteFieldId}>WordPress site</Label>
        <Select
          id={siteFieldId}
          value={choices.wordpressSiteId}
          // Category ids belong to one site, so a different site starts with none chosen.
          onChange={(event) => onChange({ ...choices, wordpressSiteId: Number(event.target.value), categories: [] })}
        >
          {sites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.isDefault ? `${site.name} (default)` : site.name}
            </option>
          ))}
        </Select>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={titleFieldId}>Title</Label>
        <Input
          id={titleFieldId}
          value={choices.title}
          maxLength={200}
          required
          onChange={(event) => onChange({ ...choices, title: event.target.value })}
        />
      </div>

      <CategoryPicker
        siteId={choices.wordpressSiteId}
        selected={choices.categories}
        onChange={(categories) => onChange({ ...choices, categories })}
      />

      <div className="grid gap-2">
        <Label htmlFor={tagsFieldId}>Tags</Label>
        <Input
          id={tagsFieldId}
          value={choices.tags}
          placeholder="Comma-separated, e.g. energy, storage"
          list={`${tagsFieldId}-suggestions`}
          onChange={(event) => onChange({ ...choices, tags: event.target.value })}
        />
        <datalist id={`${tagsFieldId}-suggestions`}>
          {(info.data?.tags ?? []).map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
        </datalist>
        {info.data?.tags.length ? (
          <p className="text-xs text-muted-foreground">
            Used on this site:{' '}
            {info.data.tags
              .slice(0, 8)
              .map((tag) => tag.name)
              .join(', ')}
          </p>
        ) : null}
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Status</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {statuses.map((status) => (
            <label
              key={status.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors',
                choices.status === status.value ? 'border-primary bg-primary-soft' : 'border-border hover:bg-accent',
              )}
            >
              <input
                type="radio"
                name="status"
                value={status.value}
                checked={choices.status === status.value}
                onChange={() => onChange({ ...choices, status: status.value })}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{status.label}</span>
                <span className="text-muted-foreground">{status.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-2">
        <Label htmlFor={imageFieldId}>Featured image</Label>
        <Select
          id={imageFieldId}
          value={choices.featuredImage || 'none'}
          onChange={(event) => {
            const value = event.target.value as FeaturedImageSource | 'none';
            onChange({ ...choices, featuredImage: value === 'none' ? false : value });
          }}
        >
          {imageOptions.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>

      <DialogActions onCancel={onCancel}>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel="Publishing..."
          disabled={!choices.wordpressSiteId || !choices.title.trim()}
        >
          {choices.status === 'draft' ? 'Save as Draft' : 'Publish'}
        </PendingButton>
      </DialogActions>
    </form>
  );
}

type CategoryPickerProps = { siteId: number; selected: number[]; onChange: (categories: number[]) => void };

function CategoryPicker({ siteId, selected, onChange }: CategoryPickerProps) {
  const info = useWordPressSiteInfo(siteId || undefined);
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((categoryId) => categoryId !== id));

  let body: ReactNode;
  if (info.isPending) {
    body = (
      <div className="grid gap-2 sm:grid-cols-2">
        <span className="sr-only">Loading categories</span>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-5 w-28" />
      </div>
    );
  } else if (info.isError) {
    body = (
      <p className="text-sm text-muted-foreground">
        {apiErrorStatus(info.error) === 403
          ? 'Categories are available on the Pro plan.'
          : `Could not load this site's categories. ${apiErrorMessage(info.error) ?? ''}`.trim()}{' '}
        The post goes to the site's default category.
      </p>
    );
  } else if (info.data.categories.length === 0) {
    body = <p className="text-sm text-muted-foreground">This site has no categories; the post goes uncategorised.</p>;
  } else {
    body = (
      <div className="grid max-h-44 gap-2 overflow-y-auto pr-1 sm:grid-cols-2">
        {info.data.categories.map((category) => (
          <label key={category.id} className="flex min-w-0 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={selected.includes(category.id)}
              onChange={(event) => toggle(category.id, event.target.checked)}
              className="size-4 shrink-0 accent-primary"
            />
            <span className="truncate">{category.name}</span>
            <span className="text-xs text-muted-foreground">({category.count})</span>
          </label>
        ))}
      </div>
    );
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Categories</legend>
      {body}
    </fieldset>
  );
}
