// The route table of spec §2. Every page is its own lazily loaded module, so a visitor on the landing page
// downloads only the landing page, and each signed-in page only its own code.
import { createBrowserRouter, redirect } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: () => import('./routes/landing') },
      {
        lazy: () => import('./routes/with-providers'),
        children: [
          { path: 'login', loader: ({ request }) => redirect(paths.auth.login + new URL(request.url).search) },
          { path: 'privacy', lazy: () => import('./routes/privacy') },
          { path: 'dev/mailbox', lazy: () => import('./routes/dev-mailbox') },
          // Outside the signed-out-only auth layout: the person changing their email is usually signed in.
          { path: 'auth/confirm-email', lazy: () => import('./routes/auth/confirm-email') },
          // Links from mail that must work whoever is signed in: outside the signed-out-only auth layout.
          { path: 'auth/verify', lazy: () => import('./routes/auth/verify') },
          { path: 'auth/confirm-delivery', lazy: () => import('./routes/auth/confirm-delivery') },
          {
            path: 'auth',
            lazy: () => import('./routes/auth/layout'),
            children: [
              { index: true, lazy: () => import('./routes/auth/welcome') },
              { path: 'login', lazy: () => import('./routes/auth/login') },
              { path: 'register', lazy: () => import('./routes/auth/register') },
              { path: 'forgot-password', lazy: () => import('./routes/auth/forgot-password') },
              { path: 'email-sent', lazy: () => import('./routes/auth/email-sent') },
              { path: 'password-setup', lazy: () => import('./routes/auth/password-setup') },
              { path: 'reset-password', lazy: () => import('./routes/auth/reset-password') },
            ],
          },
          {
            lazy: () => import('./routes/app/layout'),
            children: [
              { path: 'home', lazy: () => import('./routes/app/home') },
              { path: 'starred', lazy: () => import('./routes/app/starred') },
              { path: 'ai-generated', lazy: () => import('./routes/app/ai-generated') },
              { path: 'account', lazy: () => import('./routes/app/account') },
              { path: 'preferences', lazy: () => import('./routes/app/preferences') },
              { path: 'payment', lazy: () => import('./routes/app/payment') },
              { path: 'payment-success', lazy: () => import('./routes/app/payment-success') },
              { path: 'payment-cancel', lazy: () => import('./routes/app/payment-cancel') },
              { path: 'wordpress-sites', lazy: () => import('./routes/app/wordpress-sites') },
              { path: 'rules', lazy: () => import('./routes/app/rules') },
              { path: 'admin', lazy: () => import('./routes/app/admin') },
              { path: 'admin/clear-generations', lazy: () => import('./routes/app/admin-clear-generations') },
              { path: 'category/:categoryId', lazy: () => import('./routes/app/category') },
              { path: 'feed/:feedId', lazy: () => import('./routes/app/feed') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
]);
