// POST /api/auth/confirm-delivery {token}: the owner of a digest delivery address agrees to receive
// Feedloom's mail (issue 10 H1). Public: the address may belong to someone without an account.
import { useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export function confirmDelivery(token: string) {
  return client.auth['confirm-delivery'].$post({ json: { token } }).then((response) => response.json());
}

export function useConfirmDelivery() {
  return useMutation({ mutationKey: ['preferences', 'confirm-delivery'], mutationFn: confirmDelivery });
}
