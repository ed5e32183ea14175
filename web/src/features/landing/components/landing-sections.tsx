// The middle of the landing page: feature cards, the three-step "How It Works" and the six-item
// "Everything You Need" list (spec §1, §2).
import type { ReactNode } from 'react';
import {
  BlocksIcon,
  FileTextIcon,
  GlobeIcon,
  LanguagesIcon,
  LayersIcon,
  MailIcon,
  SparklesIcon,
} from '@/components/ui/icons';

export function SectionHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div className="mx-auto mb-12 grid max-w-2xl gap-3 text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <p className="text-muted-foreground">{intro}</p>
    </div>
  );
}

const features: Array<[ReactNode, string, string]> = [
  [
    <LayersIcon key="i" />,
    'All your feeds in one place',
    'Add any RSS or Atom feed, group feeds in categories and see unread counts at a glance.',
  ],
  [
    <SparklesIcon key="i" />,
    'AI summaries',
    'Summarise one feed or a whole category in a click, in more than 40 languages.',
  ],
  [
    <FileTextIcon key="i" />,
    'Rewrite for any platform',
    'Turn an article into a blog post, a post for X, Facebook or Instagram, or an email.',
  ],
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20">
      <SectionHeading
        id="features"
        title="Read less, know more"
        intro="Feedloom does the reading for you, then helps you turn what matters into something worth sharing."
      />
      <ul className="grid gap-6 md:grid-cols-3">
        {features.map(([icon, title, text]) => (
          <li key={title} className="grid gap-3 rounded-xl border border-border bg-card p-6 shadow-sm">
            <span className="grid size-11 place-items-center rounded-lg bg-primary-soft text-primary [&_svg]:size-5">
              {icon}
            </span>
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const steps = [
  ['Add your feeds', 'Paste a feed or website address, or add it from any page with the browser extension.'],
  ['Let AI do the reading', 'Choose the language, writing style and length, and get summaries and rewrites.'],
  ['Share and stay informed', 'Receive scheduled digests by email, or publish to your WordPress site.'],
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="scroll-mt-20 border-y border-border bg-muted/40 py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="how-it-works" title="How It Works" intro="From feed to finished content in three steps." />
        <ol className="grid gap-8 md:grid-cols-3">
          {steps.map(([title, text], index) => (
            <li key={title} className="grid justify-items-center gap-3 text-center">
              <span className="grid size-12 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="max-w-xs text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const everything: Array<[ReactNode, string, string]> = [
  [<LayersIcon key="i" />, 'Categories and unread counts', 'Keep feeds organised and see what is new.'],
  [<SparklesIcon key="i" />, 'Summaries and topic analysis', 'Understand a whole category in one read.'],
  [<MailIcon key="i" />, 'Scheduled email digests', 'Daily, twice daily or weekly, in your inbox.'],
  [<LanguagesIcon key="i" />, 'More than 40 languages', 'Read and write in the language of your audience.'],
  [<GlobeIcon key="i" />, 'WordPress publishing', 'Send content as a draft or publish it straight away.'],
  [<BlocksIcon key="i" />, 'Browser extension', 'Find feeds on any page and add them in one click.'],
];

export function EverythingYouNeed() {
  return (
    <section aria-labelledby="everything" className="mx-auto max-w-6xl px-4 py-20">
      <SectionHeading
        id="everything"
        title="Everything You Need"
        intro="One reader for following, understanding and publishing."
      />
      <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
        {everything.map(([icon, title, text]) => (
          <li key={title} className="flex gap-3">
            <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-md bg-primary-soft text-primary [&_svg]:size-4">
              {icon}
            </span>
            <span className="grid gap-1">
              <span className="font-semibold">{title}</span>
              <span className="text-sm text-muted-foreground">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
