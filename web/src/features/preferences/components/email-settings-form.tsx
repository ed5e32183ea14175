// The email settings of spec §5: the delivery address (optional; a valid email when given), HTML or plain
// text, and the subject template (required; {date} becomes the digest's date). Save → "Email settings saved".
import { EMAIL_FORMATS, type EmailFormat, emailSettingsSchema, type Preferences } from '@contracts/ai';
import { PendingButton } from '@/components/ui/button';
import { EmailField, Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { useUpdateEmailSettings } from '../api/update-email-settings';
import { Choice } from './choice';

const formatLabels: Record<EmailFormat, { title: string; description: string }> = {
  html: { title: 'HTML', description: 'Formatted, with headings and links.' },
  plain_text: { title: 'Plain text', description: 'Text only, for any mail client.' },
};

export function EmailSettingsForm({ preferences }: { preferences: Preferences }) {
  const save = useUpdateEmailSettings();

  const { errors, onSubmit } = useFormSubmit(emailSettingsSchema, (data) => {
    save.mutate(data, {
      onSuccess: () => toast({ title: 'Email settings saved', description: 'Your email settings have been updated.' }),
      onError: (error) =>
        toastApiError(
          error,
          'Error saving email settings',
          'Your email settings could not be saved. Please try again.',
        ),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <EmailField
        label="Delivery email"
        name="emailDelivery"
        defaultValue={preferences.emailDelivery ?? ''}
        error={errors.emailDelivery}
        hint="Digests and emailed content go here once its owner confirms. Leave it empty to use your account's email."
      />
      {preferences.emailDelivery && !preferences.emailDeliveryConfirmed ? (
        <p role="status" className="-mt-3 text-sm text-muted-foreground">
          Waiting for confirmation: we sent a link to {preferences.emailDelivery}. Until it is followed, digests go to
          your account's email.
        </p>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Email format</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {EMAIL_FORMATS.map((format) => (
            <Choice
              key={format}
              type="radio"
              name="emailFormat"
              value={format}
              defaultChecked={preferences.emailFormat === format}
              title={formatLabels[format].title}
              description={formatLabels[format].description}
            />
          ))}
        </div>
      </fieldset>
      <Field
        label="Email subject template"
        name="emailSubjectTemplate"
        defaultValue={preferences.emailSubjectTemplate}
        error={errors.emailSubjectTemplate}
        hint={
          <>
            <code className="rounded bg-muted px-1 py-0.5">{'{date}'}</code> is replaced with the digest's date, e.g.
            “May 13, 2025”.
          </>
        }
      />
      <div className="flex justify-end border-t border-border pt-5">
        <PendingButton type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Email Settings
        </PendingButton>
      </div>
    </form>
  );
}
