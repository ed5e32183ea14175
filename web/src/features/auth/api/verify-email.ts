// GET /api/auth/verify?token=… (verification and magic links land on /auth/verify). The server consumes
// the token and sets the session cookie. It is a query keyed by the token, not an effect, so React's
// double-mounted effects in development still make exactly one call for a single-use token.

import type { CurrentUser } from '@contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function verifyEmail(token: string): Promise<{ user: CurrentUser }> {
  return api.get<{ user: CurrentUser }>(`/api/auth/verify?token=${encodeURIComponent(token)}`);
}

export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify', token],
    queryFn: () => verifyEmail(token),
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
