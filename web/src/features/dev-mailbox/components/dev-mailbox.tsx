// /dev/mailbox: in development, emails go to the outbox instead of the internet; this page lists them
// (newest first) and shows the selected one with clickable links, so sign-up and magic links work locally.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InboxIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorStatus } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatItemDate } from '@/lib/dates';
import { useOutbox } from '../api/get-outbox';
import { LinkedText } from './linked-text';

export function DevMailbox() {
  const outbox = useOutbox();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const emails = outbox.data ?? [];
  const selected = emails.find((email) => email.id === selectedId) ?? emails[0];

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Logo />
          <Button variant="outline" size="sm" onClick={() => outbox.refetch()} disabled={outbox.isFetching}>
            {outbox.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-4 px-4 py-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Dev Mailbox</h1>
          <p className="text-sm text-muted-foreground">
            Emails sent while running locally. Nothing here leaves your machine.
          </p>
        </div>
        {outbox.isPending ? (
          <Skeleton className="h-64" />
        ) : outbox.isError ? (
          <Card className="p-6 text-sm">
            {apiErrorStatus(outbox.error) === 404
              ? 'The mailbox is only available when the app runs in development.'
              : 'Could not load the mailbox. Is the app running?'}{' '}
            <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
              Back to home
            </Link>
          </Card>
        ) : emails.length === 0 || !selected ? (
          <Card className="grid justify-items-center gap-2 p-10 text-center">
            <InboxIcon className="size-8 text-muted-foreground" />
            <p className="font-medium">No emails yet</p>
            <p className="text-sm text-muted-foreground">Sign up or ask for a magic link, then refresh.</p>
          </Card>
        ) : (
          <div className="grid gap-4 md:grid-cols-[320px_1fr]">
            <Card className="overflow-hidden">
              <ul aria-label="Emails">
                {emails.map((email) => (
                  <li key={email.id} className="border-b border-border last:border-b-0">
                    <button
                      type="button"
                      aria-current={email.id === selected.id ? 'true' : undefined}
                      onClick={() => setSelectedId(email.id)}
                      className={cn(
                        'grid w-full gap-0.5 px-4 py-3 text-left hover:bg-accent',
                        email.id === selected.id && 'bg-primary-soft',
                      )}
                    >
                      <span className="truncate text-sm font-medium">{email.subject}</span>
                      <span className="truncate text-xs text-muted-foreground">{email.to}</span>
                      <time dateTime={email.createdAt} className="text-xs text-muted-foreground">
                        {formatItemDate(email.createdAt)}
                      </time>
                    </button>
                  </li>
                ))}
              </ul>
            </Card>
            <Card className="order-first min-w-0 md:order-none">
              <article aria-label="Selected email" className="grid gap-4 p-6">
                <header className="grid gap-1 border-b border-border pb-4">
                  <h2 className="text-lg font-semibold">{selected.subject}</h2>
                  <p className="text-sm text-muted-foreground">
                    To {selected.to} · {new Date(selected.createdAt).toLocaleString()}
                  </p>
                </header>
                <LinkedText text={selected.text ?? ''} />
              </article>
            </Card>
          </div>
        )}
      </main>
    </div>
  );
}
