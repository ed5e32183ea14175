// Deleting the account: the person types their email to confirm. Everything of theirs goes, a Pro
// subscription is cancelled, and they land on the welcome screen signed out.
import type { CurrentUser } from '@contracts/auth';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, PendingButton } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { paths } from '@/lib/paths';
import { useDeleteAccount } from '../api/delete-account';

export function DeleteAccountSection({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  const remove = useDeleteAccount({
    onSuccess: () => {
      toast({ title: 'Account deleted', description: 'Your account and everything in it are gone.' });
      navigate(paths.auth.welcome, { replace: true });
    },
  });
  const matches = typed.trim().toLowerCase() === user.email;

  return (
    <Card className="border-destructive/40">
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1.5">
          <h2 className="text-lg font-semibold">Delete account</h2>
          <CardDescription>
            Deletes your feeds and what you have read, AI generations and their images, WordPress sites, app passwords
            and preferences, cancels a Pro subscription and deletes your payment details at Stripe (Stripe keeps
            invoices, as the law requires). This cannot be undone.
          </CardDescription>
        </div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </CardHeader>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTyped('');
        }}
        title="Delete your account?"
        description="Everything in your account is deleted at once and for good. Type your email to confirm."
      >
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!matches) return;
            remove.mutate(typed, {
              onError: (error) => toastApiError(error, 'Could not delete your account', 'Please try again.'),
            });
          }}
        >
          <Field
            label="Your email"
            name="confirm"
            type="email"
            autoComplete="off"
            placeholder={user.email}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <DialogActions onCancel={() => setOpen(false)}>
            <PendingButton
              type="submit"
              variant="destructive"
              pending={remove.isPending}
              pendingLabel="Deleting..."
              disabled={!matches}
            >
              Delete my account
            </PendingButton>
          </DialogActions>
        </form>
      </Dialog>
    </Card>
  );
}
