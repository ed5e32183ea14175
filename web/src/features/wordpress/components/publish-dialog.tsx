// Publishing a generation to WordPress (spec §4 "WordPress publish"): a button that opens a dialog with
// the form, then the result view (the server's message and a link to the post). Everything inside the
// dialog is mounted only while it is open, so closing it resets the form. With no sites yet, the dialog
// points to /wordpress-sites.
import type { WordPressSite } from '@contracts/wordpress';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckIcon, ExternalLinkIcon, GlobeIcon, SendIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useWordPressSites } from '../api/get-sites';
import { type PublishResult, usePublishGeneration } from '../api/publish-generation';
import { InlineAlert } from './inline-alert';
import { ProFeatureNotice } from './pro-feature-notice';
import { initialChoices, type PublishChoices, PublishForm, type PublishSource, tagNames } from './publish-form';

export type PublishableGeneration = {
  id: number;
  title: string;
  imageUrl: string | null;
  content: string | null;
  contentType: string;
  origin: string;
};

const FAILURE_TEXT = 'Failed to publish to WordPress';

export function PublishToWordPressButton({ generation }: { generation: PublishableGeneration }) {
  const [open, setOpen] = useState(false);
  const inProgress = generation.content === null && generation.imageUrl === null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={inProgress}
        title={inProgress ? 'Available once the generation is ready' : undefined}
      >
        <SendIcon /> Publish to WordPress
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Publish to WordPress" description={generation.title}>
        <PublishPanel generation={generation} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function PublishPanel({ generation, onClose }: { generation: PublishableGeneration; onClose: () => void }) {
  const sites = useWordPressSites();
  if (sites.isPending) {
    return (
      <div className="grid place-items-center py-8">
        <Spinner label="Loading your WordPress sites" />
      </div>
    );
  }
  if (sites.isError) {
    return (
      <InlineAlert title="Could not load your WordPress sites">
        {apiErrorMessage(sites.error) ?? 'Check your connection and try again.'}
      </InlineAlert>
    );
  }
  if (sites.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border px-4 py-8 text-center">
        <span className="grid size-10 place-items-center rounded-full bg-muted text-muted-foreground [&_svg]:size-5">
          <GlobeIcon />
        </span>
        <p className="font-medium">No WordPress sites connected</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Connect a site with an application password, then come back to publish.
        </p>
        <Link to={paths.wordpressSites} className={buttonClasses({ size: 'sm' })}>
          Add a WordPress site
        </Link>
      </div>
    );
  }
  return <PublishFlow sites={sites.data} generation={generation} onClose={onClose} />;
}

type PublishFlowProps = { sites: WordPressSite[]; generation: PublishableGeneration; onClose: () => void };

function PublishFlow({ sites, generation, onClose }: PublishFlowProps) {
  const source: PublishSource = {
    ...generation,
    hasImage: Boolean(generation.imageUrl),
    fromArticle: generation.origin === 'rewrite',
  };
  const [choices, setChoices] = useState<PublishChoices>(() => initialChoices(sites, source));
  const publish = usePublishGeneration();

  const onSubmit = () =>
    publish.mutate(
      { generationId: generation.id, ...choices, title: choices.title.trim(), tags: tagNames(choices.tags) },
      {
        onSuccess: (result) =>
          result.success
            ? toast({ title: 'Published successfully', description: result.message })
            : toast({ variant: 'destructive', title: 'Publication failed', description: FAILURE_TEXT }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            // An answer from the server is a failed publication; no answer at all is an error on the way.
            title: apiErrorStatus(error) === undefined ? 'Publication error' : 'Publication failed',
            description: FAILURE_TEXT,
          }),
      },
    );

  if (publish.isSuccess || publish.isError) {
    const siteName = sites.find((site) => site.id === choices.wordpressSiteId)?.name ?? 'WordPress';
    return (
      <PublishResultView
        result={publish.data}
        error={publish.error}
        siteName={siteName}
        onBack={() => publish.reset()}
        onClose={onClose}
      />
    );
  }
  return (
    <PublishForm
      sites={sites}
      source={source}
      choices={choices}
      onChange={setChoices}
      onSubmit={onSubmit}
      onCancel={onClose}
      pending={publish.isPending}
    />
  );
}

type PublishResultViewProps = {
  result: PublishResult | undefined;
  error: Error | null;
  siteName: string;
  onBack: () => void;
  onClose: () => void;
};

function PublishResultView({ result, error, siteName, onBack, onClose }: PublishResultViewProps) {
  if (result?.success) {
    return (
      <div className="grid gap-4">
        <div role="status" className="flex items-start gap-3 rounded-lg border border-success/40 bg-success/10 p-4">
          <span className="grid size-8 shrink-0 place-items-center rounded-full bg-success/15 text-success">
            <CheckIcon className="size-4" />
          </span>
          <div className="grid gap-1 text-sm">
            <p className="font-semibold">{result.message}</p>
            <p className="text-muted-foreground">The post is on {siteName}.</p>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {result.postUrl ? (
            <a href={result.postUrl} target="_blank" rel="noreferrer" className={buttonClasses()}>
              View post <ExternalLinkIcon aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
    );
  }

  const forbidden = apiErrorStatus(error) === 403;
  return (
    <div className="grid gap-4">
      {forbidden ? (
        <ProFeatureNotice />
      ) : (
        <InlineAlert title={FAILURE_TEXT}>
          {result?.message ?? apiErrorMessage(error) ?? 'The site did not answer. Check your connection and try again.'}
        </InlineAlert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        {forbidden ? null : <Button onClick={onBack}>Back to the form</Button>}
      </div>
    </div>
  );
}
