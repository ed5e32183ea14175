import { PaymentSuccess } from '@/features/billing/components/payment-result';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Payment Successful');
  return <PaymentSuccess />;
}
