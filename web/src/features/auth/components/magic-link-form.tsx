// Passwordless sign-in: the server emails a one-time link to /auth/verify (valid 15 minutes).

import { emailOnlySchema } from '@contracts/auth';
import { Button, PendingButton } from '@/components/ui/button';
import { EmailField } from '@/components/ui/field';
import { MailIcon } from '@/components/ui/icons';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { useMagicLink } from '../api/magic-link';

export function MagicLinkForm() {
  const magicLink = useMagicLink();

  const { errors, onSubmit } = useFormSubmit(emailOnlySchema, (data) => {
    magicLink.mutate(data, {
      onSuccess: () => toast({ title: 'Magic link sent', description: 'Please check your email for the login link.' }),
      onError: (error) => toastApiError(error, 'Failed to send magic link', 'Please check your email and try again.'),
    });
  });

  if (magicLink.isSuccess) {
    return (
      <div className="grid justify-items-center gap-3 rounded-lg border border-border bg-muted/50 p-6 text-center">
        <MailIcon className="size-8 text-primary" />
        <p className="font-medium">Check your email</p>
        <p className="text-sm text-muted-foreground">
          If an account exists for {magicLink.data.email}, a sign-in link is on its way. It works once, for 15 minutes.
        </p>
        <Button variant="link" onClick={() => magicLink.reset()}>
          Use a different email
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <EmailField hint="We'll email you a link that signs you in, no password needed." error={errors.email} />
      <PendingButton type="submit" size="lg" pending={magicLink.isPending} pendingLabel="Sending...">
        Send Magic Link
      </PendingButton>
    </form>
  );
}
