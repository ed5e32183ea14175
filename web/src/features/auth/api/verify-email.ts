// GET /api/auth/verify?token=… (verification and magic links land on /auth/verify). The server consumes
// the token and sets the session cookie. It is a query keyed by the token, not an effect, so React's
// double-mounted effects in development still make exactly one call for a single-use token.

import type { CurrentUser } from '@contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

/** `switchAccount`: the person agreed to leave the account this browser is signed in to (409 otherwise). */
export function verifyEmail(token: string, switchAccount = false): Promise<{ user: CurrentUser }> {
  return client.auth.verify
    .$get({ query: { token, switch: switchAccount ? '1' : undefined } })
    .then((response) => response.json());
}

export function verifyEmailQueryOptions(token: string, switchAccount = false) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token, switchAccount),
    queryFn: () => verifyEmail(token, switchAccount),
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useVerifyEmail(token: string | null, switchAccount = false) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? '', switchAccount), enabled: Boolean(token) });
}
