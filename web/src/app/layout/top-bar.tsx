// The top bar (spec §2): the product title; signed in, the search box (issue 14), the theme toggle and the
// account menu. Signed out it is the public top bar (title, Login), which the signed-out pages show.
import type { CurrentUser } from '@contracts/auth';
import { PublicTopBar, topBarClasses } from '@/components/layouts/public-top-bar';
import { Logo } from '@/components/ui/logo';
import { SearchBox } from '@/features/items/components/search-box';
import { paths } from '@/lib/paths';
import { AccountMenu } from './account-menu';
import { SidebarDrawer } from './sidebar';
import { ThemeToggle } from './theme-toggle';

export function TopBar({ user }: { user: CurrentUser | null }) {
  if (!user) return <PublicTopBar />;
  return (
    <header className={topBarClasses}>
      <div className="flex h-14 items-center justify-between gap-2 px-4 sm:gap-4">
        <div className="flex items-center gap-1">
          <SidebarDrawer user={user} />
          <Logo to={paths.home} compact />
        </div>
        <SearchBox className="max-w-md flex-1" />
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <AccountMenu user={user} />
        </div>
      </div>
    </header>
  );
}
