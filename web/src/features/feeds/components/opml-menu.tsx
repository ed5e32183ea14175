// OPML import and export (issue 3), as a small "Import / Export" menu. Export downloads /api/opml. Import
// sends the chosen file; the server follows its feeds in the background, and the outcome is reported as
// "Imported N feeds, skipped M, K failed" once done. A file that is not OPML gets the server's message.
import { useRef } from 'react';
import { type ButtonSize, buttonClasses } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuButton } from '@/components/ui/dropdown-menu';
import { ChevronDownIcon, DownloadIcon } from '@/components/ui/icons';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { describeOpmlImport, OPML_EXPORT_URL, useImportOpml } from '../api/import-opml';
import { ArrowUpDownIcon, UploadIcon } from './feed-icons';

function downloadOpml() {
  const link = document.createElement('a');
  link.href = OPML_EXPORT_URL;
  link.download = 'feedloom-subscriptions.opml';
  document.body.append(link);
  link.click();
  link.remove();
}

/** `size`: the size of the buttons beside it (the welcome block's are large). */
export function OpmlMenu({ size }: { size?: ButtonSize }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const importOpml = useImportOpml({
    onSuccess: (job) =>
      toast(
        job.status === 'failed'
          ? { variant: 'destructive', title: 'OPML import failed', description: describeOpmlImport(job) }
          : { title: 'OPML import finished', description: describeOpmlImport(job) },
      ),
    onError: (error) => toastApiError(error, 'Error importing OPML', 'The file could not be read as OPML.'),
  });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    importOpml.mutate({
      text,
      onStarted: (job) =>
        toast({ title: 'Importing feeds', description: `Following ${job.total} feeds from ${file.name}…` }),
    });
  };

  return (
    <>
      <DropdownMenu
        label="Import / Export"
        triggerClassName={buttonClasses({ variant: 'outline', size })}
        trigger={
          <>
            <ArrowUpDownIcon />
            <span className="hidden sm:inline">{importOpml.isPending ? 'Importing...' : 'Import / Export'}</span>
            <ChevronDownIcon className="text-muted-foreground" />
          </>
        }
      >
        <DropdownMenuButton onSelect={() => fileInput.current?.click()} disabled={importOpml.isPending}>
          <UploadIcon /> Import OPML file
        </DropdownMenuButton>
        <DropdownMenuButton onSelect={downloadOpml}>
          <DownloadIcon /> Export OPML file
        </DropdownMenuButton>
      </DropdownMenu>
      <input
        ref={fileInput}
        type="file"
        accept=".opml,.xml,text/x-opml,text/xml,application/xml"
        aria-label="OPML file to import"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          void onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}
