// /account: the account feature's page, with the auth feature's "Email me a link" composed in.
import { useSignedInUser } from '@/app/layout/signed-in-user';
import { AccountPage } from '@/features/account/components/account-page';
import { ResetLinkButton } from '@/features/auth/components/reset-link-button';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Account');
  const user = useSignedInUser();
  return <AccountPage user={user} resetLinkButton={<ResetLinkButton email={user.email} />} />;
}
