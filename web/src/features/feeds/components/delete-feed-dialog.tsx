// "Delete Feed" (spec §2, §4): confirm, delete, refresh the lists, go to `/` (which sends a signed-in
// person to /home). Failure: "Failed to delete feed" with the server's message or the spec's fallback.
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { paths } from '@/lib/paths';
import { useDeleteFeed } from '../api/delete-feed';

type DeleteFeedDialogProps = { feedId: number; open: boolean; onOpenChange: (open: boolean) => void };

export function DeleteFeedDialog({ feedId, open, onOpenChange }: DeleteFeedDialogProps) {
  const deleteFeed = useDeleteFeed();
  const navigate = useNavigate();

  const onConfirm = () =>
    deleteFeed.mutate(feedId, {
      onSuccess: () => {
        toast({ title: 'Feed deleted' });
        onOpenChange(false);
        navigate(paths.landing);
      },
      onError: (error) =>
        toastApiError(error, 'Failed to delete feed', 'There was an error deleting your feed. Please try again.'),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!deleteFeed.isPending) onOpenChange(next);
      }}
      title="Delete Feed"
      description="Are you sure you want to delete this feed? This action cannot be undone, and all associated feed items will be removed."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={deleteFeed.isPending}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={deleteFeed.isPending}>
          {deleteFeed.isPending ? 'Deleting...' : 'Delete Feed'}
        </Button>
      </div>
    </Dialog>
  );
}
