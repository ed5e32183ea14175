// POST /api/auth/logout. On success the cached user is cleared and every cached query is refreshed
// (spec §4), so nothing of the previous account stays on screen.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

export function logout(): Promise<void> {
  return client.auth.logout.$post().then(() => undefined);
}

export function logoutMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'logout'], mutationFn: logout });
}

type LogoutCallbacks = { onSuccess?: () => void; onError?: (error: Error) => void };

/**
 * Callbacks go to the mutation itself, not to mutate(): clearing the user unmounts the account menu that
 * started the logout, and React Query skips mutate() callbacks of unmounted components.
 */
export function useLogout({ onSuccess, onError }: LogoutCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...logoutMutationOptions(),
    onSuccess: async () => {
      queryClient.setQueryData(userKeys.current(), null);
      await queryClient.invalidateQueries();
      onSuccess?.();
    },
    onError,
  });
}
