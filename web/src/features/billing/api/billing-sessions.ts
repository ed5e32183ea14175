// POST /api/payments/checkout and /api/payments/portal: each answers {url}, a page of the payment
// provider (Stripe Checkout to upgrade, the customer portal to manage or cancel) that the browser opens.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

type SessionUrl = { url: string };

export function startCheckout(): Promise<SessionUrl> {
  return client.payments.checkout.$post().then((response) => response.json());
}

export function openBillingPortal(): Promise<SessionUrl> {
  return client.payments.portal.$post().then((response) => response.json());
}

export function checkoutMutationOptions() {
  return mutationOptions({ mutationKey: ['payments', 'checkout'], mutationFn: startCheckout });
}

export function portalMutationOptions() {
  return mutationOptions({ mutationKey: ['payments', 'portal'], mutationFn: openBillingPortal });
}

export function useStartCheckout() {
  return useMutation(checkoutMutationOptions());
}

export function useOpenBillingPortal() {
  return useMutation(portalMutationOptions());
}
