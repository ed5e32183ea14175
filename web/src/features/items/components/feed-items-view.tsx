// An item list (spec §2 "feed grid"), shared by My Feed, the feed page and the category page: a toolbar
// (heading, date filter, order, unread only, cards or rows, mark all as read, Refresh Feeds, keyboard
// help), 6 skeleton cards while loading, the items, the empty state "No feed items found", and pages
// loaded as the reader scrolls (or with "Load more"). Opening an item shows the article at `?item=<id>`
// and marks it read. The keys are use-item-keyboard's. With `?q=` in the address the list is a search of
// the same scope (issue 14): rows with highlighted snippets, and a line saying what was searched where.
import type { DateFilter, FeedItem, FeedListEntry } from '@contracts/feeds';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { type ItemScope, useFeedItems } from '../api/get-feed-items';
import { useSetItemStarred } from '../api/set-item-starred';
import { useSetItemRead } from '../api/update-feed-item';
import { FeedCardSkeleton } from './feed-card';
import { ItemCollection } from './item-collection';
import { KeyboardHelpDialog } from './keyboard-help-dialog';
import { ListEmptyState } from './list-empty-state';
import { useListSettings } from './list-settings';
import { ListToolbar } from './list-toolbar';
import { LoadMore } from './load-more';
import { useMarkAllReadWithToast } from './mark-all-read-button';
import { useRefreshWithToast } from './refresh-feeds-button';
import { SearchSummary } from './search-summary';
import { nextUnreadIndex, useItemKeyboard } from './use-item-keyboard';
import { useItemSearch } from './use-item-search';
import { useOpenItem } from './use-open-item';

const loadArticleDialog = () => import('./article-dialog');
const ArticleDialog = lazy(() => loadArticleDialog().then((module) => ({ default: module.ArticleDialog })));

const ExpandedStream = lazy(() => import('./expanded-stream').then((module) => ({ default: module.ExpandedStream })));

const SKELETON_CARDS = 6;

export type FeedItemsViewProps = {
  /** Whose list settings (cards or rows, unread only, order) apply. */
  userId: number;
  scope: ItemScope;
  dateFilter: DateFilter;
  onDateFilterChange: (dateFilter: DateFilter) => void;
  /** The left side of the toolbar, e.g. My Feed's page title. */
  heading?: ReactNode;
  /** Buttons beside the heading (Add Feed, OPML…). */
  actions?: ReactNode;
  /** The followed feeds, for their favicons and names (the feeds feature owns the list; the app passes it in). */
  feeds: readonly Pick<FeedListEntry, 'id' | 'name' | 'favicon'>[] | undefined;
  /** My Feed: newest first with no date filter, split the list into "Past 24 hours" and "Earlier". */
  groupRecent?: boolean;
  /** With groupRecent: the server's unread count of the scope, the one the sidebar shows. */
  unreadTotal?: number;
  credits: number;
  onRewrite: (item: FeedItem) => void;
  /**
   * `n` found no unread item after the selected one, and no page is left to load: the app moves on to
   * the next feed with unread items, as Google Reader does, and says when there is none (issue 27 §3).
   */
  onNoMoreUnread?: () => void;
};

export function FeedItemsView({
  userId,
  scope,
  dateFilter,
  onDateFilterChange,
  heading,
  actions,
  groupRecent = false,
  unreadTotal,
  feeds,
  credits,
  onRewrite,
  onNoMoreUnread,
}: FeedItemsViewProps) {
  const navigate = useNavigate();
  const [settings, updateSettings] = useListSettings(userId);
  // The Starred list is its own filter: "unread only" and "mark all as read" have no say there.
  const starredList = 'starred' in scope;
  const search = useItemSearch();
  const query = useFeedItems({
    scope,
    dateFilter,
    filter: settings.unreadOnly && !starredList ? 'unread' : 'all',
    sort: search.byRelevance ? 'relevance' : settings.sort,
    search: search.text,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const isRead = useMemo(() => items.map((item) => item.isRead), [items]);
  const scopeLabel =
    'feedId' in scope
      ? (feeds?.find((feed) => feed.id === scope.feedId)?.name ?? 'this feed')
      : 'categoryId' in scope
        ? 'this category'
        : starredList
          ? 'Starred'
          : null;
  const favicons = useMemo(() => new Map((feeds ?? []).map((feed) => [feed.id, feed.favicon])), [feeds]);
  const setRead = useSetItemRead();
  const setStarred = useSetItemStarred();
  const refresh = useRefreshWithToast('feedId' in scope ? { feedId: scope.feedId } : {});
  const markAll = useMarkAllReadWithToast(scope);
  const article = useOpenItem(items);
  const [helpOpen, setHelpOpen] = useState(false);
  const openButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const canRewrite = credits >= 1;
  const expanded = settings.view === 'expanded' && !search.text;
  const { pathname } = useLocation();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  // Whichever way an item opened (a click, a key, a link), it is now read: once per opening, so "Mark as
  // unread" in the article sticks.
  const { openItem } = article;
  const markRead = setRead.mutate;
  const markedOnOpen = useRef<number | null>(null);
  useEffect(() => {
    if (markedOnOpen.current === (openItem?.id ?? null)) return;
    markedOnOpen.current = openItem?.id ?? null;
    if (openItem && !openItem.isRead) markRead({ itemId: openItem.id, isRead: true });
  }, [openItem, markRead]);

  const open = (index: number) => {
    const item = items[index];
    if (!item) return;
    select(index);
    article.open(item);
  };

  /** n at the end of what is loaded: the next page if there is one, else the app's next feed. */
  const noNextUnread = () => {
    if (hasNextPage) loadMore();
    else if (onNoMoreUnread) onNoMoreUnread();
    else toast({ title: 'No more unread items', description: 'Everything here is read.' });
  };
  const openOriginal = (item: FeedItem | undefined) => {
    if (item?.link) window.open(item.link, '_blank', 'noopener,noreferrer');
  };
  const go = (where: 'all' | 'starred' | 'unread') => {
    if (where === 'starred') {
      navigate(paths.starred);
      return;
    }
    updateSettings({ unreadOnly: where === 'unread' });
    navigate(paths.home);
  };

  const { activeIndex, select } = useItemKeyboard(
    items.length,
    {
      onMove: (index) => {
        const button = openButtons.current[index];
        button?.focus({ preventScroll: true });
        // The expanded view brings the article's start to the top; the others only make the item visible.
        button
          ?.closest('article')
          ?.scrollIntoView(expanded ? { block: 'start' } : { block: 'nearest', behavior: 'smooth' });
      },
      onOpen: open,
      onOpenOriginal: (index) => openOriginal(items[index]),
      onNoNextUnread: noNextUnread,
      onGo: go,
      onToggleRead: (index) => {
        const item = items[index];
        if (item) setRead.mutate({ itemId: item.id, isRead: !item.isRead });
      },
      onToggleStar: (index) => {
        const item = items[index];
        if (item) setStarred.mutate({ itemId: item.id, isStarred: !item.isStarred });
      },
      onToggleUnreadOnly: () => {
        if (!starredList) updateSettings({ unreadOnly: !settings.unreadOnly });
      },
      onMarkAllRead: () => {
        if (!starredList) markAll.start();
      },
      onRefresh: refresh.start,
      onHelp: () => setHelpOpen(true),
      onReachEnd: loadMore,
    },
    isRead,
  );

  /** Next or previous from the article: the list's neighbour, loading the next page at the end. */
  const step = (direction: 1 | -1) => {
    const index = article.openIndex + direction;
    const item = items[index];
    if (item) {
      select(index);
      article.show(item);
    } else if (direction === 1) {
      loadMore();
    }
  };
  const atListEnd = article.openIndex === items.length - 1 && !hasNextPage;
  /** n in the article: the next unread item of the list, opened in its place. */
  const stepToUnread = () => {
    const index = nextUnreadIndex(article.openIndex, isRead);
    const item = items[index];
    if (item) {
      select(index);
      article.show(item);
    } else noNextUnread();
  };

  // Fetch the article dialog's code (and DOMPurify) once there is something to open.
  const hasItems = items.length > 0;
  useEffect(() => {
    if (hasItems) void loadArticleDialog();
  }, [hasItems]);

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
        title={search.text ? 'Search failed' : 'Error loading feed'}
        description={`${search.text ? 'Search failed' : 'Error loading feed'}: ${apiErrorMessage(query.error) ?? query.error.message}`}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (items.length === 0 && hasNextPage) {
    // Nothing in the pages so far, but more to read (a search's window of older rows, or newer ones oldest
    // first): not "no items" yet.
    const further = settings.sort === 'oldest' && !search.byRelevance ? 'newer' : 'older';
    body = (
      <div className="flex justify-center py-8">
        <Spinner className="size-5" label={search.text ? `Searching ${further} items` : `Loading ${further} items`} />
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <ListEmptyState
        starredList={starredList}
        unreadOnly={settings.unreadOnly}
        dateFilter={dateFilter}
        search={search.text ? { text: search.text, scoped: scopeLabel !== null } : undefined}
      />
    );
  } else if (expanded) {
    body = (
      <Suspense fallback={<Spinner className="size-5" label="Loading the articles" />}>
        <ExpandedStream
          items={items}
          positionKey={pathname}
          showSource={!('feedId' in scope)}
          favicons={favicons}
          activeIndex={activeIndex}
          markReadOnScroll={settings.markReadOnScroll && !starredList}
          setOpenButton={(index, element) => {
            openButtons.current[index] = element;
          }}
          onOpen={open}
          onScrolledPast={(index) => {
            const item = items[index];
            if (item && !item.isRead) setRead.mutate({ itemId: item.id, isRead: true });
          }}
          onToggleRead={(index) => {
            const item = items[index];
            if (item) setRead.mutate({ itemId: item.id, isRead: !item.isRead });
          }}
          onRestore={select}
        />
      </Suspense>
    );
  } else {
    body = (
      <ItemCollection
        items={items}
        view={search.text ? 'list' : settings.view}
        groupRecent={groupRecent && !search.text && dateFilter === 'none' && settings.sort === 'newest'}
        unreadTotal={unreadTotal}
        hasMore={hasNextPage}
        showSource={!('feedId' in scope)}
        favicons={favicons}
        activeIndex={activeIndex}
        canRewrite={canRewrite}
        setOpenButton={(index, element) => {
          openButtons.current[index] = element;
        }}
        onOpen={open}
        onRewrite={(index) => {
          const item = items[index];
          if (!item) return;
          select(index);
          onRewrite(item);
        }}
      />
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-6">
      <div className="grid grid-cols-1 gap-3">
        {heading || actions ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {heading ? <div className="grid min-w-0 gap-1">{heading}</div> : <span />}
            {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
          </div>
        ) : null}
        {search.text ? <SearchSummary text={search.text} scopeLabel={scopeLabel} onClear={search.clear} /> : null}
        <ListToolbar
          dateFilter={dateFilter}
          onDateFilterChange={onDateFilterChange}
          settings={settings}
          onSettingsChange={updateSettings}
          search={
            search.text ? { byRelevance: search.byRelevance, onByRelevanceChange: search.setByRelevance } : undefined
          }
          readControls={!starredList}
          markAll={markAll}
          refresh={refresh}
          onHelp={() => setHelpOpen(true)}
        />
      </div>

      {body}

      {hasNextPage ? (
        <LoadMore onVisible={loadMore} loadedPages={query.data?.pages.length ?? 0}>
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
            onClose={article.close}
            onPrevious={article.openIndex > 0 ? () => step(-1) : undefined}
            onNext={article.openIndex >= 0 && !atListEnd ? () => step(1) : undefined}
            onNextUnread={stepToUnread}
            onOpenOriginal={() => openOriginal(openItem)}
            onToggleRead={() => setRead.mutate({ itemId: openItem.id, isRead: !openItem.isRead })}
            canRewrite={canRewrite}
            onRewrite={() => {
              article.close();
              onRewrite(openItem);
            }}
          />
        </Suspense>
      ) : null}
      <KeyboardHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
