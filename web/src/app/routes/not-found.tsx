import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AlertIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="flex items-center gap-2">
            <AlertIcon className="size-6 text-destructive" />
            <CardTitle>404 Page Not Found</CardTitle>
          </div>
        </CardHeader>
        <CardContent className="grid gap-6">
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link to={paths.landing} className={buttonClasses({ variant: 'outline', className: 'w-fit' })}>
            Back to home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
