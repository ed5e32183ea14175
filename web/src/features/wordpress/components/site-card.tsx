// One connected WordPress site: name, default badge, URL and username, and what can be done with it.
import type { WordPressSite } from '@contracts/wordpress';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ExternalLinkIcon, GlobeIcon } from '@/components/ui/icons';

type SiteCardProps = {
  site: WordPressSite;
  /** Free accounts may only remove sites; changing them is a Pro feature. */
  canChange: boolean;
  settingDefault: boolean;
  onSetDefault: () => void;
  onEdit: () => void;
  onRemove: () => void;
};

export function SiteCard({ site, canChange, settingDefault, onSetDefault, onEdit, onRemove }: SiteCardProps) {
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center">
      <span className="hidden size-10 shrink-0 place-items-center rounded-full bg-primary-soft text-primary sm:grid [&_svg]:size-5">
        <GlobeIcon />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <h2 className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="truncate">{site.name}</span>
          {site.isDefault ? <Badge>Default</Badge> : null}
        </h2>
        <a
          href={site.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-w-0 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <span className="truncate">{site.url}</span>
          <ExternalLinkIcon aria-hidden="true" className="size-3 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <p className="truncate text-sm text-muted-foreground">Username: {site.username}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {canChange && !site.isDefault ? (
          <Button variant="outline" size="sm" onClick={onSetDefault} disabled={settingDefault}>
            {settingDefault ? 'Saving...' : 'Set as default'}
          </Button>
        ) : null}
        {canChange ? (
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${site.name}`}>
            Edit
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove ${site.name}`}
          className="text-destructive hover:bg-destructive/10"
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
