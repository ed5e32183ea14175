// The sidebar's categories: collapsible categories with unread counts and their feeds (spec §2 layout).
// No feeds are listed yet, so it shows where they will appear.
import { FolderIcon } from '@/components/ui/icons';

export function SidebarCategories() {
  return (
    <section aria-labelledby="sidebar-categories" className="grid gap-2">
      <h2 id="sidebar-categories" className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Categories
      </h2>
      <p className="flex items-start gap-2 px-2 text-sm text-muted-foreground">
        <FolderIcon className="mt-0.5 size-4 shrink-0" />
        Feeds you add appear here, grouped by category.
      </p>
    </section>
  );
}
