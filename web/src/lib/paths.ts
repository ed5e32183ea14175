// Every route of spec §2 in one place, so links and redirects never drift from the router.
export const paths = {
  landing: '/',
  home: '/home',
  starred: '/starred',
  privacy: '/privacy',
  login: '/login',
  auth: {
    welcome: '/auth',
    login: '/auth/login',
    register: '/auth/register',
    forgotPassword: '/auth/forgot-password',
    emailSent: '/auth/email-sent',
    verify: '/auth/verify',
    confirmEmail: '/auth/confirm-email',
    passwordSetup: '/auth/password-setup',
    resetPassword: '/auth/reset-password',
    confirmDelivery: '/auth/confirm-delivery',
  },
  aiGenerated: '/ai-generated',
  account: '/account',
  preferences: '/preferences',
  emailSettings: '/preferences#email-settings',
  payment: '/payment',
  paymentSuccess: '/payment-success',
  paymentCancel: '/payment-cancel',
  wordpressSites: '/wordpress-sites',
  rules: '/rules',
  admin: '/admin',
  adminClearGenerations: '/admin/clear-generations',
  /** /auth/login, remembering the page to return to; the home page needs no reminder. */
  loginReturningTo: ({ pathname, search, hash }: { pathname: string; search: string; hash: string }) =>
    pathname === '/' || pathname === '/home'
      ? '/auth/login'
      : `/auth/login?redirect=${encodeURIComponent(pathname + search + hash)}`,
  category: (categoryId: number | string) => `/category/${categoryId}`,
  feed: (feedId: number | string) => `/feed/${feedId}`,
  addFeed: (url = '') => `/home?addFeed=${encodeURIComponent(url)}`,
  devMailbox: '/dev/mailbox',
  // The extension zip, stamped with this app's address (spec §7 names the admin path; everyone else
  // downloads the same stamped zip from /api/extension/download).
  extensionDownload: '/api/admin/download-extension',
  extensionInstall: '/api/extension/download',
} as const;
