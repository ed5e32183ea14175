// /admin (spec §2, §6): Clear User Generations, Add Credits and Download Extension, shown only to admins.
// The server answers 403 to anyone else and logs every admin action.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DownloadIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/paths';
import { AddCreditsForm } from './add-credits-form';
import { AdminForbidden } from './admin-forbidden';
import { ClearGenerationsForm } from './clear-generations-form';

function ToolCard({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  const headingId = `admin-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

type AdminDashboardProps = { isAdmin: boolean; onCreditsChanged?: () => void };

export function AdminDashboard({ isAdmin, onCreditsChanged }: AdminDashboardProps) {
  if (!isAdmin) return <AdminForbidden />;
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Tools for looking after accounts. Every action is logged." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ToolCard
          title="Clear User Generations"
          description={
            <>
              Delete all AI generations of a user.{' '}
              <Link to={paths.adminClearGenerations} className="text-primary underline-offset-4 hover:underline">
                Open on its own page
              </Link>
            </>
          }
        >
          <ClearGenerationsForm />
        </ToolCard>
        <ToolCard title="Add Credits" description="Give or take back credits, recorded in the ledger with a reason.">
          <AddCreditsForm onCreditsChanged={onCreditsChanged} />
        </ToolCard>
        <ToolCard title="Download Extension" description="The browser extension as a zip, for Chromium and Firefox.">
          <a href={paths.extensionDownload} className={buttonClasses({ variant: 'outline' })}>
            <DownloadIcon /> Download Extension
          </a>
        </ToolCard>
      </div>
    </>
  );
}
