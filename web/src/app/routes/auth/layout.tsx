// Auth pages are for signed-out people: a signed-in person who opens one goes to /home (spec §2).
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { paths } from '@/lib/paths';

export function Component() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageSpinner />;
  if (user) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
