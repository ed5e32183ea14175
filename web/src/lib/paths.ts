// Every route of spec §2 in one place, so links and redirects never drift from the router.
export const paths = {
  landing: '/',
  home: '/home',
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
  // Admins download through the API (spec §7); everyone else, from the sidebar, gets the same zip from
  // the static assets, since every /api/admin call answers 403 to non-admins.
  extensionDownload: '/api/admin/download-extension',
  extensionZip: '/feedloom-extension.zip',
} as const;
