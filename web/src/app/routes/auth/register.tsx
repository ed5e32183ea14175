import { RegisterScreen } from '@/features/auth/components/register-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Create Account');
  return <RegisterScreen />;
}
