// Everything the person made as one JSON file (their feeds alone stay at OPML export). The file is
// prepared in the background (issue 29): asking for it says so, the link arrives by email, and the file
// is offered here, with when its link stops working, until then.
import { useState } from 'react';
import { buttonClasses, PendingButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DownloadIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast-store';
import { useExports, useRequestExport } from '../api/export-account';

const size = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1_000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

const until = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

export function ExportSection() {
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const exports = useExports(waitingFor);
  const request = useRequestExport();
  const ready = exports.data ?? [];
  const preparing = waitingFor !== null && !ready.some((file) => file.id === waitingFor);
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1.5">
          <h2 className="text-lg font-semibold">Your data</h2>
          <CardDescription>
            Your profile, categories, subscriptions, starred items, AI generations and preferences, as a JSON file. We
            prepare it in the background and email you a link that works for 24 hours.
          </CardDescription>
        </div>
        <PendingButton
          variant="outline"
          pending={request.isPending}
          pendingLabel="Asking..."
          icon={<DownloadIcon />}
          onClick={() =>
            request.mutate(undefined, {
              onSuccess: (queued) => {
                setWaitingFor(queued.id);
                toast({ title: 'Preparing your data', description: queued.message });
              },
              onError: (error) =>
                toast({ variant: 'destructive', title: 'Export not started', description: error.message }),
            })
          }
        >
          Export my data
        </PendingButton>
      </CardHeader>
      {preparing || ready.length > 0 ? (
        <CardContent className="grid gap-2 text-sm">
          {preparing ? <p role="status">Preparing your file. This page shows it when it is ready.</p> : null}
          {ready.map((file) => (
            <p key={file.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <a className={buttonClasses({ variant: 'primary', size: 'sm' })} href={file.url} download>
                Download my data
              </a>
              <span className="text-muted-foreground">
                {size(file.bytes)}, link works until {until(file.expiresAt)}
              </span>
            </p>
          ))}
        </CardContent>
      ) : null}
    </Card>
  );
}
