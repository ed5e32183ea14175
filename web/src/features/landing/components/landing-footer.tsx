import { LogoAnchor } from '@/components/ui/logo-mark';
import { paths } from '@/lib/paths';

export function FinalCallToAction() {
  return (
    <section aria-labelledby="get-started" className="px-4 pb-20">
      <div className="mx-auto grid max-w-4xl justify-items-center gap-6 rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground">
        <h2 id="get-started" className="text-3xl font-bold tracking-tight text-balance">
          Ready to make your feeds work for you?
        </h2>
        <p className="max-w-xl">Create your free account in under a minute. No card needed.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <a
            href={paths.auth.register}
            className="inline-flex h-11 items-center justify-center rounded-md bg-background px-6 font-medium text-foreground shadow-sm hover:bg-background/90"
          >
            Create Account
          </a>
          <a
            href={paths.auth.login}
            className="inline-flex h-11 items-center justify-center rounded-md border border-primary-foreground/40 px-6 font-medium hover:bg-primary-foreground/10"
          >
            Sign In
          </a>
        </div>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row">
        <LogoAnchor />
        <nav aria-label="Footer" className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          <a href={paths.privacy} className="hover:text-foreground">
            Privacy Policy
          </a>
          <a href={paths.auth.login} className="hover:text-foreground">
            Sign In
          </a>
          <a href={paths.auth.register} className="hover:text-foreground">
            Create Account
          </a>
        </nav>
        <p>© {new Date().getFullYear()} Feedloom</p>
      </div>
    </footer>
  );
}
