// The left sidebar of the signed-in layout (spec §2), hidden on small screens: plan badge with
// Manage/Upgrade, credits, Add Feed, the categories, and the settings links. On small screens the same
// content opens in a drawer from the top bar's menu button.
import type { CurrentUser } from '@contracts/auth';
import type { SavedSearch } from '@contracts/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { useModalDialog } from '@/components/ui/dialog';
import {
  BellIcon,
  BlocksIcon,
  CreditCardIcon,
  GlobeIcon,
  SlidersIcon,
  StarIcon,
  XIcon,
  ZapIcon,
} from '@/components/ui/icons';
import { SidebarCategories } from '@/features/categories/components/sidebar-categories';
import { AddFeedButton } from '@/features/feeds/components/add-feed-button';
import { useStarredCount } from '@/features/items/api/set-item-starred';
import { SidebarSearches } from '@/features/rules/components/sidebar-searches';
import { paths } from '@/lib/paths';
import { ExtensionDialog } from './extension-dialog';

const linkClasses =
  'flex items-center gap-3 rounded-md px-2 py-2 text-sm whitespace-nowrap text-muted-foreground hover:bg-accent hover:text-foreground [&_svg]:size-4 [&_svg]:shrink-0';

function SettingsLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={linkClasses}>
        {icon}
        {children}
      </Link>
    </li>
  );
}

export function Sidebar({ user }: { user: CurrentUser }) {
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-68 shrink-0 flex-col gap-6 overflow-y-auto border-r border-border p-4 md:flex"
    >
      <SidebarContent user={user} />
    </aside>
  );
}

/**
 * Small screens: a menu button in the top bar opens the sidebar as a drawer (a modal <dialog>, so focus
 * is trapped and Escape closes it). Following a link, or opening the add-feed dialog, closes it.
 */
export function SidebarDrawer({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="grid size-9 place-items-center rounded-md hover:bg-accent md:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks and link clicks; Escape is native */}
      <dialog
        ref={ref}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          const target = event.target as HTMLElement;
          if (target === event.currentTarget || target.closest('a, [data-closes-drawer]')) setOpen(false);
        }}
        className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50 md:hidden"
      >
        {open ? (
          <div className="flex min-h-full flex-col gap-6 p-4 pt-14">
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setOpen(false)}
              className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <XIcon className="size-5" />
            </button>
            <SidebarContent user={user} />
          </div>
        ) : null}
      </dialog>
    </>
  );
}

/** Starred items (issue 14), with how many there are. */
function StarredLink() {
  const count = useStarredCount().data?.count;
  return (
    <Link to={paths.starred} className={linkClasses}>
      <StarIcon />
      <span className="flex-1">Starred</span>
      {count ? (
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">{count}</span>
      ) : null}
    </Link>
  );
}

/** A saved search opens as the searched list of its scope (issue 26). */
const savedSearchPath = (search: SavedSearch) => {
  const list =
    search.scope.type === 'feed' && search.scope.id
      ? paths.feed(search.scope.id)
      : search.scope.type === 'category' && search.scope.id
        ? paths.category(search.scope.id)
        : paths.home;
  return `${list}?q=${encodeURIComponent(search.query)}`;
};

function SidebarContent({ user }: { user: CurrentUser }) {
  const [extensionOpen, setExtensionOpen] = useState(false);
  const pro = user.plan === 'pro';
  return (
    <>
      <div className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3">
        <div className="flex items-center justify-between gap-2">
          <Badge variant={pro ? 'default' : 'secondary'}>{pro ? 'Pro Plan' : 'Free Plan'}</Badge>
          <Link to={paths.payment} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {pro ? 'Manage' : 'Upgrade'}
          </Link>
        </div>
        <p className="flex items-baseline justify-between text-sm">
          <span className="text-muted-foreground">Credits</span>
          <span className="text-lg font-semibold">{user.credits}</span>
        </p>
      </div>

      <div data-closes-drawer="">
        <AddFeedButton className="w-full" />
      </div>

      <StarredLink />

      <SidebarCategories />

      <SidebarSearches linkTo={savedSearchPath} />

      <nav aria-labelledby="sidebar-settings" className="mt-auto grid gap-2">
        <h2 id="sidebar-settings" className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Settings
        </h2>
        <ul className="grid gap-0.5">
          <SettingsLink to={paths.preferences} icon={<SlidersIcon />}>
            AI Preferences
          </SettingsLink>
          <SettingsLink to={paths.emailSettings} icon={<BellIcon />}>
            Notification Settings
          </SettingsLink>
          <SettingsLink to={paths.rules} icon={<ZapIcon />}>
            Rules & Mute Words
          </SettingsLink>
          <SettingsLink to={paths.payment} icon={<CreditCardIcon />}>
            Credits & Subscription
          </SettingsLink>
          <li>
            <button type="button" onClick={() => setExtensionOpen(true)} className={`${linkClasses} w-full`}>
              <BlocksIcon />
              Chrome Extension
              <Badge className="ml-auto">New</Badge>
            </button>
            <ExtensionDialog open={extensionOpen} onOpenChange={setExtensionOpen} />
          </li>
          <SettingsLink to={paths.wordpressSites} icon={<GlobeIcon />}>
            WordPress Sites
          </SettingsLink>
        </ul>
      </nav>
    </>
  );
}
