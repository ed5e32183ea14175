// /payment-success and /payment-cancel: where the payment provider sends people back. On success the
// plan changes when the provider's webhook arrives, which can take a few seconds after the redirect, so
// the page asks for the current user a few times until the plan reads Pro.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, CheckIcon, ZapIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';

export const CONFIRM_INTERVAL_MS = 2000;
export const CONFIRM_ATTEMPTS = 5;

type PaymentSuccessProps = {
  isPro: boolean;
  /** Fetches the current user again; `isPro` follows once the plan has changed. */
  refreshUser: () => Promise<unknown>;
};

export function PaymentSuccess({ isPro, refreshUser }: PaymentSuccessProps) {
  const [round, setRound] = useState(0);
  if (isPro) {
    return (
      <EmptyState
        icon={<ZapIcon />}
        title="You're on Pro"
        description="Your upgrade went through. You now have up to 50 feeds, 100 credits every month and WordPress publishing."
        action={
          <Link to={paths.home} className={buttonClasses()}>
            Go to My Feed
          </Link>
        }
      />
    );
  }
  return <AwaitingUpgrade key={round} refreshUser={refreshUser} onCheckAgain={() => setRound((value) => value + 1)} />;
}

function AwaitingUpgrade({
  refreshUser,
  onCheckAgain,
}: {
  refreshUser: () => Promise<unknown>;
  onCheckAgain: () => void;
}) {
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    let attempts = 0;
    let timer: number | undefined;
    let stopped = false;
    const check = async () => {
      attempts++;
      await refreshUser().catch(() => undefined);
      if (stopped) return;
      if (attempts >= CONFIRM_ATTEMPTS) setGaveUp(true);
      else timer = window.setTimeout(check, CONFIRM_INTERVAL_MS);
    };
    void check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [refreshUser]);

  if (!gaveUp) {
    return (
      <EmptyState
        icon={<CheckIcon />}
        title="Payment Successful"
        description="Thank you! Your upgrade went through. We're switching your account to Pro..."
        action={<Spinner label="Confirming your upgrade" />}
      />
    );
  }
  return (
    <EmptyState
      icon={<CheckIcon />}
      title="Payment Successful"
      description="Thank you! Your upgrade went through. Your account switches to Pro as soon as the payment is confirmed, usually within a minute."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={onCheckAgain}>
            Check again
          </Button>
          <Link to={paths.home} className={buttonClasses()}>
            Go to My Feed
          </Link>
        </div>
      }
    />
  );
}

export function PaymentCancel() {
  return (
    <EmptyState
      icon={<AlertIcon />}
      title="Payment Cancelled"
      description="You left the checkout before paying, so nothing was charged. Your plan is unchanged."
      action={
        <Link to={paths.payment} className={buttonClasses({ variant: 'outline' })}>
          Back to Credits & Subscription
        </Link>
      }
    />
  );
}
