// What an item list says when it has nothing to show, and what to try next.
import type { DateFilter } from '@contracts/feeds';
import { EmptyState } from '@/components/ui/empty-state';
import { InboxIcon } from '@/components/ui/icons';

type ListEmptyStateProps = {
  starredList: boolean;
  unreadOnly: boolean;
  dateFilter: DateFilter;
  /** A search that found nothing: its words, and whether it searched one feed or category only. */
  search?: { text: string; scoped: boolean };
};

export function ListEmptyState({ starredList, unreadOnly, dateFilter, search }: ListEmptyStateProps) {
  if (search) {
    return (
      <EmptyState
        icon={<InboxIcon />}
        title={`No items match “${search.text}”`}
        description={
          search.scoped
            ? 'Nothing here matches every word. Search all feeds, or try fewer words.'
            : 'Nothing matches every word. Try fewer words, a prefix such as garden*, or a "quoted phrase".'
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<InboxIcon />}
      title={starredList ? 'No starred items' : 'No feed items found'}
      description={
        starredList
          ? 'Star an item (or press s on it) to keep it here, whatever retention removes.'
          : unreadOnly
            ? 'You have read everything here. Turn off "Unread only" to see read items.'
            : dateFilter === 'none'
              ? 'New items appear here as your feeds publish them.'
              : 'Nothing was published in this period. Try another date filter.'
      }
    />
  );
}
