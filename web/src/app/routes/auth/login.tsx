import { LoginScreen } from '@/features/auth/components/login-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Sign In');
  return <LoginScreen />;
}
