// The product mark, and a plain-link version of the logo for pages that boot without the router (the
// landing page): importing react-router here would put the router into the landing page's JavaScript.
import { cn } from '@/lib/cn';
import { RssIcon } from './icons';

export const logoClasses = 'inline-flex items-center gap-2 rounded-md font-semibold tracking-tight';

export function LogoMark({ compact = false }: { compact?: boolean }) {
  return (
    <>
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <RssIcon className="size-5" />
      </span>
      <span className={cn('text-lg', compact && 'max-sm:sr-only')}>Feedloom</span>
    </>
  );
}

export function LogoAnchor({ className, href = '/' }: { className?: string; href?: string }) {
  return (
    <a href={href} className={cn(logoClasses, className)}>
      <LogoMark />
    </a>
  );
}
