import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { LogoMark, logoClasses } from './logo-mark';

/** The product mark and name; links home within the app. */
export function Logo({ className, to = '/' }: { className?: string; to?: string }) {
  return (
    <Link to={to} className={cn(logoClasses, className)}>
      <LogoMark />
    </Link>
  );
}
