import { useSignedInUser } from '@/app/layout/signed-in-user';
import { AccountPage } from '@/features/account/components/account-page';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Account');
  return <AccountPage user={useSignedInUser()} />;
}
