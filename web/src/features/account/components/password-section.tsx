// Changing the password needs the current one; every other device is signed out, and the reader apps'
// passwords are revoked unless the box is unticked (issue 28: the answer names any that still work). An
// account made with a magic link has no password yet: the reset link sets one (`resetLinkButton`, from
// the auth feature).

import { changePasswordSchema } from '@contracts/account';
import type { CurrentUser } from '@contracts/auth';
import type { ReactNode } from 'react';
import { PendingButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { useChangePassword } from '../api/change-password';
import { CurrentPasswordField } from './current-password-field';

export function PasswordSection({ user, resetLinkButton }: { user: CurrentUser; resetLinkButton: ReactNode }) {
  const change = useChangePassword();

  const { errors, onSubmit } = useFormSubmit(
    changePasswordSchema,
    (data, form) => {
      change.mutate(data, {
        onSuccess: ({ message }) => {
          form.reset();
          toast({ title: 'Password changed', description: message });
        },
        onError: (error) => toastApiError(error, 'Could not change your password', 'Please try again.'),
      });
    },
    (fields) => ({
      currentPassword: fields.currentPassword,
      newPassword: fields.newPassword,
      revokeAppPasswords: fields.revokeAppPasswords === 'on',
    }),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Password</h2>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Change password" onSubmit={onSubmit} className="grid gap-4">
          {/* Lets password managers file the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
          <CurrentPasswordField error={errors.currentPassword} />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword}
            hint="At least 8 characters."
          />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="revokeAppPasswords" defaultChecked className="mt-0.5 size-4 accent-primary" />
            <span>Also revoke my app passwords (reader apps will need new ones)</span>
          </label>
          <div className="flex flex-wrap items-center justify-between gap-3">
            {resetLinkButton}
            <PendingButton type="submit" pending={change.isPending} pendingLabel="Changing...">
              Change Password
            </PendingButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
