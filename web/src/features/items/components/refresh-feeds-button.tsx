// Refresh Feeds (spec §2, §4): queues a refresh, says "Feed refresh started", and the lists are refetched
// 2 s later; a failure says "Error refreshing feeds". Feeds checked minutes ago are not fetched again
// (issue 10 L3): the toast then says so in the server's words instead of promising new items.
import { Button } from '@/components/ui/button';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { useRefreshFeeds } from '../api/refresh-feeds';
import { RefreshIcon } from './item-icons';

export function useRefreshWithToast(input: { feedId?: number }) {
  const refresh = useRefreshFeeds();
  return {
    isPending: refresh.isPending,
    start: () => {
      if (refresh.isPending) return;
      refresh.mutate(input, {
        onSuccess: ({ queued, waiting, skipped, message }) =>
          queued + waiting > 0
            ? toast({
                title: 'Feed refresh started',
                description: skipped > 0 ? message : 'New items will appear in a few seconds.',
              })
            : toast({ title: 'Nothing to refresh yet', description: message }),
        onError: (error) => toastApiError(error, 'Error refreshing feeds', 'Please try again in a moment.'),
      });
    },
  };
}

export function RefreshFeedsButton({ refresh }: { refresh: ReturnType<typeof useRefreshWithToast> }) {
  return (
    // The icon alone below 1536 px, so the toolbar with its three views stays one row at 1280 (issue 27 §2,
    // §5) and a phone's scrolls less; the name and the tooltip stay "Refresh Feeds".
    <Button
      variant="outline"
      aria-label="Refresh Feeds"
      title="Refresh Feeds"
      className="max-2xl:px-3"
      onClick={refresh.start}
      disabled={refresh.isPending}
    >
      <RefreshIcon className={cn(refresh.isPending && 'animate-spin')} />{' '}
      <span className="hidden 2xl:inline">Refresh Feeds</span>
    </Button>
  );
}
