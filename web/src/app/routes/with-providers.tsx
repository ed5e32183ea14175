// Every route except the landing page sits under this one, which brings React Query. Its loader starts
// fetching the current user while the page's code loads (same query options as useCurrentUser).
import { Outlet } from 'react-router';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { queryClient } from '@/lib/query-client';
import { AppProviders } from '../providers';

export function loader() {
  void queryClient.prefetchQuery(currentUserQueryOptions());
  return null;
}

export function Component() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
