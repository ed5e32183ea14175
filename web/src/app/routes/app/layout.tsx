// Protected pages (spec §2): a centred spinner while the current user loads, the page inside the app
// shell when there is a user, otherwise a redirect to /auth/login.
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { paths } from '@/lib/paths';
import { AppShell } from '../../layout/app-shell';

export function Component() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to={paths.auth.login} replace />;
  return (
    <AppShell user={user}>
      <Outlet context={user} />
    </AppShell>
  );
}
