// Add Credits: gives (or, with a negative amount, takes back) credits through the ledger, with a reason.
import { addCreditsSchema, MAX_CREDITS_PER_GRANT } from '@contracts/admin';
import { useRef } from 'react';
import { PendingButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { useAddUserCredits } from '../api/add-credits';
import { UserEmailField } from './user-email-field';

/** The amount field as a number for the schema; empty reads as missing, text as NaN (both refused). */
function toAmount(value: string | undefined): number | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : Number(trimmed);
}

export function AddCreditsForm({ onCreditsChanged }: { onCreditsChanged?: () => void }) {
  const addCredits = useAddUserCredits();
  const formRef = useRef<HTMLFormElement>(null);

  const { errors, onSubmit } = useFormSubmit(
    addCreditsSchema,
    (data) => {
      addCredits.mutate(data, {
        onSuccess: (response) => {
          toast({ title: 'Credits updated', description: response.message });
          formRef.current?.reset();
          onCreditsChanged?.();
        },
        onError: (error) =>
          toastApiError(error, 'Failed to add credits', 'An unexpected error occurred. Please try again.'),
      });
    },
    (fields) => ({ ...fields, amount: toAmount(fields.amount) }),
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
      <UserEmailField error={errors.email} />
      <Field
        label="Amount"
        name="amount"
        type="number"
        inputMode="numeric"
        step={1}
        min={-MAX_CREDITS_PER_GRANT}
        max={MAX_CREDITS_PER_GRANT}
        placeholder="10"
        hint={`A whole number between -${MAX_CREDITS_PER_GRANT} and ${MAX_CREDITS_PER_GRANT}; negative takes credits away.`}
        error={errors.amount}
      />
      <Field
        label="Reason"
        name="reason"
        placeholder="Support: failed generation refund"
        hint="Kept with the entry in the credits ledger."
        error={errors.reason}
      />
      <PendingButton
        type="submit"
        className="justify-self-start"
        pending={addCredits.isPending}
        pendingLabel="Adding..."
      >
        Add Credits
      </PendingButton>
    </form>
  );
}
