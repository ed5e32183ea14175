// An item list (spec §2 "feed grid"), shared by My Feed, the feed page and the category page: a toolbar
// (heading, date filter, Refresh Feeds, keyboard help), 6 skeleton cards while loading, the cards, the
// empty state "No feed items found", and pages loaded as the reader scrolls (or with "Load more").
// Opening a card shows the article and marks the item read. j/k/o/m/r/? work as use-item-keyboard says.
import type { DateFilter, FeedItem } from '@contracts/feeds';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, InboxIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-client';
import { type ItemScope, useFeedItems } from '../api/get-feed-items';
import { useSetItemRead } from '../api/update-feed-item';
import { DateFilterSelect } from './date-filter-select';
import { FeedCard, FeedCardSkeleton } from './feed-card';
import { KeyboardHelpDialog } from './keyboard-help-dialog';
import { RefreshFeedsButton, useRefreshWithToast } from './refresh-feeds-button';
import { useItemKeyboard } from './use-item-keyboard';

const loadArticleDialog = () => import('./article-dialog');
const ArticleDialog = lazy(() => loadArticleDialog().then((module) => ({ default: module.ArticleDialog })));

const SKELETON_CARDS = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

export type FeedItemsViewProps = {
  scope: ItemScope;
  dateFilter: DateFilter;
  onDateFilterChange: (dateFilter: DateFilter) => void;
  /** The left side of the toolbar, e.g. My Feed's page title. */
  heading?: ReactNode;
  /** Buttons beside the heading (Add Feed, Mark all as read…). */
  actions?: ReactNode;
  /** My Feed: with no date filter, split the grid into "Past 24 hours" and "Earlier". */
  groupRecent?: boolean;
  credits: number;
  onRewrite: (item: FeedItem) => void;
};

export function FeedItemsView({
  scope,
  dateFilter,
  onDateFilterChange,
  heading,
  actions,
  groupRecent = false,
  credits,
  onRewrite,
}: FeedItemsViewProps) {
  const query = useFeedItems({ scope, dateFilter });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const setRead = useSetItemRead();
  const refresh = useRefreshWithToast('feedId' in scope ? { feedId: scope.feedId } : {});
  const [openItem, setOpenItem] = useState<FeedItem | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const openButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const canRewrite = credits >= 1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const open = (index: number) => {
    const item = items[index];
    if (!item) return;
    select(index);
    setOpenItem(item);
    if (!item.isRead) setRead.mutate({ itemId: item.id, isRead: true });
  };

  const { activeIndex, select } = useItemKeyboard(items.length, {
    onMove: (index) => {
      const button = openButtons.current[index];
      button?.focus({ preventScroll: true });
      button?.closest('article')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    onOpen: open,
    onToggleRead: (index) => {
      const item = items[index];
      if (item) setRead.mutate({ itemId: item.id, isRead: !item.isRead });
    },
    onRefresh: refresh.start,
    onHelp: () => setHelpOpen(true),
    onReachEnd: loadMore,
  });

  // Fetch the article dialog's code (and DOMPurify) once there is something to open.
  const hasItems = items.length > 0;
  useEffect(() => {
    if (hasItems) void loadArticleDialog();
  }, [hasItems]);

  const renderGrid = (slice: FeedItem[], offset: number) => (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {slice.map((item, position) => {
        const index = offset + position;
        return (
          <FeedCard
            key={item.id}
            item={item}
            active={index === activeIndex}
            canRewrite={canRewrite}
            openRef={(element) => {
              openButtons.current[index] = element;
            }}
            onOpen={() => open(index)}
            onRewrite={() => {
              select(index);
              onRewrite(item);
            }}
          />
        );
      })}
    </div>
  );

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading feed items">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
          <FeedCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = (
      <EmptyState
        icon={<AlertIcon />}
        title="Error loading feed"
        description={`Error loading feed: ${apiErrorMessage(query.error) ?? query.error.message}`}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<InboxIcon />}
        title="No feed items found"
        description={
          dateFilter === 'none'
            ? 'New items appear here as your feeds publish them.'
            : 'Nothing was published in this period. Try another date filter.'
        }
      />
    );
  } else if (groupRecent && dateFilter === 'none') {
    const since = Date.now() - DAY_MS;
    const recentCount = items.findIndex((item) => Date.parse(item.pubDate) < since);
    const split = recentCount === -1 ? items.length : recentCount;
    body = (
      <div className="grid gap-8">
        <section aria-labelledby="items-recent" className="grid gap-4">
          <h2 id="items-recent" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Past 24 hours
          </h2>
          {split > 0 ? (
            renderGrid(items.slice(0, split), 0)
          ) : (
            <p className="text-sm text-muted-foreground">Nothing new in the past 24 hours.</p>
          )}
        </section>
        {split < items.length ? (
          <section aria-labelledby="items-earlier" className="grid gap-4">
            <h2 id="items-earlier" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              Earlier
            </h2>
            {renderGrid(items.slice(split), split)}
          </section>
        ) : null}
      </div>
    );
  } else {
    body = renderGrid(items, 0);
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        {heading || actions ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {heading ? <div className="grid min-w-0 gap-1">{heading}</div> : <span />}
            {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <DateFilterSelect value={dateFilter} onChange={onDateFilterChange} />
          <RefreshFeedsButton refresh={refresh} />
          <Button
            variant="ghost"
            size="icon"
            aria-label="Keyboard shortcuts"
            title="Keyboard shortcuts (?)"
            onClick={() => setHelpOpen(true)}
          >
            <kbd className="font-mono text-sm font-semibold">?</kbd>
          </Button>
        </div>
      </div>

      {body}

      {hasNextPage ? (
        <LoadMore onVisible={loadMore}>
          <Button variant="outline" onClick={loadMore} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <Spinner className="size-4" label="Loading more items" /> : null}
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </LoadMore>
      ) : null}

      {openItem ? (
        <Suspense fallback={null}>
          <ArticleDialog
            item={openItem}
            onClose={() => setOpenItem(null)}
            canRewrite={canRewrite}
            onRewrite={() => {
              setOpenItem(null);
              onRewrite(openItem);
            }}
          />
        </Suspense>
      ) : null}
      <KeyboardHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}

/** Calls `onVisible` when it scrolls near the viewport (infinite scroll); its button is the fallback. */
function LoadMore({ onVisible, children }: { onVisible: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="flex justify-center">
      {children}
    </div>
  );
}
