// The question before a destructive action (delete a feed, a category, a WordPress site, someone's AI
// generations): what will happen, Cancel, and the action. While the request runs the dialog stays
// open, so the person sees it finish or fail.
import type { ReactNode } from 'react';
import { PendingButton } from './button';
import { Dialog, DialogActions } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The action button's words ("Delete Feed") and what it says meanwhile ("Deleting..."). */
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      <DialogActions onCancel={() => onOpenChange(false)} cancelDisabled={pending}>
        <PendingButton variant="destructive" onClick={onConfirm} pending={pending} pendingLabel={pendingLabel}>
          {confirmLabel}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
