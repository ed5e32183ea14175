// "No password yet, or forgot it? Email me a link" on /account: sends a link to set a new password to the
// signed-in address (an account made with a magic link has no password yet). The account page shows it;
// the app composes it in because it belongs to sign-in.
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useForgotPassword } from '../api/forgot-password';

export function ResetLinkButton({ email }: { email: string }) {
  const resetLink = useForgotPassword();
  const sendResetLink = () =>
    resetLink.mutate(
      { email },
      {
        onSuccess: () =>
          toast({ title: 'Check your email', description: `We sent a link to set a new password to ${email}.` }),
        onError: (error) => toastApiError(error, 'Could not send the link', 'Please try again.'),
      },
    );
  return (
    // A plain button, not Button: the link look never wraps, and this sentence must on a phone.
    <button
      type="button"
      className="text-left text-sm font-medium text-primary underline-offset-4 hover:underline disabled:opacity-50"
      onClick={sendResetLink}
      disabled={resetLink.isPending}
    >
      No password yet, or forgot it? Email me a link
    </button>
  );
}
