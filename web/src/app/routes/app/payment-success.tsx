// The payment provider's webhook makes the account Pro, possibly a few seconds after this page opens, so
// the page asks for the current user again until it is. Only a user that came back replaces the cached
// one: a failed request must not read as "signed out" here.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getCurrentUser } from '@/features/auth/api/get-current-user';
import { PaymentSuccess } from '@/features/billing/components/payment-result';
import { useDocumentTitle } from '@/lib/document-title';
import { userKeys } from '@/lib/query-keys';
import { useSignedInUser } from '../../layout/signed-in-user';

export function Component() {
  useDocumentTitle('Payment Successful');
  const queryClient = useQueryClient();
  const refreshUser = useCallback(async () => {
    const user = await getCurrentUser();
    if (user) queryClient.setQueryData(userKeys.current(), user);
  }, [queryClient]);
  return <PaymentSuccess isPro={useSignedInUser().plan === 'pro'} refreshUser={refreshUser} />;
}
