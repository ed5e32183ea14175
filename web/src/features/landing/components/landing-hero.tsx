import { buttonClasses } from '@/components/ui/button';
import { ArrowRightIcon, RssIcon, SparklesIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

const previewItems = [
  ['The week in open-source AI', 'Hacker Digest', '2 hours ago'],
  ['Ten lessons from a year of remote work', 'Team Notes', 'Yesterday'],
  ['What the new privacy rules mean for you', 'Tech Policy Daily', 'May 13, 2025'],
];

export function LandingHero() {
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 md:pt-24 lg:grid-cols-2">
      <div className="grid gap-6">
        <p className="inline-flex w-fit items-center gap-2 rounded-full border border-border bg-primary-soft px-3 py-1 text-sm font-medium text-primary">
          <SparklesIcon className="size-4" /> AI-assisted RSS reader
        </p>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Your feeds, woven into content you can use
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Feedloom collects the RSS and Atom feeds you follow and uses AI to summarise them, rewrite articles for every
          platform, and deliver scheduled digests to your inbox or your WordPress site.
        </p>
        <div className="flex flex-wrap gap-3">
          <a href={paths.auth.register} className={buttonClasses({ size: 'lg' })}>
            Get Started Free <ArrowRightIcon />
          </a>
          <a href={paths.auth.login} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            Sign In
          </a>
        </div>
        <p className="text-sm text-muted-foreground">Free plan: 3 feeds and 5 AI credits. No card needed.</p>
      </div>
      <div aria-hidden="true" className="rounded-2xl border border-border bg-card p-4 shadow-xl sm:p-6">
        <div className="mb-4 flex items-center justify-between">
          <p className="font-semibold">My Feed</p>
          <p className="text-xs text-muted-foreground">Past 24 hours</p>
        </div>
        <ul className="grid gap-3">
          {previewItems.map(([title, source, when]) => (
            <li key={title} className="flex gap-3 rounded-lg border border-border p-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-md bg-primary-soft text-primary">
                <RssIcon className="size-5" />
              </span>
              <span className="grid min-w-0 flex-1 gap-1">
                <span className="truncate text-sm font-semibold">{title}</span>
                <span className="text-xs text-muted-foreground">
                  {source} · {when}
                </span>
              </span>
              <span className="hidden h-7 items-center gap-1 self-center rounded-md bg-primary px-2 text-xs font-medium text-primary-foreground sm:inline-flex">
                <SparklesIcon className="size-3" /> Rewrite
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
