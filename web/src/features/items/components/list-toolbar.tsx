// The controls above every item list: date filter, unread only, newest or oldest first (or best match
// first on a search), cards or rows,
// mark all as read, Refresh Feeds and the keyboard help.
import type { DateFilter } from '@contracts/feeds';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TooltipButton } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { DateFilterSelect } from './date-filter-select';
import type { ListSettings } from './list-settings';
import { MarkAllReadButton, type useMarkAllReadWithToast } from './mark-all-read-button';
import { RefreshFeedsButton, type useRefreshWithToast } from './refresh-feeds-button';

const VIEW_LABELS = { cards: 'Cards', list: 'List', expanded: 'Expanded' } as const;

type ListToolbarProps = {
  dateFilter: DateFilter;
  onDateFilterChange: (dateFilter: DateFilter) => void;
  settings: ListSettings;
  onSettingsChange: (change: Partial<ListSettings>) => void;
  /** A searched list offers "Best match first" beside the remembered order, and shows rows only. */
  search?: { byRelevance: boolean; onByRelevanceChange: (byRelevance: boolean) => void };
  /** Unread only and Mark all as read; not on the Starred list. */
  readControls: boolean;
  markAll: ReturnType<typeof useMarkAllReadWithToast>;
  refresh: ReturnType<typeof useRefreshWithToast>;
  onHelp: () => void;
};

export function ListToolbar({
  dateFilter,
  onDateFilterChange,
  settings,
  onSettingsChange,
  search,
  readControls,
  markAll,
  refresh,
  onHelp,
}: ListToolbarProps) {
  return (
    <div className="flex min-w-0 items-center gap-2 sm:flex-wrap">
      {/* On a phone the filters scroll sideways in one row, so the list starts high enough for 15 compact
          rows on the first screen (issue 27 §2); the buttons with a menu stay outside, where it can open. */}
      <div className="relative -my-1 flex min-w-0 flex-1 items-center gap-2 overflow-x-auto py-1 *:shrink-0 sm:contents">
        <DateFilterSelect value={dateFilter} onChange={onDateFilterChange} />
        <Select
          aria-label="Order"
          value={search?.byRelevance ? 'relevance' : settings.sort}
          onChange={(event) => {
            const order = event.target.value;
            search?.onByRelevanceChange(order === 'relevance');
            if (order !== 'relevance') onSettingsChange({ sort: order === 'oldest' ? 'oldest' : 'newest' });
          }}
          className="w-36"
        >
          {search ? <option value="relevance">Best match first</option> : null}
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </Select>
        {readControls ? (
          <Button
            variant={settings.unreadOnly ? 'primary' : 'outline'}
            aria-pressed={settings.unreadOnly}
            onClick={() => onSettingsChange({ unreadOnly: !settings.unreadOnly })}
          >
            Unread only
          </Button>
        ) : null}
        {search ? null : (
          <fieldset className="relative inline-flex rounded-md border border-input p-0.5">
            <legend className="sr-only">View</legend>
            {(['cards', 'list', 'expanded'] as const).map((view) => (
              <label
                key={view}
                className={cn(
                  'cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  settings.view === view ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
                )}
              >
                <input
                  type="radio"
                  name="item-view"
                  value={view}
                  checked={settings.view === view}
                  onChange={() => onSettingsChange({ view })}
                  className="sr-only"
                />
                {VIEW_LABELS[view]}
              </label>
            ))}
          </fieldset>
        )}
        {!search && settings.view === 'expanded' && readControls ? (
          <Button
            variant={settings.markReadOnScroll ? 'primary' : 'outline'}
            aria-pressed={settings.markReadOnScroll}
            onClick={() => onSettingsChange({ markReadOnScroll: !settings.markReadOnScroll })}
          >
            Mark read on scroll
          </Button>
        ) : null}
      </div>
      {readControls ? <MarkAllReadButton markAll={markAll} /> : null}
      <RefreshFeedsButton refresh={refresh} />
      {/* Phones have no keyboard to speak of: the shortcut help starts at the `sm` width. */}
      <span className="hidden sm:contents">
        <TooltipButton
          label="Keyboard shortcuts (?)"
          icon={<kbd className="font-mono text-sm font-semibold">?</kbd>}
          onClick={onHelp}
        />
      </span>
    </div>
  );
}
