import { PaymentPage } from '@/features/billing/components/payment-page';
import { useDocumentTitle } from '@/lib/document-title';
import { useSignedInUser } from '../../layout/signed-in-user';

export function Component() {
  useDocumentTitle('Credits & Subscription');
  const user = useSignedInUser();
  return <PaymentPage plan={user.plan} credits={user.credits} />;
}
