// The frame of every auth screen: the signed-out top bar (spec §2: title, Login) above one centred card,
// usable from 360 px up. A screen for signed-in people (confirming a new email) shows the logo instead.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Logo } from '@/components/ui/logo';
import { StatusCard, type StatusCardProps } from '@/components/ui/status-card';
import { paths } from '@/lib/paths';
import { PublicTopBar } from './public-top-bar';

type AuthShellProps = { children: ReactNode; footer?: ReactNode; topBar?: boolean };

export function AuthShell({ children, footer, topBar = true }: AuthShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      {topBar ? <PublicTopBar /> : null}
      <div className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-10">
        {topBar ? null : <Logo />}
        <main className="w-full max-w-md">
          <Card>{children}</Card>
          {footer ? <div className="mt-4 text-center text-sm text-muted-foreground">{footer}</div> : null}
        </main>
        <Link to={paths.privacy} className="text-xs text-muted-foreground underline-offset-4 hover:underline">
          Privacy Policy
        </Link>
      </div>
    </div>
  );
}

export const textLinkClasses = 'font-medium text-primary underline-offset-4 hover:underline';

/** A link page's answer in the auth frame: one status card (invalid link, failed, done). */
export function StatusScreen(props: StatusCardProps) {
  return (
    <AuthShell>
      <StatusCard {...props} />
    </AuthShell>
  );
}
