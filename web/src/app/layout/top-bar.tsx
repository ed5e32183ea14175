// The top bar (spec §2): the product title; signed in, the search box (issue 14), the theme toggle and the
// account menu; signed out, a Login button to /login.
import type { CurrentUser } from '@contracts/auth';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { SearchBox } from '@/features/items/components/search-box';
import { paths } from '@/lib/paths';
import { AccountMenu } from './account-menu';
import { SidebarDrawer } from './sidebar';
import { ThemeToggle } from './theme-toggle';

export function TopBar({ user }: { user: CurrentUser | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur">
      <div className="flex h-14 items-center justify-between gap-4 px-4">
        <div className="flex items-center gap-1">
          {user ? <SidebarDrawer user={user} /> : null}
          <Logo to={user ? paths.home : paths.landing} />
        </div>
        {user ? <SearchBox className="max-w-md flex-1" /> : null}
        {user ? (
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <AccountMenu user={user} />
          </div>
        ) : (
          <Link to={paths.login} className={buttonClasses({ size: 'sm' })}>
            Login
          </Link>
        )}
      </div>
    </header>
  );
}
