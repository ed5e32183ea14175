// /wordpress-sites (spec §2): the WordPress sites AI content is published to. Add one (its credentials
// are checked first), edit it, make it the default (preselected in the publish dialog), remove it.
// WordPress is a Pro feature: Free accounts see the upgrade prompt instead of the add button.
import type { WordPressSite } from '@contracts/wordpress';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, GlobeIcon, PlusIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { useWordPressSites } from '../api/get-sites';
import { useUpdateWordPressSite } from '../api/save-site';
import { ProFeatureNotice } from './pro-feature-notice';
import { RemoveSiteDialog } from './remove-site-dialog';
import { SiteCard } from './site-card';
import { SiteFormDialog } from './site-form-dialog';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; site: WordPressSite };

export function WordpressSitesPage({ plan }: { plan: 'free' | 'pro' }) {
  const sites = useWordPressSites();
  const setDefault = useUpdateWordPressSite();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [removing, setRemoving] = useState<WordPressSite | null>(null);
  const pro = plan === 'pro';
  const list = sites.data ?? [];

  const makeDefault = (site: WordPressSite) =>
    setDefault.mutate(
      { siteId: site.id, changes: { isDefault: true } },
      {
        onSuccess: () =>
          toast({ title: 'Default site updated', description: `${site.name} is now preselected when you publish.` }),
        onError: (error) =>
          toastApiError(error, 'Failed to update site', 'There was an error updating the site. Please try again.'),
      },
    );

  const addButton = (
    <Button onClick={() => setEditing({ mode: 'add' })}>
      <PlusIcon /> Add Site
    </Button>
  );

  return (
    <>
      <PageHeader
        title="WordPress Sites"
        description="Publish AI content to your sites as drafts or posts."
        actions={pro && list.length > 0 ? addButton : null}
      />
      {pro ? null : <ProFeatureNotice className="mb-6" />}
      {sites.isPending ? (
        <ul aria-label="Loading WordPress sites" className="grid gap-3">
          {[0, 1].map((key) => (
            <li key={key} className="flex items-center gap-4 rounded-xl border border-border p-4">
              <Skeleton className="size-10 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-64 max-w-full" />
              </div>
            </li>
          ))}
        </ul>
      ) : sites.isError ? (
        <EmptyState
          icon={<AlertIcon />}
          title="Could not load your WordPress sites"
          description={apiErrorMessage(sites.error) ?? 'Check your connection and try again.'}
          action={
            <Button variant="outline" onClick={() => sites.refetch()}>
              Try again
            </Button>
          }
        />
      ) : list.length === 0 ? (
        pro ? (
          <EmptyState
            icon={<GlobeIcon />}
            title="No WordPress sites connected"
            description="Connect a site with an application password, then publish AI content to it from the AI Generated page."
            action={addButton}
          />
        ) : null
      ) : (
        <ul aria-label="WordPress sites" className="grid gap-3">
          {list.map((site) => (
            <SiteCard
              key={site.id}
              site={site}
              canChange={pro}
              settingDefault={setDefault.isPending && setDefault.variables?.siteId === site.id}
              onSetDefault={() => makeDefault(site)}
              onEdit={() => setEditing({ mode: 'edit', site })}
              onRemove={() => setRemoving(site)}
            />
          ))}
        </ul>
      )}
      <SiteFormDialog
        open={editing.mode !== 'closed'}
        onOpenChange={(open) => {
          if (!open) setEditing({ mode: 'closed' });
        }}
        site={editing.mode === 'edit' ? editing.site : undefined}
        hasSites={list.length > 0}
      />
      <RemoveSiteDialog
        site={removing}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
      />
    </>
  );
}
