import type { CurrentUser } from '@contracts/auth';
import { useOutletContext } from 'react-router';

/** The signed-in user, inside the protected layout (which renders its pages only when there is one). */
export function useSignedInUser(): CurrentUser {
  return useOutletContext<CurrentUser>();
}
