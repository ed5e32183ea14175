// The dismissible browser-extension banner of My Feed (spec §2). Dismissal is remembered in localStorage.
// Phones cannot install browser extensions, so it shows from the `sm` width up.
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { BlocksIcon, DownloadIcon, XIcon } from '@/components/ui/icons';
import { TooltipButton } from '@/components/ui/tooltip';
import { paths } from '@/lib/paths';

const DISMISSED_KEY = 'feedloom:extension-banner-dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function ExtensionBanner() {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Hidden for this page only.
    }
  };
  return (
    <aside
      aria-label="Browser extension"
      className="relative hidden gap-3 rounded-xl border border-primary/30 bg-primary-soft p-4 pr-12 sm:flex sm:items-center"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary text-primary-foreground">
        <BlocksIcon className="size-5" />
      </span>
      <div className="grid flex-1 gap-0.5">
        <p className="font-semibold">Add feeds from any page with the Feedloom extension</p>
        <p className="text-sm text-muted-foreground">
          It finds the feeds of the site you are on and adds them in one click. Unzip it, then choose Load unpacked in
          chrome://extensions (or Load Temporary Add-on in Firefox).
        </p>
      </div>
      <a
        href={paths.extensionInstall}
        download
        className={buttonClasses({ size: 'sm', className: 'self-start sm:self-auto' })}
      >
        <DownloadIcon /> Get the extension
      </a>
      <span className="absolute top-2 right-2">
        <TooltipButton
          label="Dismiss"
          icon={<XIcon />}
          size="sm"
          className="px-2 text-muted-foreground"
          onClick={dismiss}
        />
      </span>
    </aside>
  );
}
