// /auth/forgot-password: once the answer carries the email, a confirmation replaces the form (spec §4).

import { emailOnlySchema } from '@contracts/auth';
import { Link } from 'react-router';
import { AuthShell } from '@/components/layouts/auth-shell';
import { buttonClasses, PendingButton } from '@/components/ui/button';
import { CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { EmailField } from '@/components/ui/field';
import { toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { paths } from '@/lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import { AuthFormScreen } from './auth-form-screen';

export function ForgotPasswordScreen() {
  const forgotPassword = useForgotPassword();
  const sentTo = forgotPassword.data?.email;

  const { errors, onSubmit } = useFormSubmit(emailOnlySchema, (data) => {
    forgotPassword.mutate(data, {
      onError: (error) => toastApiError(error, 'Error', 'An unexpected error occurred. Please try again.'),
    });
  });

  if (sentTo) {
    return (
      <AuthShell>
        <CardHeader>
          <CardTitle>Check your email</CardTitle>
          <CardDescription>
            If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, we've sent it a link
            to reset the password. The link works for 1 hour.
          </CardDescription>
        </CardHeader>
        <CardFooter>
          <Link to={paths.auth.login} className={buttonClasses({ className: 'w-full' })}>
            Back to Sign In
          </Link>
        </CardFooter>
      </AuthShell>
    );
  }

  return (
    <AuthFormScreen
      title="Forgot your password?"
      description="Enter your email and we'll send you a link to choose a new one."
      elsewhere={{ question: 'Remembered it?', to: paths.auth.login, link: 'Back to Sign In' }}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <EmailField error={errors.email} />
        <PendingButton type="submit" size="lg" pending={forgotPassword.isPending} pendingLabel="Sending...">
          Send Reset Link
        </PendingButton>
      </form>
    </AuthFormScreen>
  );
}
