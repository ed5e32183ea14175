import { PasswordFormScreen, resetPasswordTexts } from '@/features/auth/components/password-form-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Reset Password');
  return <PasswordFormScreen texts={resetPasswordTexts} />;
}
