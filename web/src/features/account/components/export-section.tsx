// Downloads everything the person made as one JSON file (their feeds alone stay at OPML export).
import { PendingButton } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { DownloadIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast-store';
import { useExportAccount } from '../api/export-account';

export function ExportSection() {
  const download = useExportAccount();
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1.5">
          <h2 className="text-lg font-semibold">Your data</h2>
          <CardDescription>
            Your profile, categories, subscriptions, AI generations and preferences, as a JSON file.
          </CardDescription>
        </div>
        <PendingButton
          variant="outline"
          pending={download.isPending}
          pendingLabel="Preparing..."
          icon={<DownloadIcon />}
          onClick={() =>
            download.mutate(undefined, {
              onError: () =>
                toast({
                  variant: 'destructive',
                  title: 'Export failed',
                  description: 'An error occurred while loading the content',
                }),
            })
          }
        >
          Download my data
        </PendingButton>
      </CardHeader>
    </Card>
  );
}
