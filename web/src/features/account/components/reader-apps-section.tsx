// Reader apps (issue 15): the addresses to type into an app that speaks the Google Reader or Fever API, and the
// app passwords it signs in with (the account password never goes into an app). A new password is
// shown once, here; afterwards only its name, creation and last use. Making one asks for the current
// password; an account without one gets a link by mail, which opens this page with its token (issue 28).
import { type CreatedAppPassword, createAppPasswordSchema } from '@contracts/account';
import type { CurrentUser } from '@contracts/auth';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, PendingButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { formatCalendarDate } from '@/lib/dates';
import { useFormSubmit } from '@/lib/form';
import { isCreated, useAppPasswords, useCreateAppPassword, useRevokeAppPassword } from '../api/app-passwords';
import { CurrentPasswordField } from './current-password-field';

const serverAddress = () => `${window.location.origin}/api/greader`;

export function ReaderAppsSection({ user }: { user: CurrentUser }) {
  const passwords = useAppPasswords();
  const create = useCreateAppPassword();
  const revoke = useRevokeAppPassword();
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  // The emailed link's token, for an account without a password: spent by the next creation.
  const token = user.hasPassword ? null : searchParams.get('token');

  const { errors, onSubmit } = useFormSubmit(
    createAppPasswordSchema,
    (data, form) => {
      create.mutate(
        { ...data, ...(token ? { token } : {}) },
        {
          onSuccess: (result) => {
            form.reset();
            if (isCreated(result)) {
              setCreated(result);
              setLinkSentTo(null);
              if (token) setSearchParams({}, { replace: true });
            } else setLinkSentTo(result.email);
          },
          onError: (error) => toastApiError(error, 'Could not create the app password', 'Please try again.'),
        },
      );
    },
    (fields) => ({
      name: fields.name,
      ...(fields.currentPassword ? { currentPassword: fields.currentPassword } : {}),
    }),
  );

  return (
    <Card id="reader-apps" className="scroll-mt-20">
      <CardHeader>
        <h2 className="text-lg font-semibold">Reader apps</h2>
        <CardDescription>
          Read your feeds in apps that speak the Google Reader or Fever API (newsboat, Reeder, NetNewsWire, ReadKit,
          FeedMe, Fluent Reader…). Your read and starred items stay in sync.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-2 rounded-lg border border-border bg-muted/50 p-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="text-muted-foreground">Server</dt>
          <dd className="font-mono break-all">{serverAddress()}</dd>
          <dt className="text-muted-foreground">Fever server</dt>
          <dd className="font-mono break-all">{`${window.location.origin}/api/fever/`}</dd>
          <dt className="text-muted-foreground">Username</dt>
          <dd className="font-mono break-all">{user.email}</dd>
          <dt className="text-muted-foreground">Password</dt>
          <dd>an app password from below</dd>
        </dl>

        {created ? (
          <div role="status" className="grid gap-2 rounded-lg border border-primary/40 bg-primary-soft p-3 text-sm">
            <p>
              The password for <span className="font-medium">{created.name}</span>. Copy it now: it is not shown again.
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <output className="font-mono text-base break-all select-all">{created.password}</output>
              <CopyButton text={() => created.password} label="Copy the app password" />
            </div>
          </div>
        ) : null}

        {linkSentTo ? (
          <p role="status" className="rounded-lg border border-border bg-muted p-3 text-sm">
            Check {linkSentTo}: follow the link we sent there to create the app password.
          </p>
        ) : null}
        {token ? (
          <p role="status" className="rounded-lg border border-border bg-muted p-3 text-sm">
            Your emailed link is confirmed. Name the app and create its password.
          </p>
        ) : null}

        <form noValidate aria-label="New app password" onSubmit={onSubmit} className="grid gap-3">
          <Field label="App name" name="name" placeholder="Reeder on my phone" error={errors.name} />
          {user.hasPassword ? (
            <CurrentPasswordField
              error={errors.currentPassword}
              hint="An app password lets an app read your feeds until you revoke it, so your password is asked again."
            />
          ) : null}
          <div className="flex justify-end">
            <PendingButton type="submit" pending={create.isPending} pendingLabel="Creating...">
              {user.hasPassword || token ? 'Create App Password' : 'Email Me a Link'}
            </PendingButton>
          </div>
        </form>

        {passwords.data && passwords.data.length > 0 ? (
          <ul aria-label="App passwords" className="divide-y divide-border rounded-lg border border-border">
            {passwords.data.map((password) => (
              <li key={password.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                <div className="grid gap-0.5">
                  <span className="font-medium">{password.name}</span>
                  <span className="text-xs text-muted-foreground">
                    Created {formatCalendarDate(password.createdAt)} ·{' '}
                    {password.lastUsedAt ? `last used ${formatCalendarDate(password.lastUsedAt)}` : 'never used'}
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke ${password.name}`}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(password.id, {
                      onSuccess: () =>
                        toast({
                          title: 'App password revoked',
                          description: `${password.name} can no longer sign in.`,
                        }),
                    })
                  }
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
