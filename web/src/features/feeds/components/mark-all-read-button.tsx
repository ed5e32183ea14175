import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import type { ItemScope } from '../api/get-feed-items';
import { useMarkAllRead } from '../api/mark-all-read';
import { CheckCheckIcon } from './feed-icons';

/** Marks every item of a feed or a category read. */
export function MarkAllReadButton({ scope }: { scope: ItemScope }) {
  const markAll = useMarkAllRead();
  return (
    <Button
      variant="outline"
      disabled={markAll.isPending}
      onClick={() =>
        markAll.mutate(scope, {
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Error',
              description: apiErrorMessage(error) ?? 'An unexpected error occurred. Please try again.',
            }),
        })
      }
    >
      <CheckCheckIcon /> {markAll.isPending ? 'Marking...' : 'Mark all as read'}
    </Button>
  );
}
