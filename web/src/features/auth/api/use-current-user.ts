import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from './get-current-user';

/** The current user: `data` is the user, null when signed out, undefined while loading. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
