// The sidebar's categories (spec §2 layout): each category collapsible, with its unread count and its
// feeds (favicon, name, unread count, and a warning when the last refresh failed). Category names lead to
// /category/{id}, feeds to /feed/{id}; "General" holds the feeds without a category. Collapsed categories
// are remembered in localStorage.
import type { CategoryWithFeeds } from '@contracts/feeds';
import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { Favicon } from '@/components/ui/favicon';
import { AlertIcon, ChevronDownIcon, FolderIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useCategoriesWithFeeds } from '../api/get-categories-with-feeds';

const COLLAPSED_KEY = 'feedloom:collapsed-categories';
const groupKey = (group: CategoryWithFeeds) => (group.id === null ? 'general' : String(group.id));

function readCollapsed(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((value) => typeof value === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeCollapsed(collapsed: Set<string>) {
  try {
    localStorage.setItem(COLLAPSED_KEY, JSON.stringify([...collapsed]));
  } catch {
    // Not remembered; still collapsed for this page.
  }
}

const rowBase = 'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent';
const feedLink = ({ isActive }: { isActive: boolean }) =>
  cn(rowBase, 'hover:text-foreground', isActive ? 'bg-accent font-medium text-foreground' : 'text-muted-foreground');
const categoryLink = ({ isActive }: { isActive: boolean }) => cn(rowBase, 'font-medium', isActive && 'bg-accent');

function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto shrink-0 rounded-full bg-muted px-1.5 py-px text-xs font-semibold text-foreground tabular-nums">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

export function SidebarCategories({ onNavigate }: { onNavigate?: () => void }) {
  const { data: groups, isPending, error } = useCategoriesWithFeeds();
  const [collapsed, setCollapsed] = useState(readCollapsed);

  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      writeCollapsed(next);
      return next;
    });

  return (
    <section aria-labelledby="sidebar-categories" className="grid gap-2">
      <h2 id="sidebar-categories" className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Categories
      </h2>
      {isPending ? (
        <div className="grid gap-2 px-2" aria-hidden="true">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : error ? (
        <p role="alert" className="px-2 text-sm text-destructive">
          Error loading feed: {apiErrorMessage(error) ?? error.message}
        </p>
      ) : groups.length === 0 ? (
        <p className="flex items-start gap-2 px-2 text-sm text-muted-foreground">
          <FolderIcon className="mt-0.5 size-4 shrink-0" />
          Feeds you add appear here, grouped by category.
        </p>
      ) : (
        <ul className="grid gap-1">
          {groups.map((group) => (
            <SidebarCategory
              key={groupKey(group)}
              group={group}
              collapsed={collapsed.has(groupKey(group))}
              onToggle={() => toggle(groupKey(group))}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type SidebarCategoryProps = {
  group: CategoryWithFeeds;
  collapsed: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
};

function SidebarCategory({ group, collapsed, onToggle, onNavigate }: SidebarCategoryProps) {
  const listId = useId();
  return (
    <li>
      <div className="flex items-center gap-0.5">
        <button
          type="button"
          aria-expanded={!collapsed}
          aria-controls={listId}
          aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${group.name}`}
          onClick={onToggle}
          className="grid size-7 shrink-0 place-items-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <ChevronDownIcon className={cn('size-4 transition-transform', collapsed && '-rotate-90')} />
        </button>
        {group.id === null ? (
          <span className="flex min-w-0 flex-1 items-center gap-2 px-2 py-1.5 text-sm font-medium">
            <span className="truncate">{group.name}</span>
            <UnreadCount count={group.unreadCount} />
          </span>
        ) : (
          <NavLink to={paths.category(group.id)} onClick={onNavigate} className={categoryLink}>
            <span className="truncate">{group.name}</span>
            <UnreadCount count={group.unreadCount} />
          </NavLink>
        )}
      </div>
      <ul id={listId} hidden={collapsed} className="mt-0.5 ml-4 grid gap-0.5 border-l border-border pl-2">
        {group.feeds.length === 0 ? (
          <li className="px-2 py-1 text-xs text-muted-foreground">No feeds yet</li>
        ) : (
          group.feeds.map((feed) => (
            <li key={feed.id}>
              <NavLink to={paths.feed(feed.id)} onClick={onNavigate} className={feedLink}>
                <Favicon src={feed.favicon} size={16} />
                <span className="truncate">{feed.name}</span>
                {feed.lastError ? (
                  <span title={`Last refresh failed: ${feed.lastError}`} className="shrink-0 text-destructive">
                    <AlertIcon className="size-3.5" />
                    <span className="sr-only">(refresh failed: {feed.lastError})</span>
                  </span>
                ) : null}
                <UnreadCount count={feed.unreadCount} />
              </NavLink>
            </li>
          ))
        )}
      </ul>
    </li>
  );
}
