// Password sign-in (spec §5 Login: a valid email, a password of at least 6 characters). On success the
// current user is refreshed and the person goes to /home, or to the response's redirect after 300 ms.

import { loginFormSchema } from '@contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { type FieldErrors, focusFirstError, readForm, validateForm } from '@/lib/form';
import { paths } from '@/lib/paths';
import { currentUserQueryKey } from '../api/get-current-user';
import { useLogin } from '../api/login';
import { textLinkClasses } from './auth-shell';

const REDIRECT_DELAY_MS = 300;

/** Only same-origin redirects are followed, so a crafted response cannot send people elsewhere. */
function sameOriginUrl(target: string): string | null {
  try {
    const url = new URL(target, window.location.origin);
    return url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

export function LoginForm() {
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validateForm(loginFormSchema, readForm(form));
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(form, result.errors);
      return;
    }
    setErrors({});
    login.mutate(result.data, {
      onSuccess: async (response) => {
        toast({ title: 'Login successful', description: 'You have been logged in successfully.' });
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        const redirect = response?.redirect ? sameOriginUrl(response.redirect) : null;
        if (redirect) {
          window.setTimeout(() => window.location.assign(redirect), REDIRECT_DELAY_MS);
        } else {
          navigate(paths.home, { replace: true });
        }
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Login failed',
          description: apiErrorMessage(error) ?? 'Invalid username or password',
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        label="Email"
        name="username"
        type="email"
        autoComplete="username"
        placeholder="you@example.com"
        error={errors.username}
      />
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
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
