// Confirms removing a WordPress site. Posts already published stay on the site; Feedloom forgets the
// site and its application password.
import type { WordPressSite } from '@contracts/wordpress';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useDeleteWordPressSite } from '../api/save-site';

type RemoveSiteDialogProps = { site: WordPressSite | null; onOpenChange: (open: boolean) => void };

export function RemoveSiteDialog({ site, onOpenChange }: RemoveSiteDialogProps) {
  const removeSite = useDeleteWordPressSite();

  const onConfirm = () => {
    if (!site) return;
    removeSite.mutate(site.id, {
      onSuccess: () => {
        toast({ title: 'WordPress site removed', description: `${site.name} is no longer connected.` });
        onOpenChange(false);
      },
      onError: (error) =>
        toastApiError(error, 'Failed to remove site', 'There was an error removing the site. Please try again.'),
    });
  };

  return (
    <Dialog
      open={site !== null}
      onOpenChange={onOpenChange}
      title="Remove WordPress Site"
      description={
        <>
          Are you sure you want to remove <span className="font-medium text-foreground">{site?.name}</span>? Its
          application password is deleted from Feedloom. Posts already on the site stay there.
        </>
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={removeSite.isPending}>
          {removeSite.isPending ? 'Removing...' : 'Remove Site'}
        </Button>
      </div>
    </Dialog>
  );
}
