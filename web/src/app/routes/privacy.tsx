import { PrivacyPolicy } from '@/features/landing/components/privacy-policy';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Privacy Policy');
  return <PrivacyPolicy />;
}
