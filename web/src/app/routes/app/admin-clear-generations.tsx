import { ClearGenerationsPage } from '@/features/admin/components/clear-generations-page';
import { useDocumentTitle } from '@/lib/document-title';
import { useSignedInUser } from '../../layout/signed-in-user';

export function Component() {
  useDocumentTitle('Clear User Generations');
  return <ClearGenerationsPage isAdmin={useSignedInUser().isAdmin} />;
}
