// The signed-in layout (spec §2): top bar, sidebar (md and up), tabs, and the page.
import type { CurrentUser } from '@contracts/auth';
import type { ReactNode } from 'react';
import { NavTabs } from './nav-tabs';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <TopBar user={user} />
      <div className="flex">
        <Sidebar user={user} />
        <div className="min-w-0 flex-1">
          <NavTabs />
          <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 outline-none md:px-6">
            {children}
          </main>
        </div>
      </div>
    </div>
  );
}
