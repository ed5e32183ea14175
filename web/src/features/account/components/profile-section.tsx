// The person's name.
import type { CurrentUser } from '@contracts/auth';
import { nameSchema } from '@contracts/auth';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form';
import { useUpdateName } from '../api/update-name';

const nameFormSchema = z.object({ name: nameSchema });

export function ProfileSection({ user }: { user: CurrentUser }) {
  const rename = useUpdateName();

  const { errors, onSubmit } = useFormSubmit(nameFormSchema, (data) => {
    rename.mutate(data.name, {
      onSuccess: () => toast({ title: 'Name saved', description: 'Your name has been updated.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not save your name',
          description: apiErrorMessage(error) ?? 'Please try again.',
        }),
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
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save Name'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
