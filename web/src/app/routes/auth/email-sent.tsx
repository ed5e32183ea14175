import { EmailSentScreen } from '@/features/auth/components/email-sent-screen';
import { DevMailboxHint } from '@/features/dev-mailbox/components/dev-mailbox-hint';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Check your email');
  return (
    <EmailSentScreen>
      <DevMailboxHint />
    </EmailSentScreen>
  );
}
