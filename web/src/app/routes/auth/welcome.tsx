import { AuthWelcome } from '@/features/auth/components/auth-welcome';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Welcome');
  return <AuthWelcome />;
}
