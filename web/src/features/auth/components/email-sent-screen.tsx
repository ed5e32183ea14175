// /auth/email-sent: "type=password_setup" (after registering) says the link creates a password;
// otherwise the link verifies the address and signs in (after email signup).
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthShell } from '@/components/layouts/auth-shell';
import { buttonClasses } from '@/components/ui/button';
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { MailIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

function sentTo(state: unknown): string | null {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string') return state.email;
  return null;
}

export function EmailSentScreen({ children }: { children?: ReactNode }) {
  const [searchParams] = useSearchParams();
  const email = sentTo(useLocation().state);
  const passwordSetup = searchParams.get('type') === 'password_setup';
  const recipient = email ? <span className="font-medium text-foreground">{email}</span> : 'your inbox';

  return (
    <AuthShell>
      <CardHeader className="items-center text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
          <MailIcon className="size-6" />
        </span>
        <CardTitle>Check your email</CardTitle>
        <CardDescription>
          {passwordSetup ? (
            <>We've sent a link to {recipient}. Open it to create your password and finish setting up your account.</>
          ) : (
            <>We've sent a verification link to {recipient}. Open it to verify your email address and sign in.</>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-center text-sm text-muted-foreground">
        The link works for 24 hours. If it hasn't arrived in a few minutes, check your spam folder.
        {children}
      </CardContent>
      <CardFooter>
        <Link to={paths.auth.login} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
          Back to Sign In
        </Link>
      </CardFooter>
    </AuthShell>
  );
}
