// "Send me a digest now" (issue 4): builds a digest from the latest items at once and emails it to the person
// (its confirmed delivery address, else the account's own); at most three a day. The toast carries the server's own words.
import { PendingButton } from '@/components/ui/button';
import { SendIcon } from '@/components/ui/icons';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useSendDigestNow } from '../api/send-digest-now';

export function DigestNowButton() {
  const digest = useSendDigestNow();
  return (
    <PendingButton
      variant="outline"
      pending={digest.isPending}
      pendingLabel="Sending..."
      icon={<SendIcon />}
      onClick={() =>
        digest.mutate(undefined, {
          onSuccess: (result) => toast({ title: 'Digest requested', description: result.message }),
          onError: (error) => toastApiError(error, 'Could not send a digest', 'Please try again later.'),
        })
      }
    >
      Send me a digest now
    </PendingButton>
  );
}
