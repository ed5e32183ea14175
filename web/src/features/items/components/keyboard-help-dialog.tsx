import { Dialog } from '@/components/ui/dialog';
import { SEARCH_SHORTCUT } from './search-box';
import { ITEM_SHORTCUTS } from './use-item-keyboard';

/** "?" on an item list: the keys it understands, and "/" for the search box. */
export function KeyboardHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" className="max-w-sm">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {[...ITEM_SHORTCUTS, SEARCH_SHORTCUT].map((shortcut) => (
          <div key={shortcut.key} className="contents">
            <dt>
              <kbd className="inline-grid min-w-7 place-items-center rounded-md border border-border bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold">
                {shortcut.key}
              </kbd>
            </dt>
            <dd className="text-muted-foreground">{shortcut.label}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
