// Password sign-in (spec §5 Login: a valid email, a password of at least 6 characters). On success the
// current user is refreshed and the person goes to /home, or, sent here from a protected page, back to it:
// the page travels with the sign-in and comes back as the response's redirect, followed after 300 ms.

import { loginFormSchema, safeReturnPath } from '@contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { textLinkClasses } from '@/components/layouts/auth-shell';
import { PendingButton } from '@/components/ui/button';
import { EmailField, Field } from '@/components/ui/field';
import { carryToastsOverReload, toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { paths } from '@/lib/paths';
import { userKeys } from '@/lib/query-keys';
import { useLogin } from '../api/login';

const REDIRECT_DELAY_MS = 300;

export function LoginForm() {
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The protected page that sent the person here (/auth/login?redirect=/feed/3).
  const returnTo = safeReturnPath(useSearchParams()[0].get('redirect'));

  const { errors, onSubmit } = useFormSubmit(loginFormSchema, (data) => {
    login.mutate(returnTo ? { ...data, redirect: returnTo } : data, {
      onSuccess: async (response) => {
        toast({ title: 'Login successful', description: 'You have been logged in successfully.' });
        const redirect = safeReturnPath(response?.redirect);
        if (redirect) {
          // Marked stale without refetching, so this page does not jump to /home first; the page the
          // browser loads 300 ms later (spec §4) asks for the user afresh.
          await queryClient.invalidateQueries({ queryKey: userKeys.current(), refetchType: 'none' });
          window.setTimeout(() => {
            carryToastsOverReload();
            window.location.assign(redirect);
          }, REDIRECT_DELAY_MS);
        } else {
          await queryClient.invalidateQueries({ queryKey: userKeys.current() });
          navigate(paths.home, { replace: true });
        }
      },
      onError: (error) => toastApiError(error, 'Login failed', 'Invalid username or password'),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <EmailField name="username" autoComplete="username" error={errors.username} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        labelAside={
          <Link to={paths.auth.forgotPassword} className={`text-sm ${textLinkClasses}`}>
            Forgot password?
          </Link>
        }
      />
      <PendingButton type="submit" size="lg" pending={login.isPending} pendingLabel="Signing in...">
        Sign In
      </PendingButton>
    </form>
  );
}
