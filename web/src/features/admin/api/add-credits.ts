// POST /api/admin/credits {email, amount, reason}: adds (or, negative, removes) credits through the
// credits ledger, the reason kept with the entry (admins only).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export type AddCreditsInput = { email: string; amount: number; reason: string };
export type AddCreditsResult = { credits: number; message: string };

export function addUserCredits(input: AddCreditsInput): Promise<AddCreditsResult> {
  return client.admin.credits.$post({ json: input }).then((response) => response.json());
}

export function addCreditsMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'credits'], mutationFn: addUserCredits });
}

export function useAddUserCredits() {
  return useMutation(addCreditsMutationOptions());
}
