// DELETE /api/users/me {confirm: "<the account's email>"} → 204; or 202 with a message when Stripe did
// not answer and the daily cleanup finishes the deletion. Either way everything cached belonged to the
// closed account, so the cache is emptied and the person is signed out.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

/** The server's message when the deletion is not finished yet; null when everything is gone. */
export async function deleteAccount(confirm: string): Promise<string | null> {
  const response = await client.users.me.$delete({ json: { confirm } });
  return response.status === 202 ? (await response.json()).message : null;
}

export function deleteAccountMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'delete'], mutationFn: deleteAccount });
}

/** Callbacks go to the mutation itself: clearing the user unmounts the page that started the delete. */
export function useDeleteAccount({ onSuccess }: { onSuccess?: (unfinished: string | null) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteAccountMutationOptions(),
    onSuccess: (unfinished) => {
      queryClient.clear();
      queryClient.setQueryData(userKeys.current(), null);
      onSuccess?.(unfinished);
    },
  });
}
