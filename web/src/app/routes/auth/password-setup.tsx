import { PasswordFormScreen, passwordSetupTexts } from '@/features/auth/components/password-form-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Create Password');
  return <PasswordFormScreen texts={passwordSetupTexts} />;
}
