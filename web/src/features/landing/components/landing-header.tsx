// The landing page's header is the spec's signed-out top bar (title, Login → /login) with the page's
// section links and "Get Started" beside it (issue 33).
import { buttonClasses } from '@/components/ui/button';
import { LogoAnchor } from '@/components/ui/logo-mark';
import { paths } from '@/lib/paths';

const sections = [
  ['Features', '#features'],
  ['How It Works', '#how-it-works'],
  ['Pricing', '#pricing'],
] as const;

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <LogoAnchor />
        <nav aria-label="Sections" className="hidden items-center gap-6 text-sm text-muted-foreground md:flex">
          {sections.map(([label, href]) => (
            <a key={href} href={href} className="hover:text-foreground">
              {label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <a href={paths.login} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            Login
          </a>
          <a href={paths.auth.register} className={buttonClasses({ size: 'sm' })}>
            Get Started
          </a>
        </div>
      </div>
    </header>
  );
}
