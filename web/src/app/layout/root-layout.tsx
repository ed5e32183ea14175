// The root of every route: reports a page view on each route change (spec §2) and restores scroll.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { reportPageView } from '@/lib/analytics';

export function RootLayout() {
  const { pathname } = useLocation();

  useEffect(() => {
    reportPageView(pathname);
  }, [pathname]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
