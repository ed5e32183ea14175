// The sidebar's "Searches" (issue 26): each saved search with its unread count, opening as a list (the
// searched My Feed, feed or category list: `linkTo` builds the address, the app's to know).
import type { SavedSearch } from '@contracts/rules';
import { Link } from 'react-router';
import { useSavedSearches } from '../api/rules';

const linkClasses =
  'flex items-center gap-3 rounded-md px-2 py-1.5 text-sm whitespace-nowrap text-muted-foreground hover:bg-accent hover:text-foreground';

export function SidebarSearches({ linkTo }: { linkTo: (search: SavedSearch) => string }) {
  const searches = useSavedSearches();
  if (!searches.data || searches.data.length === 0) return null;
  return (
    <nav aria-labelledby="sidebar-searches" className="grid gap-1">
      <h2 id="sidebar-searches" className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Searches
      </h2>
      <ul className="grid gap-0.5">
        {searches.data.map((search) => (
          <li key={search.id}>
            <Link to={linkTo(search)} className={linkClasses}>
              <span className="flex-1 truncate">{search.name}</span>
              {search.unreadCount ? (
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
                  {search.unreadCount >= 1000 ? '1000+' : search.unreadCount}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
