// DELETE /api/users/me {confirm: "<the account's email>"} → 204. Everything cached belonged to the
// deleted account, so the cache is emptied and the person is signed out.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

export function deleteAccount(confirm: string): Promise<void> {
  return client.users.me.$delete({ json: { confirm } }).then(() => undefined);
}

export function deleteAccountMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'delete'], mutationFn: deleteAccount });
}

/** Callbacks go to the mutation itself: clearing the user unmounts the page that started the delete. */
export function useDeleteAccount({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteAccountMutationOptions(),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(userKeys.current(), null);
      onSuccess?.();
    },
  });
}
