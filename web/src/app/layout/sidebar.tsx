// The left sidebar of the signed-in layout (spec §2), hidden on small screens: plan badge with
// Manage/Upgrade, credits, Add Feed, the categories, and the settings links.
import type { CurrentUser } from '@contracts/auth';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { BellIcon, BlocksIcon, CreditCardIcon, ExternalLinkIcon, GlobeIcon, SlidersIcon } from '@/components/ui/icons';
import { AddFeedButton } from '@/features/feeds/components/add-feed-button';
import { SidebarCategories } from '@/features/feeds/components/sidebar-categories';
import { paths } from '@/lib/paths';

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
  const pro = user.plan === 'pro';
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-68 shrink-0 flex-col gap-6 overflow-y-auto border-r border-border p-4 md:flex"
    >
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

      <AddFeedButton className="w-full" />

      <SidebarCategories />

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
          <SettingsLink to={paths.payment} icon={<CreditCardIcon />}>
            Credits & Subscription
          </SettingsLink>
          <li>
            <a href={paths.extensionDownload} target="_blank" rel="noreferrer" className={linkClasses}>
              <BlocksIcon />
              Chrome Extension
              <ExternalLinkIcon className="-ml-1.5 size-3!" />
              <span className="sr-only">(opens in a new tab)</span>
              <Badge className="ml-auto">New</Badge>
            </a>
          </li>
          <SettingsLink to={paths.wordpressSites} icon={<GlobeIcon />}>
            WordPress Sites
          </SettingsLink>
        </ul>
      </nav>
    </aside>
  );
}
