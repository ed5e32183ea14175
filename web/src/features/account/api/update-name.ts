// PATCH /api/users/me {name} → the signed-in user, renamed; the cached user is replaced with it.
import type { CurrentUser } from '@contracts/auth';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

export function updateName(name: string): Promise<CurrentUser> {
  return client.users.me.$patch({ json: { name } }).then((response) => response.json());
}

export function updateNameMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'name'], mutationFn: updateName });
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateNameMutationOptions(),
    onSuccess: (user) => queryClient.setQueryData(userKeys.current(), user),
  });
}
