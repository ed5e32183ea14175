import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { RssIcon } from './icons';

const logoClasses = 'inline-flex items-center gap-2 rounded-md font-semibold tracking-tight';

function LogoMark() {
  return (
    <>
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <RssIcon className="size-5" />
      </span>
      <span className="text-lg">Feedloom</span>
    </>
  );
}

/** The product mark and name; links home within the app. */
export function Logo({ className, to = '/' }: { className?: string; to?: string }) {
  return (
    <Link to={to} className={cn(logoClasses, className)}>
      <LogoMark />
    </Link>
  );
}

/** The same mark as a plain link, for pages that boot without the router (the landing page). */
export function LogoAnchor({ className, href = '/' }: { className?: string; href?: string }) {
  return (
    <a href={href} className={cn(logoClasses, className)}>
      <LogoMark />
    </a>
  );
}
