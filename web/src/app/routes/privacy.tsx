import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { PrivacyPolicy } from '@/features/landing/components/privacy-policy';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Privacy Policy');
  const { data: user, isPending } = useCurrentUser();
  return <PrivacyPolicy signedOut={!isPending && !user} />;
}
