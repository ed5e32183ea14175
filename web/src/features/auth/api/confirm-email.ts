// POST /api/auth/confirm-email {token} → {status, email, message}: the emailed links of an email change
// land on /auth/confirm-email: the current address's approval (an account without a password,
// status "approved": the new address now gets its link) or the new address's confirmation ("changed"). A query keyed by the token, not an effect, so React's double-mounted effects in
// development still make one call for a single-use token; never retried, since a retry would find
// the token spent.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export type EmailChangeStep = { status: 'approved' | 'changed'; email: string; message: string };

export function confirmEmail(token: string): Promise<EmailChangeStep> {
  return client.auth['confirm-email'].$post({ json: { token } }).then((response) => response.json());
}

export function confirmEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.confirmEmail(token),
    queryFn: () => confirmEmail(token),
    gcTime: Number.POSITIVE_INFINITY,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useConfirmEmail(token: string | null) {
  return useQuery({ ...confirmEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
