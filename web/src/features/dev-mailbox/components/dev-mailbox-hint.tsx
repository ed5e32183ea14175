// On "check your email" screens: when the app runs locally (the outbox answers), point to the mailbox.
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useOutbox } from '../api/get-outbox';

export function DevMailboxHint() {
  const outbox = useOutbox();
  if (!outbox.isSuccess) return null;
  return (
    <p className="mt-4 rounded-md border border-dashed border-border p-3 text-xs">
      Running locally? Emails land in the{' '}
      <Link to={paths.devMailbox} className="font-medium text-primary underline-offset-4 hover:underline">
        dev mailbox
      </Link>
      .
    </p>
  );
}
