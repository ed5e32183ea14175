// One item in the grid (spec §2): thumbnail, source, date, title (bold when unread), description and
// "Rewrite with AI" (disabled below 1 credit, spec §5). The title is the button that opens the article; it
// stretches over the whole card, so a click anywhere on it opens the item.
import type { FeedItem } from '@contracts/feeds';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { SparklesIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { ItemDate } from './item-date';
import { ItemThumbnail } from './item-thumbnail';
import { ItemTitleButton, OpenableItem } from './openable-item';
import { StarButton } from './star-button';
import { StoryBadge } from './story-sources';

type FeedCardProps = {
  item: FeedItem;
  active: boolean;
  canRewrite: boolean;
  /** False on a single feed's page, where every item's source is that feed's name. */
  showSource?: boolean;
  openRef?: Ref<HTMLButtonElement>;
  onOpen: () => void;
  onRewrite: () => void;
};

export function FeedCard({ item, active, canRewrite, showSource = true, openRef, onOpen, onRewrite }: FeedCardProps) {
  return (
    <OpenableItem
      item={item}
      active={active}
      testId="feed-card"
      className="group flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md data-active:ring-2 data-active:ring-ring"
    >
      <ItemThumbnail src={item.thumbnail} className={cn(item.isRead && 'opacity-80')} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
          <span className="flex min-w-0 items-center gap-1.5">
            {item.isRead ? null : (
              <span className="size-2 shrink-0 rounded-full bg-primary" title="Unread">
                <span className="sr-only">Unread:</span>
              </span>
            )}
            {showSource ? <span className="truncate font-medium">{item.source}</span> : null}
          </span>
          <ItemDate pubDate={item.pubDate} className="shrink-0" />
        </div>
        <h3 className="text-base leading-snug">
          <ItemTitleButton
            item={item}
            openRef={openRef}
            onOpen={onOpen}
            className="line-clamp-3"
            unreadWeight="font-bold"
          />
        </h3>
        <StoryBadge item={item} />
        <p className="line-clamp-3 text-sm text-muted-foreground">{item.description || 'No description available'}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <StarButton item={item} />
          <Button
            variant="outline"
            size="sm"
            className="relative z-10"
            disabled={!canRewrite}
            title={canRewrite ? undefined : 'You need at least 1 credit to rewrite an article'}
            onClick={onRewrite}
          >
            <SparklesIcon /> Rewrite with AI
          </Button>
        </div>
      </div>
    </OpenableItem>
  );
}

export function FeedCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-5 w-5/6" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="ml-auto h-8 w-36" />
      </div>
    </div>
  );
}
