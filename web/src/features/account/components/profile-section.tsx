// The person's name.
import type { CurrentUser } from '@contracts/auth';
import { nameSchema } from '@contracts/auth';
import * as z from 'zod';
import { PendingButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { useUpdateName } from '../api/update-name';

const nameFormSchema = z.object({ name: nameSchema });

export function ProfileSection({ user }: { user: CurrentUser }) {
  const rename = useUpdateName();

  const { errors, onSubmit } = useFormSubmit(nameFormSchema, (data) => {
    rename.mutate(data.name, {
      onSuccess: () => toast({ title: 'Name saved', description: 'Your name has been updated.' }),
      onError: (error) => toastApiError(error, 'Could not save your name', 'Please try again.'),
    });
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Profile</h2>
        <CardDescription>The name Feedloom greets you by.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field label="Name" name="name" autoComplete="name" defaultValue={user.name} error={errors.name} />
          <PendingButton type="submit" pending={rename.isPending} pendingLabel="Saving...">
            Save Name
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
