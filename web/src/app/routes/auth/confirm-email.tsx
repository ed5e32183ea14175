import { ConfirmEmailScreen } from '@/features/auth/components/confirm-email-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Confirm Email');
  return <ConfirmEmailScreen />;
}
