import { DevMailbox } from '@/features/dev-mailbox/components/dev-mailbox';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Dev Mailbox');
  return <DevMailbox />;
}
