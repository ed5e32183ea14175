// /admin (spec §2, §6): the admin tools, shown only to the admin user. The server enforces it too.
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, ShieldIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/paths';

const tools = [
  ['Clear User Generations', 'Remove the AI generations of a user.'],
  ['Add Credits', 'Give credits to a user.'],
];

export function AdminDashboard({ isAdmin }: { isAdmin: boolean }) {
  if (!isAdmin) {
    return <EmptyState icon={<ShieldIcon />} title="Admin only" description="You do not have access to this page." />;
  }
  return (
    <>
      <PageHeader title="Admin Dashboard" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map(([title, text]) => (
          <Card key={title}>
            <CardHeader>
              <h2 className="font-semibold">{title}</h2>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
        <Card>
          <CardHeader>
            <h2 className="font-semibold">Download Extension</h2>
            <CardDescription>The browser extension as a zip file.</CardDescription>
            <a
              href={paths.extensionDownload}
              className="mt-2 inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <DownloadIcon /> Download
            </a>
          </CardHeader>
        </Card>
      </div>
    </>
  );
}
