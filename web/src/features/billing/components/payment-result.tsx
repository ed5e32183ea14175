// /payment-success and /payment-cancel: where the card payment provider sends people back.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, CheckIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

export function PaymentSuccess() {
  return (
    <EmptyState
      icon={<CheckIcon />}
      title="Payment Successful"
      description="Thank you. Your plan and credits update as soon as the payment is confirmed."
      action={
        <Link to={paths.home} className={buttonClasses()}>
          Go to My Feed
        </Link>
      }
    />
  );
}

export function PaymentCancel() {
  return (
    <EmptyState
      icon={<AlertIcon />}
      title="Payment Cancelled"
      description="Your payment was cancelled and you have not been charged."
      action={
        <Link to={paths.payment} className={buttonClasses({ variant: 'outline' })}>
          Back to Credits & Subscription
        </Link>
      }
    />
  );
}
