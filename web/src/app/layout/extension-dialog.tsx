// The sidebar's "Chrome Extension" entry (spec §2, issue 11 item 9): how to install the zip (Load
// unpacked in Chromium browsers, a temporary add-on in Firefox) and the download itself, which the
// server stamps with this app's address, so the extension opens this Feedloom and not localhost.
import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DownloadIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

type ExtensionDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function ExtensionDialog({ open, onOpenChange }: ExtensionDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Install the Feedloom extension"
      description="It finds the feeds of the page you are on and adds them to Feedloom in one click."
    >
      <div className="grid gap-4 text-sm">
        <ol className="grid list-decimal gap-2 pl-5">
          <li>Download the zip below and unzip it into a folder you keep.</li>
          <li>
            <strong>Chrome, Edge or Brave:</strong> open <code>chrome://extensions</code>, turn on Developer mode,
            choose <strong>Load unpacked</strong> and pick the folder.
          </li>
          <li>
            <strong>Firefox:</strong> open <code>about:debugging#/runtime/this-firefox</code>, choose{' '}
            <strong>Load Temporary Add-on…</strong> and pick <code>manifest.json</code> in the folder.
          </li>
          <li>
            On first run the extension shows its settings with this app's address, <code>{window.location.origin}</code>
            , already filled in. Save it, and "Add to Feedloom" opens this app.
          </li>
        </ol>
        <a href={paths.extensionInstall} download className={buttonClasses({ className: 'justify-self-start' })}>
          <DownloadIcon /> Download the extension (.zip)
        </a>
      </div>
    </Dialog>
  );
}
