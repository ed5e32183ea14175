// The tabs of the signed-in layout (spec §2): My Feed, AI Generated, Preferences.
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const tabs = [
  { label: 'My Feed', to: paths.landing, active: (path: string) => path === paths.landing || path === paths.home },
  { label: 'AI Generated', to: paths.aiGenerated, active: (path: string) => path === paths.aiGenerated },
  { label: 'Preferences', to: paths.preferences, active: (path: string) => path === paths.preferences },
];

export function NavTabs() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="border-b border-border">
      <ul className="-mb-px flex gap-1 overflow-x-auto px-4 md:px-6">
        {tabs.map((tab) => {
          const active = tab.active(pathname);
          return (
            <li key={tab.label} className="shrink-0">
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium transition-colors',
                  active
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
