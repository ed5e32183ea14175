// /feed/{id} (spec §2): the feed's favicon, name, category badge ("General" without one), description and
// "Visit website"; edit (name, category, Include in AI), delete, the language selector and Generate Summary
// (given by the route as `headerActions`, since they belong to other features); the feed's last refresh
// error if any; then its items (the items feature's list, given by the route as `children`). A non-numeric
// id loads nothing.
import type { Category, FeedDetail } from '@contracts/feeds';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { DetailHeader } from '@/components/ui/detail-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Favicon } from '@/components/ui/favicon';
import { AlertIcon, ExternalLinkIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { parseFeedId, useFeed } from '../api/get-feed';
import { DeleteFeedDialog } from './delete-feed-dialog';
import { EditFeedDialog } from './edit-feed-dialog';

export type FeedPageProps = {
  feedId: string;
  /** The language selector and Generate Summary, composed by the route. */
  headerActions?: ReactNode;
  /** The feed's item list, composed by the route; shown once the feed has loaded. */
  children?: ReactNode;
  /** The person's categories, offered by the edit dialog (owned by the categories feature). */
  categories: readonly Category[];
};

export function FeedPage(props: FeedPageProps) {
  const id = parseFeedId(props.feedId);
  if (id === null) {
    return <EmptyState icon={<AlertIcon />} title="Error loading feed" description="Invalid feed ID" />;
  }
  return <LoadedFeedPage {...props} id={id} />;
}

function LoadedFeedPage({ id, ...props }: FeedPageProps & { id: number }) {
  const feed = useFeed(id);
  useDocumentTitle(feed.data?.name ?? 'Feed');

  if (feed.isPending) return <FeedHeaderSkeleton />;
  if (feed.isError) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title="Error loading feed"
        description={
          apiErrorMessage(feed.error) ??
          "Could not load the requested feed. It may have been deleted or you don't have access."
        }
      />
    );
  }
  return (
    <div className="grid gap-6">
      <FeedHeader feed={feed.data} headerActions={props.headerActions} categories={props.categories} />
      {feed.data.lastError ? (
        <p role="alert" className="flex gap-2 rounded-lg border border-destructive/40 p-3 text-sm">
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>We couldn't refresh this feed: {feed.data.lastError}</span>
        </p>
      ) : null}
      {props.children}
    </div>
  );
}

type FeedHeaderProps = { feed: FeedDetail; headerActions?: ReactNode; categories: readonly Category[] };

function FeedHeader({ feed, headerActions, categories }: FeedHeaderProps) {
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  return (
    <DetailHeader
      icon={<Favicon src={feed.favicon} size={32} className="mt-0.5 rounded-md" />}
      title={feed.name}
      meta={
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="secondary">{feed.category?.name ?? 'General'}</Badge>
          {feed.websiteUrl ? (
            <a
              href={feed.websiteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              Visit website <ExternalLinkIcon className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      }
      editLabel="Edit"
      onEdit={() => setEditing(true)}
      onDelete={() => setDeleting(true)}
      details={feed.description ? <p className="max-w-3xl text-sm text-muted-foreground">{feed.description}</p> : null}
      actions={headerActions}
    >
      <DeleteFeedDialog feedId={feed.id} open={deleting} onOpenChange={setDeleting} />
      <EditFeedDialog feed={feed} categories={categories} open={editing} onOpenChange={setEditing} />
    </DetailHeader>
  );
}

function FeedHeaderSkeleton() {
  return (
    <div className="grid gap-4 border-b border-border pb-6" role="status" aria-label="Loading feed">
      <div className="flex items-center gap-3">
        <Skeleton className="size-8" />
        <Skeleton className="h-7 w-64" />
      </div>
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-9 w-80 max-w-full" />
    </div>
  );
}
