import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';

/** The account's current password, which changing the email or the password asks for again. */
export function CurrentPasswordField({ error, hint }: { error: string | undefined; hint?: ReactNode }) {
  return (
    <Field
      label="Current password"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      error={error}
      hint={hint}
    />
  );
}
