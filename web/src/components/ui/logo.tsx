import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { LogoMark, logoClasses } from './logo-mark';

/**
 * The product mark and name; links home within the app. `compact`: the name is left to screen readers
 * below the sm width, so a phone's top bar has room for its search box (issue 27: it showed "Se").
 */
export function Logo({ className, to = '/', compact = false }: { className?: string; to?: string; compact?: boolean }) {
  return (
    <Link to={to} className={cn(logoClasses, className)}>
      <LogoMark compact={compact} />
    </Link>
  );
}
