// /payment: the current plan and credits, the two plans, and the way to change plan: Upgrade to Pro
// through the payment provider's checkout, or Manage subscription in its portal for Pro accounts.
// Without payment keys on the server the page says so, and still shows the plan and credits.
import { Badge } from '@/components/ui/badge';
import { Button, PendingButton } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { AlertIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { toastApiError } from '@/components/ui/toast-store';
import { useOpenBillingPortal, useStartCheckout } from '../api/billing-sessions';
import { type PaymentStatus, usePaymentStatus } from '../api/get-payment-status';
import { PlanCards } from './plan-cards';

type PaymentPageProps = { plan: 'free' | 'pro'; credits: number };

export function PaymentPage({ plan, credits }: PaymentPageProps) {
  const status = usePaymentStatus();
  const pro = plan === 'pro';
  return (
    <>
      <PageHeader title="Credits & Subscription" description="Your plan and the credits AI generations use." />
      {status.data && !status.data.configured ? (
        <div role="status" className="mb-6 flex gap-3 rounded-xl border border-border bg-muted/40 p-4 text-sm">
          <AlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <div className="grid gap-1">
            <p className="font-semibold">Payments are not configured</p>
            <p className="text-muted-foreground">
              This server has no card payment provider set up, so plans cannot be bought or changed here.
            </p>
          </div>
        </div>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardDescription>Current plan</CardDescription>
            <p className="flex items-center gap-2 text-2xl font-bold">
              {pro ? 'Pro' : 'Free'}
              <Badge variant={pro ? 'default' : 'secondary'}>{pro ? 'Pro Plan' : 'Free Plan'}</Badge>
            </p>
            <CardDescription>{pro ? 'Up to 50 feeds and WordPress publishing.' : 'Up to 3 feeds.'}</CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Credits</CardDescription>
            <p className="text-2xl font-bold">{credits}</p>
            <CardDescription>
              {pro
                ? 'Topped up to 100 every month. A summary or social post costs 1; a blog post costs 2.'
                : 'A summary or social post costs 1; a blog post costs 2.'}
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
      <h2 className="mt-10 mb-4 text-lg font-semibold">Plans</h2>
      <PlanCards current={plan} proAction={<ProAction plan={plan} status={status.data} loading={status.isPending} />} />
    </>
  );
}

type ProActionProps = { plan: 'free' | 'pro'; status: PaymentStatus | undefined; loading: boolean };

/** Upgrade for Free accounts, Manage for Pro ones with a subscription. */
function ProAction({ plan, status, loading }: ProActionProps) {
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  // The browser leaves for the provider's page; the button stays busy until it does.
  const goTo = ({ url }: { url: string }) => window.location.assign(url);

  if (loading) return <Skeleton className="h-11 w-full" />;
  if (!status) {
    return <p className="text-sm text-muted-foreground">Could not check the payment options. Reload to try again.</p>;
  }

  if (plan === 'pro') {
    if (!status.canManage) {
      return <p className="text-sm text-muted-foreground">You're on Pro. There is no card subscription to manage.</p>;
    }
    const busy = portal.isPending || portal.isSuccess;
    return (
      <div className="grid gap-2">
        <PendingButton
          variant="outline"
          size="lg"
          className="w-full"
          pending={busy}
          pendingLabel="Opening the billing portal..."
          disabled={!status.configured}
          onClick={() =>
            portal.mutate(undefined, {
              onSuccess: goTo,
              onError: (error) => toastApiError(error, 'Could not open the billing portal', 'Please try again.'),
            })
          }
        >
          Manage subscription
        </PendingButton>
        <p className="text-center text-xs text-muted-foreground">
          {status.configured
            ? 'Change your card or cancel in the billing portal.'
            : 'The billing portal is unavailable on this server.'}
        </p>
      </div>
    );
  }

  const configured = status.configured;
  return (
    <div className="grid gap-2">
      <Button
        size="lg"
        className="w-full"
        disabled={!configured || checkout.isPending || checkout.isSuccess}
        onClick={() =>
          checkout.mutate(undefined, {
            onSuccess: goTo,
            onError: (error) => toastApiError(error, 'Could not start the upgrade', 'Please try again.'),
          })
        }
      >
        {checkout.isPending || checkout.isSuccess ? 'Opening checkout...' : 'Upgrade to Pro'}
      </Button>
      {configured ? (
        <p className="text-center text-xs text-muted-foreground">Secure card payment. Cancel any time.</p>
      ) : (
        <p className="text-center text-xs text-muted-foreground">Upgrades are unavailable on this server.</p>
      )}
    </div>
  );
}
