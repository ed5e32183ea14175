// GET /api/payments/status: whether card payments are set up on this server, the plan limits, and
// whether the account has a subscription to manage in the payment provider's portal.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

type PlanLimits = { maxFeeds: number; monthlyCredits: number };

export type PaymentStatus = {
  configured: boolean;
  publishableKey: string | null;
  plan: 'free' | 'pro';
  credits: number;
  plans: { free: PlanLimits; pro: PlanLimits };
  canManage: boolean;
};

export function getPaymentStatus(): Promise<PaymentStatus> {
  return client.payments.status.$get().then((response) => response.json());
}

export function paymentStatusQueryOptions() {
  // Always asked afresh when the page opens: the plan changes outside the app (checkout, the portal).
  return queryOptions({ queryKey: paymentKeys.status(), queryFn: getPaymentStatus, staleTime: 0 });
}

export function usePaymentStatus() {
  return useQuery(paymentStatusQueryOptions());
}
