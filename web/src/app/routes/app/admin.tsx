import { useQueryClient } from '@tanstack/react-query';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useDocumentTitle } from '@/lib/document-title';
import { userKeys } from '@/lib/query-keys';
import { useSignedInUser } from '../../layout/signed-in-user';

export function Component() {
  useDocumentTitle('Admin Dashboard');
  const queryClient = useQueryClient();
  return (
    <AdminDashboard
      isAdmin={useSignedInUser().isAdmin}
      // An admin may give credits to themselves: the sidebar's count is refetched.
      onCreditsChanged={() => queryClient.invalidateQueries({ queryKey: userKeys.current() })}
    />
  );
}
