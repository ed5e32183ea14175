// The upgrade prompt shown wherever a Free account meets WordPress publishing, which is a Pro feature
// (spec §6; the server answers 403 to Free accounts either way).
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ZapIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

export function ProFeatureNotice({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary-soft p-4 sm:flex-row sm:items-center',
        className,
      )}
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground [&_svg]:size-5">
        <ZapIcon />
      </span>
      <div className="grid flex-1 gap-1">
        <p className="font-semibold">Publishing to WordPress is a Pro feature</p>
        <p className="text-sm text-muted-foreground">
          Upgrade to Pro to connect WordPress sites and publish AI content as drafts or posts.
        </p>
      </div>
      <Link to={paths.payment} className={buttonClasses({ size: 'sm', className: 'self-start sm:self-center' })}>
        Upgrade to Pro
      </Link>
    </div>
  );
}
