// POST /api/users/me/email {email, currentPassword?} → 202: a link goes to the new address, a note to
// the old one; nothing changes until the link is followed.
import type { changeEmailSchema } from '@contracts/account';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type * as z from 'zod';
import { client } from '@/lib/api-client';

export type ChangeEmailInput = z.output<typeof changeEmailSchema>;

export function changeEmail(input: ChangeEmailInput): Promise<{ email: string; message: string }> {
  return client.users.me.email.$post({ json: input }).then((response) => response.json());
}

export function changeEmailMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'email'], mutationFn: changeEmail });
}

export function useChangeEmail() {
  return useMutation(changeEmailMutationOptions());
}
