// Clear User Generations: deletes every AI generation (and its image) of the user with this email,
// after a confirmation, since it cannot be undone.
import { clearGenerationsSchema } from '@contracts/admin';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { useClearUserGenerations } from '../api/clear-generations';
import { UserEmailField } from './user-email-field';

export function ClearGenerationsForm() {
  const clear = useClearUserGenerations();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const { errors, onSubmit } = useFormSubmit(clearGenerationsSchema, (data) => {
    setConfirming(data.email);
  });

  const onConfirm = (email: string) =>
    clear.mutate(
      { email },
      {
        onSuccess: (result) => {
          toast({ title: 'Generations cleared', description: result.message });
          setConfirming(null);
          formRef.current?.reset();
        },
        onError: (error) => {
          toastApiError(error, 'Failed to clear generations', 'An unexpected error occurred. Please try again.');
          setConfirming(null);
        },
      },
    );

  return (
    <>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
        <UserEmailField error={errors.email} />
        <Button type="submit" variant="destructive" className="justify-self-start">
          Clear Generations
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Clear User Generations"
        description={
          <>
            Delete every AI generation of <span className="font-medium text-foreground">{confirming}</span>, with their
            images? This cannot be undone.
          </>
        }
        confirmLabel="Clear Generations"
        pendingLabel="Clearing..."
        pending={clear.isPending}
        onConfirm={() => (confirming ? onConfirm(confirming) : undefined)}
      />
    </>
  );
}
