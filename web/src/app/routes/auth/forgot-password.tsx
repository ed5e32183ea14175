import { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Forgot Password');
  return <ForgotPasswordScreen />;
}
