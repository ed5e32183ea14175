// Protected pages (spec §2): a centred spinner while the current user loads, the page inside the app
// shell when there is a user, otherwise a redirect to /auth/login?redirect=<this page>. Signed in, the browser's time zone is
// reported once per session (date filters follow it), and the add-feed dialog is available everywhere.

import type { CurrentUser } from '@contracts/auth';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useSyncTimeZone } from '@/features/items/api/update-time-zone';
import { paths } from '@/lib/paths';
import { AddFeedHost } from '../../layout/add-feed-host';
import { AppShell } from '../../layout/app-shell';

export function Component() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  // The login page sends the person back here once signed in (the login response's redirect).
  if (!user) return <Navigate to={paths.loginReturningTo(location)} replace />;
  return <SignedInApp user={user} />;
}

function SignedInApp({ user }: { user: CurrentUser }) {
  useSyncTimeZone(user.id);
  return (
    <AppShell user={user}>
      <Outlet context={user} />
      <AddFeedHost />
    </AppShell>
  );
}
