// Confirms removing a WordPress site. Posts already published stay on the site; Feedloom forgets the
// site and its application password.
import type { WordPressSite } from '@contracts/wordpress';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={site !== null}
      onOpenChange={onOpenChange}
      title="Remove WordPress Site"
      description={
        <>
          Are you sure you want to remove <span className="font-medium text-foreground">{site?.name}</span>? Its
          application password is deleted from Feedloom. Posts already on the site stay there.
        </>
      }
      confirmLabel="Remove Site"
      pendingLabel="Removing..."
      pending={removeSite.isPending}
      onConfirm={onConfirm}
    />
  );
}
