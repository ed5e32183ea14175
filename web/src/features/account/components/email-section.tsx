// Changing the sign-in email: the new address gets a confirmation link, the current one a notice. An
// account without a password approves from its current address first (issue 28), so it has no password
// field and shows the server's word on where the link went.
import { changeEmailSchema } from '@contracts/account';
import type { CurrentUser } from '@contracts/auth';
import { useState } from 'react';
import { PendingButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { useChangeEmail } from '../api/change-email';
import { CurrentPasswordField } from './current-password-field';

export function EmailSection({ user }: { user: CurrentUser }) {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const change = useChangeEmail();

  const { errors, onSubmit } = useFormSubmit(
    changeEmailSchema,
    (data, form) => {
      change.mutate(data, {
        onSuccess: (answer) => {
          form.reset();
          setSent(answer);
        },
        onError: (error) => toastApiError(error, 'Could not change your email', 'Please try again.'),
      });
    },
    (fields) => ({
      email: fields.email,
      ...(fields.currentPassword ? { currentPassword: fields.currentPassword } : {}),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Email</h2>
        <CardDescription>
          You sign in as <span className="font-medium text-foreground">{user.email}</span>. A new address must be
          confirmed from its inbox before it takes over.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sent ? (
          <p role="status" className="rounded-lg border border-border bg-muted p-3 text-sm">
            {user.hasPassword
              ? `Check ${sent.email}: follow the link we sent there to finish the change.`
              : sent.message}
          </p>
        ) : null}
        <form noValidate aria-label="Change email" onSubmit={onSubmit} className="grid gap-4">
          <Field label="New email" name="email" type="email" autoComplete="email" error={errors.email} />
          {user.hasPassword ? <CurrentPasswordField error={errors.currentPassword} /> : null}
          <div className="flex justify-end">
            <PendingButton type="submit" pending={change.isPending} pendingLabel="Sending...">
              Change Email
            </PendingButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
