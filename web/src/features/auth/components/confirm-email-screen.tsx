// /auth/confirm-email?token=…: the links of an email change. Loading, then "Email Changed" (the cached
// user is refreshed), "Change Approved" (an account without a password approved from its current
// address; the new one now gets its link) or why it failed; no token at all is an "Invalid Link".
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AuthShell } from '@/components/layouts/auth-shell';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StatusCard } from '@/components/ui/status-card';
import { apiErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { userKeys } from '@/lib/query-keys';
import { useConfirmEmail } from '../api/confirm-email';

const toAccount = { label: 'Go to your account', to: paths.account };

export function ConfirmEmailScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const confirmation = useConfirmEmail(token);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (confirmation.isSuccess) void queryClient.invalidateQueries({ queryKey: userKeys.current() });
  }, [confirmation.isSuccess, queryClient]);

  let body: React.ReactNode;
  if (!token) {
    body = (
      <StatusCard
        tone="error"
        title="Invalid Link"
        description="This link is missing its token. Ask for the change again from your account page."
        action={toAccount}
      />
    );
  } else if (confirmation.isError) {
    body = (
      <StatusCard
        tone="error"
        title="Email Not Changed"
        description={apiErrorMessage(confirmation.error) ?? 'The link has expired or is invalid.'}
        action={toAccount}
      />
    );
  } else if (confirmation.isSuccess && confirmation.data.status === 'approved') {
    body = (
      <StatusCard tone="success" title="Change Approved" description={confirmation.data.message} action={toAccount} />
    );
  } else if (confirmation.isSuccess) {
    body = (
      <StatusCard
        tone="success"
        title="Email Changed"
        description={`You now sign in with ${confirmation.data.email}.`}
        action={toAccount}
      />
    );
  } else {
    body = (
      <CardHeader className="items-center text-center">
        <Spinner className="mb-2 size-8" label="Confirming" />
        <CardTitle>Confirming your new email</CardTitle>
        <CardDescription>This only takes a moment.</CardDescription>
      </CardHeader>
    );
  }
  return <AuthShell topBar={false}>{body}</AuthShell>;
}
