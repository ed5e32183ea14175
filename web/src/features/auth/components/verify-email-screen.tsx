// /auth/verify?token=…: verification and magic links land here. Loading, then success (the user is
// refreshed and goes to /home) or "Verification Failed"; no token at all is an "Invalid Link". A browser
// signed in to another account is asked before the link switches it (issue 10 L10). Like every auth page,
// it sends a signed-in person to /home (spec §2, issue 33): after using a valid token, and at once when
// there is no token or the link has failed, since they are signed in anyway.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthShell, StatusScreen } from '@/components/layouts/auth-shell';
import { Button } from '@/components/ui/button';
import { CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorStatus } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { userKeys } from '@/lib/query-keys';
import { useCurrentUser } from '../api/use-current-user';
import { useVerifyEmail } from '../api/verify-email';

const backToSignIn = { label: 'Back to Sign In', to: paths.auth.login };

export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [switchAccount, setSwitchAccount] = useState(false);
  const verification = useVerifyEmail(token, switchAccount);
  const currentUser = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = Boolean(currentUser.data);

  useEffect(() => {
    if (!verification.isSuccess) return;
    void queryClient
      .invalidateQueries({ queryKey: userKeys.current() })
      .then(() => navigate(paths.home, { replace: true }));
  }, [verification.isSuccess, queryClient, navigate]);

  if (currentUser.isPending) return <VerifyingScreen />;
  const failed = verification.isError && apiErrorStatus(verification.error) !== 409;
  if (signedIn && (!token || failed)) return <Navigate to={paths.home} replace />;

  if (!token) {
    return (
      <StatusScreen
        tone="error"
        title="Invalid Link"
        description="This link is missing its token. Request a new sign-in link or verification email."
        action={backToSignIn}
      />
    );
  }

  if (verification.isError && apiErrorStatus(verification.error) === 409) {
    return (
      <AuthShell topBar={false}>
        <CardHeader className="text-center">
          <CardTitle>Switch accounts?</CardTitle>
          <CardDescription>
            This browser is signed in to another account. The link signs you in to the account it was sent for instead.
          </CardDescription>
        </CardHeader>
        <CardFooter className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={() => navigate(paths.home, { replace: true })}>
            Stay Signed In
          </Button>
          <Button className="flex-1" onClick={() => setSwitchAccount(true)}>
            Switch Account
          </Button>
        </CardFooter>
      </AuthShell>
    );
  }

  if (failed) {
    return (
      <StatusScreen
        tone="error"
        title="Verification Failed"
        description="The link has expired or is invalid. Request a new one and try again."
        action={backToSignIn}
      />
    );
  }

  if (verification.isSuccess) {
    return (
      <StatusScreen tone="success" title="Email Verified" description="You're signed in. Taking you to your feed..." />
    );
  }

  return <VerifyingScreen />;
}

function VerifyingScreen() {
  return (
    <AuthShell>
      <CardHeader className="items-center text-center">
        <Spinner className="mb-2 size-8" label="Verifying" />
        <CardTitle>Verifying your email</CardTitle>
        <CardDescription>This only takes a moment.</CardDescription>
      </CardHeader>
    </AuthShell>
  );
}
