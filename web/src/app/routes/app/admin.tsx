import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useDocumentTitle } from '@/lib/document-title';
import { useSignedInUser } from '../../layout/signed-in-user';

export function Component() {
  useDocumentTitle('Admin Dashboard');
  return <AdminDashboard isAdmin={useSignedInUser().isAdmin} />;
}
