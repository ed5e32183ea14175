import { VerifyEmailScreen } from '@/features/auth/components/verify-email-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Verify Email');
  return <VerifyEmailScreen />;
}
