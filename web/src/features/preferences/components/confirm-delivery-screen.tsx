// /auth/confirm-delivery?token=…: where the confirmation mail for a digest delivery address lands. It
// asks before confirming (a mail scanner that opens links must not agree on the owner's behalf), then
// says which address will receive Feedloom's mail.
import { useSearchParams } from 'react-router';
import { AuthShell, StatusScreen } from '@/components/layouts/auth-shell';
import { PendingButton } from '@/components/ui/button';
import { CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useConfirmDelivery } from '../api/confirm-delivery';

const home = { label: 'Go to Feedloom', to: paths.landing };

export function ConfirmDeliveryScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const confirm = useConfirmDelivery();

  if (!token || confirm.isError) {
    return (
      <StatusScreen
        tone="error"
        title="Invalid Link"
        description="This link is invalid or has expired. Please request a new one."
        action={home}
      />
    );
  }
  if (confirm.isSuccess) {
    return (
      <StatusScreen
        tone="success"
        title="Address Confirmed"
        description={`Feedloom digests for this account will be sent to ${confirm.data.email}.`}
        action={home}
      />
    );
  }
  return (
    <AuthShell>
      <CardHeader className="text-center">
        <CardTitle>Confirm this address</CardTitle>
        <CardDescription>
          A Feedloom account asked to send its AI digests here. Confirm only if you want to receive them.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <PendingButton
          className="w-full"
          pending={confirm.isPending}
          pendingLabel="Confirming..."
          onClick={() => confirm.mutate(token)}
        >
          Confirm Address
        </PendingButton>
      </CardFooter>
    </AuthShell>
  );
}
