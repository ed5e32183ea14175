// Adding or editing a WordPress site. The server checks the credentials against the site's REST API
// before it saves anything, so a refusal (wrong password, http URL, private address, a page that is not
// WordPress) is shown here, in the form, with the server's own words. The form is only mounted while the
// dialog is open, so closing it discards what was typed.
import { addSiteSchema, type WordPressSite } from '@contracts/wordpress';
import { type FormEvent, useState } from 'react';
import * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api-client';
import { type FieldErrors, focusFirstError, readForm, validateForm } from '@/lib/form';
import { type AddSiteInput, useAddWordPressSite, useUpdateWordPressSite } from '../api/save-site';
import { InlineAlert } from './inline-alert';
import { ProFeatureNotice } from './pro-feature-notice';

/** Editing keeps the stored application password unless a new one is typed. */
const editSiteSchema = addSiteSchema.extend({
  applicationPassword: z
    .string()
    .trim()
    .max(200, 'Application password is too long')
    .transform((value) => value || undefined),
});

type SiteFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The site to edit; absent to add one. */
  site?: WordPressSite;
  /** Whether other sites exist, so the new one may or may not become the default. */
  hasSites: boolean;
};

export function SiteFormDialog({ open, onOpenChange, site, hasSites }: SiteFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={site ? 'Edit WordPress Site' : 'Add WordPress Site'}
      description={
        site
          ? 'Changes to the URL, username or password are checked against your site before they are saved.'
          : 'Feedloom checks the connection to your site before saving it.'
      }
    >
      <SiteForm site={site} hasSites={hasSites} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function changedFields(site: WordPressSite, next: Partial<AddSiteInput>): Partial<AddSiteInput> {
  const changes: Partial<AddSiteInput> = {};
  if (next.name !== site.name) changes.name = next.name;
  if (next.url !== site.url) changes.url = next.url;
  if (next.username !== site.username) changes.username = next.username;
  if (next.applicationPassword) changes.applicationPassword = next.applicationPassword;
  return changes;
}

function SiteForm({ site, hasSites, onDone }: { site?: WordPressSite; hasSites: boolean; onDone: () => void }) {
  const addSite = useAddWordPressSite();
  const updateSite = useUpdateWordPressSite();
  const saving = site ? updateSite : addSite;
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readForm(form);
    const invalid = (fieldErrors: FieldErrors) => {
      setErrors(fieldErrors);
      focusFirstError(form, fieldErrors);
    };
    if (!site) {
      const result = validateForm(addSiteSchema, { ...values, isDefault: values.isDefault === 'on' });
      if (!result.ok) return invalid(result.errors);
      setErrors({});
      addSite.mutate(result.data, {
        onSuccess: (added) => {
          toast({ title: 'WordPress site added', description: `${added.name} is connected.` });
          onDone();
        },
      });
      return;
    }
    const result = validateForm(editSiteSchema, values);
    if (!result.ok) return invalid(result.errors);
    setErrors({});
    const changes = changedFields(site, result.data);
    if (Object.keys(changes).length === 0) return onDone();
    updateSite.mutate(
      { siteId: site.id, changes },
      {
        onSuccess: (updated) => {
          toast({ title: 'WordPress site updated', description: `${updated.name} is saved.` });
          onDone();
        },
      },
    );
  };

  const status = apiErrorStatus(saving.error);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {status === 403 ? (
        <ProFeatureNotice />
      ) : saving.isError ? (
        <InlineAlert title={site ? 'Could not save the site' : 'Could not connect to the site'}>
          {apiErrorMessage(saving.error) ?? 'Check your connection and try again.'}
        </InlineAlert>
      ) : null}
      <Field label="Name" name="name" defaultValue={site?.name} placeholder="My blog" error={errors.name} />
      <Field
        label="Site URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="url"
        defaultValue={site?.url}
        placeholder="https://example.com"
        hint="The address of your WordPress site, starting with https://."
        error={errors.url}
      />
      <Field
        label="Username"
        name="username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={site?.username}
        error={errors.username}
      />
      <Field
        label="Application Password"
        name="applicationPassword"
        type="password"
        autoComplete="new-password"
        placeholder={site ? 'Unchanged' : 'abcd efgh ijkl mnop qrst uvwx'}
        hint={
          site
            ? 'Leave blank to keep the current one; a new URL or username needs it again.'
            : 'Not your login password: create one in WordPress under Users → Profile → Application Passwords.'
        }
        error={errors.applicationPassword}
      />
      <details className="group rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium marker:text-muted-foreground">
          How do I create an application password?
        </summary>
        <ol className="mt-2 grid list-decimal gap-1 pl-5 text-muted-foreground">
          <li>Sign in to your WordPress dashboard.</li>
          <li>
            Go to <span className="font-medium text-foreground">Users → Profile</span> and scroll to{' '}
            <span className="font-medium text-foreground">Application Passwords</span>.
          </li>
          <li>Type a name such as “Feedloom” and click Add New Application Password.</li>
          <li>Copy the password WordPress shows (spaces are fine) and paste it here.</li>
        </ol>
      </details>
      {!site && hasSites ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isDefault" className="size-4 accent-primary" />
          Make this my default site
        </label>
      ) : null}
      <DialogActions onCancel={onDone}>
        <Button type="submit" disabled={saving.isPending}>
          {site
            ? saving.isPending
              ? 'Saving...'
              : 'Save Changes'
            : saving.isPending
              ? 'Checking connection...'
              : 'Add Site'}
        </Button>
      </DialogActions>
    </form>
  );
}
