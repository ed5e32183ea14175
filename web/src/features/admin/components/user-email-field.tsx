// The admin tools' "User email": whose account a tool acts on. Someone else's address, so the browser
// offers no autofill of the admin's own.
import { Field } from '@/components/ui/field';

export function UserEmailField({ error }: { error: string | undefined }) {
  return (
    <Field
      label="User email"
      name="email"
      type="email"
      autoComplete="off"
      placeholder="user@example.com"
      error={error}
    />
  );
}
