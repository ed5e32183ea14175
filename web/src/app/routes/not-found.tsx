// Any path the router does not know (spec §2): "404 Page Not Found". The spec's text, "Did you forget to add
// the page to the router?", speaks to the developer; visitors are told what happened instead (issue 27;
// docs/deviations.md). Signed out, the page has the spec's signed-out top bar.
import { Link } from 'react-router';
import { PublicTopBar } from '@/components/layouts/public-top-bar';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AlertIcon } from '@/components/ui/icons';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';

export function Component() {
  useDocumentTitle('Page not found');
  const { data: user, isPending } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      {!isPending && !user ? <PublicTopBar /> : null}
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md">
          <CardHeader>
            <div className="flex items-center gap-2">
              <AlertIcon className="size-6 text-destructive" />
              <CardTitle>404 Page Not Found</CardTitle>
            </div>
          </CardHeader>
          <CardContent className="grid gap-6">
            <p className="text-sm text-muted-foreground">
              There is no page at this address. It may have moved, or the link may have a typo.
            </p>
            <Link
              to={user ? paths.home : paths.landing}
              className={buttonClasses({ variant: 'outline', className: 'w-fit' })}
            >
              Back to home
            </Link>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
