// /api/users/me/app-passwords: the reader apps' passwords (issue 15). The list never holds a secret;
// the answer that creates one is the only place its password appears.
import type { AppPassword, CreatedAppPassword } from '@contracts/account';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

export function getAppPasswords(): Promise<AppPassword[]> {
  return client.users.me['app-passwords'].$get().then((response) => response.json());
}

export function appPasswordsQueryOptions() {
  return queryOptions({ queryKey: userKeys.appPasswords(), queryFn: getAppPasswords });
}

export function useAppPasswords() {
  return useQuery(appPasswordsQueryOptions());
}

export function createAppPassword(name: string): Promise<CreatedAppPassword> {
  return client.users.me['app-passwords'].$post({ json: { name } }).then((response) => response.json());
}

export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: [...userKeys.appPasswords(), 'create'], mutationFn: createAppPassword }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.appPasswords() }),
  });
}

export function revokeAppPassword(id: number): Promise<void> {
  return client.users.me['app-passwords'][':appPasswordId']
    .$delete({ param: { appPasswordId: String(id) } })
    .then(() => undefined);
}

export function useRevokeAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: [...userKeys.appPasswords(), 'revoke'], mutationFn: revokeAppPassword }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.appPasswords() }),
  });
}
