// /api/users/me/app-passwords: the reader apps' passwords (issue 15). The list never holds a secret;
// the answer that creates one is the only place its password appears. Creating one needs the current
// password, or for an account without one the token of a link mailed to its address: asking without
// that token answers 202 and mails the link (issue 28).
import type { AppPassword, CreatedAppPassword, createAppPasswordSchema } from '@contracts/account';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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

export type CreateAppPasswordInput = z.input<typeof createAppPasswordSchema>;
/** The 202 answer to an account without a password: a link went to its address. */
export type AppPasswordLinkSent = { email: string; message: string };

export async function createAppPassword(
  input: CreateAppPasswordInput,
): Promise<CreatedAppPassword | AppPasswordLinkSent> {
  const response = await client.users.me['app-passwords'].$post({ json: input });
  return (await response.json()) as CreatedAppPassword | AppPasswordLinkSent;
}

export const isCreated = (result: CreatedAppPassword | AppPasswordLinkSent): result is CreatedAppPassword =>
  'password' in result;

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
