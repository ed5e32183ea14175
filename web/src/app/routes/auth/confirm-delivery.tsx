import { ConfirmDeliveryScreen } from '@/features/preferences/components/confirm-delivery-screen';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Confirm Address');
  return <ConfirmDeliveryScreen />;
}
