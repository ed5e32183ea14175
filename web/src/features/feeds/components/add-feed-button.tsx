// Opens the add-feed dialog (rendered once by the app shell) wherever the button sits.
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { openAddFeedDialog } from './add-feed-dialog-store';

type AddFeedButtonProps = { label?: string; variant?: ButtonVariant; size?: ButtonSize; className?: string };

export function AddFeedButton({ label = 'Add Feed', variant, size, className }: AddFeedButtonProps) {
  return (
    <Button variant={variant} size={size} className={className} onClick={() => openAddFeedDialog()}>
      <PlusIcon /> {label}
    </Button>
  );
}
