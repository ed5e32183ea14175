import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { RssIcon } from './icons';

/** The product mark and name; links home. */
export function Logo({ className, to = '/' }: { className?: string; to?: string }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}>
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <RssIcon className="size-5" />
      </span>
      <span className="text-lg">Feedloom</span>
    </Link>
  );
}
