// POST /api/auth/magic-link {email} → 200 {email}, whether or not the account exists.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export function requestMagicLink(input: { email: string }): Promise<{ email: string }> {
  return client.auth['magic-link'].$post({ json: input }).then((response) => response.json());
}

export function magicLinkMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'magic-link'], mutationFn: requestMagicLink });
}

export function useMagicLink() {
  return useMutation(magicLinkMutationOptions());
}
