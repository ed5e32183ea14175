// "Previous Generations" on /ai-generated (spec §2): the generations older than the newest twelve, a page
// at a time. Opening one loads it on its own (GET /api/ai-generations/:id) into a dialog; a failed load
// says "Could not load the selected generation" (spec §8).
import { contentTypeLabels, type Generation } from '@contracts/ai';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { formatItemDate } from '@/lib/dates';
import { useGeneration } from '../api/get-generation';
import { usePreviousGenerations } from '../api/get-previous-generations';
import { CopyButton, EmailButton, RegenerateButton } from './generation-actions';
import {
  GenerationContent,
  GenerationImage,
  GenerationStatus,
  isImageGeneration,
  type RenderGenerationActions,
} from './generation-card';

const LOAD_ERROR = 'Could not load the selected generation';

export function PreviousGenerations({ renderActions }: { renderActions?: RenderGenerationActions }) {
  const previous = usePreviousGenerations();
  const [selected, setSelected] = useState<Pick<Generation, 'id' | 'title'> | null>(null);
  const generations = previous.data?.pages.flat() ?? [];

  if (previous.isPending) {
    return (
      <section aria-labelledby="previous-generations" className="grid gap-3">
        <h2 id="previous-generations" className="text-lg font-semibold">
          Previous Generations
        </h2>
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </section>
    );
  }
  if (previous.isError || generations.length === 0) return null;

  return (
    <section aria-labelledby="previous-generations" className="grid gap-3">
      <h2 id="previous-generations" className="text-lg font-semibold">
        Previous Generations
      </h2>
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
        {generations.map((generation) => (
          <li key={generation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="truncate text-sm font-medium">{generation.title}</p>
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <Badge variant="secondary">{contentTypeLabels[generation.contentType] ?? generation.contentType}</Badge>
                <time dateTime={generation.createdAt}>{formatItemDate(generation.createdAt)}</time>
                {generation.status === 'failed' ? <span className="text-destructive">Failed</span> : null}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setSelected(generation)}>
              View<span className="sr-only">: {generation.title}</span>
            </Button>
          </li>
        ))}
      </ul>
      {previous.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={previous.isFetchingNextPage}
          onClick={() => previous.fetchNextPage()}
        >
          {previous.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
      <Dialog
        open={selected !== null}
        onOpenChange={(open) => {
          if (!open) setSelected(null);
        }}
        title={selected?.title ?? ''}
        className="max-w-2xl"
      >
        {selected ? <GenerationDetail generationId={selected.id} renderActions={renderActions} /> : null}
      </Dialog>
    </section>
  );
}

function GenerationDetail({
  generationId,
  renderActions,
}: {
  generationId: number;
  renderActions?: RenderGenerationActions;
}) {
  const query = useGeneration(generationId);
  const failed = query.isError;

  useEffect(() => {
    if (failed) toast({ variant: 'destructive', title: 'Error', description: LOAD_ERROR });
  }, [failed]);

  if (query.isPending) return <Spinner className="mx-auto my-8" />;
  if (query.isError) return <p className="text-sm text-destructive">{LOAD_ERROR}</p>;

  const generation = query.data;
  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant="secondary">{contentTypeLabels[generation.contentType] ?? generation.contentType}</Badge>
        <time dateTime={generation.createdAt}>{formatItemDate(generation.createdAt)}</time>
      </p>
      {isImageGeneration(generation) ? <GenerationImage generation={generation} /> : null}
      {generation.content === null || generation.status === 'failed' ? (
        <GenerationStatus generation={generation} />
      ) : null}
      {generation.content !== null ? (
        <div className="max-h-[55vh] overflow-y-auto">
          <GenerationContent html={generation.content} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        {generation.content !== null ? (
          <>
            <CopyButton html={generation.content} />
            <EmailButton generation={generation} />
          </>
        ) : null}
        {isImageGeneration(generation) ? <RegenerateButton generation={generation} /> : null}
        {generation.content !== null ? renderActions?.(generation) : null}
      </div>
    </div>
  );
}
