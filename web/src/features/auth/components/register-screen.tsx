// /auth/register (spec §5 Register: a name of at least 2 characters and a valid email). "Create Account"
// emails a link to create a password; the secondary action signs up with email verification instead
// (a sign-in link, no password). Either way the person goes to /auth/email-sent after 0.5 s, which in
// development links to the dev mailbox.

import { registerSchema } from '@contracts/auth';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PendingButton } from '@/components/ui/button';
import { EmailField, Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { type FieldErrors, focusFirstError, readForm, validateForm } from '@/lib/form';
import { paths } from '@/lib/paths';
import { useEmailSignup } from '../api/email-signup';
import { useRegister } from '../api/register';
import { AuthFormScreen } from './auth-form-screen';

const REDIRECT_DELAY_MS = 500;

export function RegisterScreen() {
  const register = useRegister();
  const emailSignup = useEmailSignup();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = register.isPending || emailSignup.isPending || register.isSuccess || emailSignup.isSuccess;

  const validate = () => {
    const form = formRef.current;
    if (!form) return null;
    const result = validateForm(registerSchema, readForm(form));
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(form, result.errors);
      return null;
    }
    setErrors({});
    return result.data;
  };

  const onCreateAccount = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    register.mutate(input, {
      // No toast: the "Check your email" page says what happens next, and a "Please sign in" beside it
      // would say the opposite (there is no password to sign in with until the emailed link sets one).
      onSuccess: (response) => {
        window.setTimeout(
          () => navigate(`${paths.auth.emailSent}?type=password_setup`, { state: { email: response.email } }),
          REDIRECT_DELAY_MS,
        );
      },
      onError: (error) => toastApiError(error, 'Registration failed', 'Could not create account'),
    });
  };

  const onEmailSignup = () => {
    const input = validate();
    if (!input) return;
    emailSignup.mutate(input, {
      onSuccess: (response) => {
        toast({ title: 'Signup successful', description: 'Please check your email for the verification link.' });
        window.setTimeout(
          () => navigate(paths.auth.emailSent, { state: { email: response.email } }),
          REDIRECT_DELAY_MS,
        );
      },
      onError: (error) => toastApiError(error, 'Signup failed', 'Please try again.'),
    });
  };

  return (
    <AuthFormScreen
      title="Create an account"
      description="Start with 3 feeds and 5 AI credits on the Free plan."
      elsewhere={{ question: 'Already have an account?', to: paths.auth.login, link: 'Sign in' }}
      alternative={
        <>
          <PendingButton
            variant="outline"
            className="w-full"
            onClick={onEmailSignup}
            pending={emailSignup.isPending}
            pendingLabel="Signing up..."
            disabled={busy}
          >
            Sign up with email verification
          </PendingButton>
          <p className="text-center text-xs text-muted-foreground">
            No password needed: we'll email you a link that verifies your address and signs you in.
          </p>
        </>
      }
    >
      <form ref={formRef} noValidate onSubmit={onCreateAccount} className="grid gap-4">
        <Field label="Name" name="name" autoComplete="name" placeholder="Ada Lovelace" error={errors.name} />
        <EmailField hint="We'll email you a link to create your password." error={errors.email} />
        <PendingButton
          type="submit"
          size="lg"
          pending={register.isPending}
          pendingLabel="Creating account..."
          disabled={busy}
        >
          Create Account
        </PendingButton>
      </form>
    </AuthFormScreen>
  );
}
