import { PaymentCancel } from '@/features/billing/components/payment-result';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Payment Cancelled');
  return <PaymentCancel />;
}
