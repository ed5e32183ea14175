// What a non-admin sees on the admin pages: a 403, not the tools (the server refuses them anyway).
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

export function AdminForbidden() {
  return (
    <EmptyState
      icon={<ShieldIcon />}
      title="403 · Admin only"
      description="You do not have permission to view this page. The admin tools are for administrators."
      action={
        <Link to={paths.home} className={buttonClasses({ variant: 'outline' })}>
          Back to My Feed
        </Link>
      }
    />
  );
}
