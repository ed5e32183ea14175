// GET /api/users/me (spec §3, §7): the signed-in user, or null when nobody is. A 401 and a failed fetch
// both mean "signed out" (spec §4), so this query never errors. Cached for 5 minutes.
//
// Only type imports from React Query here: the landing route's loader calls getCurrentUser, and the
// landing page does not load React Query at all (initial JS budget). The hook is in use-current-user.ts.

import type { CurrentUser } from '@contracts/auth';
import type { UseQueryOptions } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

export type { CurrentUser };

export const CURRENT_USER_STALE_MS = 5 * 60_000;

export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await client.users.me.$get().then((response) => response.json());
  } catch {
    return null;
  }
}

export function currentUserQueryOptions() {
  return {
    queryKey: userKeys.current(),
    queryFn: getCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
  } satisfies UseQueryOptions<CurrentUser | null, Error, CurrentUser | null, ReturnType<typeof userKeys.current>>;
}
