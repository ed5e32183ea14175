// "Delete Feed" (spec §2, §4): confirm, delete, refresh the lists, go to `/`, which sends a signed-in
// person to /home. The person here is signed in, so the dialog goes to /home itself: through `/` the
// landing page's code would load and its loader ask the server again who is signed in, and a failed ask
// would show the landing page to someone signed in. Failure: "Failed to delete feed" with the server's
// message or the spec's fallback.
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
        navigate(paths.home);
      },
      onError: (error) =>
        toastApiError(error, 'Failed to delete feed', 'There was an error deleting your feed. Please try again.'),
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Feed"
      description="Are you sure you want to delete this feed? This action cannot be undone, and all associated feed items will be removed."
      confirmLabel="Delete Feed"
      pendingLabel="Deleting..."
      pending={deleteFeed.isPending}
      onConfirm={onConfirm}
    />
  );
}
