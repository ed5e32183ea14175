// Protected pages (spec §2): a centred spinner while the current user loads, the page inside the app
// shell when there is a user, otherwise a redirect to /auth/login. Signed in, the browser's time zone is
// reported once per session (date filters follow it), and the add-feed dialog is available everywhere.

import type { CurrentUser } from '@contracts/auth';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useSyncTimeZone } from '@/features/feeds/api/update-time-zone';
import { paths } from '@/lib/paths';
import { AddFeedHost } from '../../layout/add-feed-host';
import { AppShell } from '../../layout/app-shell';

export function Component() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to={paths.auth.login} replace />;
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
