// The two "choose a password" pages, /auth/password-setup and /auth/reset-password: both read ?token=,
// check password (at least 8 characters) and confirmation ("Passwords do not match"), then POST
// /api/auth/set-password, which signs the person in. Success shows a card and goes to My Feed after
// 2000 ms. The spec's card says "Go to Sign In" and redirects to /auth/login, but the person is signed in
// by then, so the card's button is "Go to My Feed" (issue 27; docs/deviations.md).

import { passwordFormSchema } from '@contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/layouts/auth-shell';
import { PendingButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { paths } from '@/lib/paths';
import { userKeys } from '@/lib/query-keys';
import { useSetPassword } from '../api/set-password';
import { AuthFormScreen } from './auth-form-screen';

const REDIRECT_DELAY_MS = 2000;

export type PasswordFormTexts = {
  invalidLink: string;
  title: string;
  description: string;
  submit: string;
  submitting: string;
  successTitle: string;
  failure: string;
};

export function PasswordFormScreen({ texts }: { texts: PasswordFormTexts }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const setPassword = useSetPassword();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Setting the password signs the person in (the server sets the session cookie): the current user is
  // read again (reset, so My Feed waits for it rather than seeing the signed-out answer cached here), and
  // there is no second login.
  const readSignedInUser = () => queryClient.resetQueries({ queryKey: userKeys.current() });
  // biome-ignore lint/correctness/useExhaustiveDependencies: readSignedInUser only uses queryClient
  useEffect(() => {
    if (!setPassword.isSuccess) return;
    const timer = window.setTimeout(() => {
      void readSignedInUser().then(() => navigate(paths.home, { replace: true }));
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [setPassword.isSuccess, navigate, queryClient]);

  const { errors, onSubmit } = useFormSubmit(passwordFormSchema, (data) => {
    if (!token) {
      toast({
        variant: 'destructive',
        title: 'Missing token',
        description: 'Password setup link is invalid or has expired. Please request a new one.',
      });
      return;
    }
    setPassword.mutate(
      { token, password: data.password },
      {
        onSuccess: () => toast({ title: 'Password set successfully', description: 'You are signed in.' }),
        onError: (error) => toastApiError(error, 'Failed to set password', texts.failure),
      },
    );
  });

  if (!token) {
    return (
      <StatusScreen
        tone="error"
        title="Invalid Link"
        description={texts.invalidLink}
        action={{ label: 'Back to Sign In', to: paths.auth.login }}
      />
    );
  }

  if (setPassword.isSuccess) {
    return (
      <StatusScreen
        tone="success"
        title={texts.successTitle}
        description="You are signed in. Taking you to your feeds..."
        action={{ label: 'Go to My Feed', to: paths.home, onClick: () => void readSignedInUser() }}
      />
    );
  }

  return (
    <AuthFormScreen
      title={texts.title}
      description={texts.description}
      elsewhere={{ question: 'Already have a password?', to: paths.auth.login, link: 'Sign in' }}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="Use at least 8 characters."
          error={errors.password}
        />
        <Field
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <PendingButton type="submit" size="lg" pending={setPassword.isPending} pendingLabel={texts.submitting}>
          {texts.submit}
        </PendingButton>
      </form>
    </AuthFormScreen>
  );
}

export const passwordSetupTexts: PasswordFormTexts = {
  invalidLink: 'This password setup link is invalid or has expired.',
  title: 'Create Password',
  description: 'Choose a password for your Feedloom account.',
  submit: 'Set Password',
  submitting: 'Setting password...',
  successTitle: 'Password Set Successfully',
  failure: 'Please try again or request a new password setup link.',
};

export const resetPasswordTexts: PasswordFormTexts = {
  invalidLink: 'This password reset link is invalid or has expired.',
  title: 'Reset Password',
  description: 'Choose a new password for your Feedloom account.',
  submit: 'Reset Password',
  submitting: 'Resetting password...',
  successTitle: 'Password Reset Successfully',
  failure: 'Please try again or request a new password reset link.',
};
