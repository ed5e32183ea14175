// PATCH /api/users/me {groupStories} → the signed-in user (issue 24): "Group the same story from different
// feeds" on or off. The cached user is replaced with the answer and every item list is fetched again.
import type { CurrentUser } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { itemKeys, userKeys } from '@/lib/query-keys';

export function updateGroupStories(groupStories: boolean): Promise<CurrentUser> {
  return client.users.me.$patch({ json: { groupStories } }).then((response) => response.json());
}

export function useUpdateGroupStories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'me', 'group-stories'],
    mutationFn: updateGroupStories,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.current(), user);
      return queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
    },
  });
}
