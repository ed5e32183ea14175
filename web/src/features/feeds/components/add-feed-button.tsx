// Opens the add-feed flow. /home?addFeed=… is the deep link the spec gives the add-feed dialog (spec §2),
// so the button and the browser extension enter the same way.
import { Link } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

type AddFeedButtonProps = { label?: string; variant?: ButtonVariant; size?: ButtonSize; className?: string };

export function AddFeedButton({ label = 'Add Feed', variant, size, className }: AddFeedButtonProps) {
  return (
    <Link to={paths.addFeed()} className={buttonClasses({ variant, size, className })}>
      <PlusIcon /> {label}
    </Link>
  );
}
