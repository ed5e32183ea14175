// The top bar of spec §2 as signed-out people see it: the product title, and a Login button to /login.
// The signed-in top bar (app/layout/top-bar.tsx) adds search, the theme toggle and the account menu.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/lib/paths';

export const topBarClasses = 'sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur';

export function PublicTopBar() {
  return (
    <header className={topBarClasses}>
      <div className="flex h-14 items-center justify-between gap-4 px-4">
        <Logo to={paths.landing} />
        <Link to={paths.login} className={buttonClasses({ size: 'sm' })}>
          Login
        </Link>
      </div>
    </header>
  );
}
