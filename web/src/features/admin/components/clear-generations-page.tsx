// /admin/clear-generations: the Clear User Generations tool on its own page (admins only).
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/paths';
import { AdminForbidden } from './admin-forbidden';
import { ClearGenerationsForm } from './clear-generations-form';

export function ClearGenerationsPage({ isAdmin }: { isAdmin: boolean }) {
  if (!isAdmin) return <AdminForbidden />;
  return (
    <>
      <Link
        to={paths.admin}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Admin Dashboard
      </Link>
      <PageHeader
        title="Clear User Generations"
        description="Delete every AI generation of one user, with their images. This cannot be undone."
      />
      <Card className="max-w-lg">
        <CardHeader className="pb-4">
          <p className="text-sm text-muted-foreground">Enter the email address of the account to clear.</p>
        </CardHeader>
        <CardContent>
          <ClearGenerationsForm />
        </CardContent>
      </Card>
    </>
  );
}
