// /ai-generated (spec §2): Refresh, the next delivery, a banner while anything is still being written, the
// newest generations as text and image cards, then "Previous Generations". The empty state links to
// preferences. The app route fills two slots: `nextDelivery` (from the preferences feature) and
// `renderActions` (per-card actions such as publishing to WordPress).

import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, SparklesIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { generationKeys } from '@/lib/query-keys';
import { invalidateCredits } from '../api/get-credits';
import { isInProgress, useGenerations } from '../api/get-generations';
import { GenerationCard, type RenderGenerationActions } from './generation-card';
import { RefreshIcon } from './icons';
import { PreviousGenerations } from './previous-generations';

/** The server's page size for the newest generations; only a full page can have older ones. */
const CURRENT_COUNT = 12;

export function AiGeneratedPage({
  nextDelivery,
  renderActions,
}: {
  nextDelivery?: ReactNode;
  renderActions?: RenderGenerationActions;
}) {
  const queryClient = useQueryClient();
  const generations = useGenerations();
  const list = generations.data ?? [];
  const inProgress = list.filter(isInProgress).length;
  useRefreshCreditsWhenDone(inProgress);

  const refresh = () => queryClient.invalidateQueries({ queryKey: generationKeys.all() });

  return (
    <>
      <PageHeader
        title="AI Generated Content"
        description={nextDelivery}
        actions={
          <Button variant="outline" onClick={refresh} disabled={generations.isFetching}>
            <RefreshIcon className={generations.isFetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        }
      />

      {inProgress > 0 ? (
        <div
          role="status"
          className="mb-6 flex items-center gap-3 rounded-xl border border-primary/30 bg-primary-soft p-4 text-sm"
        >
          <Spinner className="size-5 shrink-0" label="In progress" />
          <p>
            <span className="font-medium">
              {inProgress === 1 ? 'Your content is being generated.' : `${inProgress} generations are in progress.`}
            </span>{' '}
            <span className="text-muted-foreground">This may take a minute.</span>
          </p>
        </div>
      ) : null}

      {generations.isPending ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Card key={key} className="grid gap-3 p-5">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-24" />
            </Card>
          ))}
        </div>
      ) : generations.isError ? (
        <EmptyState
          icon={<AlertIcon />}
          title="Could not load your AI content"
          description="Check your connection and try again."
          action={<Button onClick={refresh}>Try again</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<SparklesIcon />}
          title="No AI-generated content yet"
          description="Set your AI preferences to receive scheduled digests, or use “Rewrite with AI” on any feed item."
          action={
            <Link to={paths.preferences} className={buttonClasses()}>
              Go to Preferences
            </Link>
          }
        />
      ) : (
        <div className="grid gap-10">
          <section aria-label="Latest generations" className="grid items-start gap-4 lg:grid-cols-2">
            {list.map((generation) => (
              <GenerationCard key={generation.id} generation={generation} renderActions={renderActions} />
            ))}
          </section>
          {list.length >= CURRENT_COUNT ? <PreviousGenerations renderActions={renderActions} /> : null}
        </div>
      )}
    </>
  );
}

/** A failed generation refunds its credits: when something in progress finishes, the balance is refetched. */
function useRefreshCreditsWhenDone(inProgress: number) {
  const queryClient = useQueryClient();
  const before = useRef(inProgress);
  useEffect(() => {
    if (inProgress < before.current) void invalidateCredits(queryClient);
    before.current = inProgress;
  }, [inProgress, queryClient]);
}
