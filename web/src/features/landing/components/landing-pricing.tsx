// Pricing as the landing page states it (spec §9): Free $0/month with 3 feeds and 5 credits; Pro $10/month
// with 50 feeds, 100 credits a month, WordPress, blog posts and platform formatting. Then testimonials.
import { buttonClasses } from '@/components/ui/button';
import { CheckList } from '@/components/ui/check-list';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { PLAN_OFFERS } from '@/lib/plans';
import { SectionHeading } from './landing-sections';

const plans = [
  { ...PLAN_OFFERS.free, price: '$0', cta: 'Get Started', featured: false },
  { ...PLAN_OFFERS.pro, price: '$10', cta: 'Go Pro', featured: true },
];

export function Pricing() {
  return (
    <section aria-labelledby="pricing" className="scroll-mt-20 border-y border-border bg-muted/40 py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="pricing" title="Simple pricing" intro="Start free. Upgrade when your reading list grows." />
        <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {plans.map((plan) => (
            <div
              key={plan.name}
              className={cn(
                'relative grid content-start gap-6 rounded-2xl border bg-card p-8 shadow-sm',
                plan.featured ? 'border-primary ring-1 ring-primary' : 'border-border',
              )}
            >
              {plan.featured ? (
                <span className="absolute -top-3 left-8 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                  Most popular
                </span>
              ) : null}
              <div className="grid gap-2">
                <h3 className="text-xl font-semibold">{plan.name}</h3>
                <p className="text-sm text-muted-foreground">{plan.blurb}</p>
                <p>
                  <span className="text-4xl font-bold">{plan.price}</span>
                  <span className="text-muted-foreground">/month</span>
                </p>
              </div>
              <CheckList items={plan.items} />
              <a
                href={paths.auth.register}
                className={buttonClasses({ variant: plan.featured ? 'primary' : 'outline', size: 'lg' })}
              >
                {plan.cta}
              </a>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

const testimonials: Array<[quote: string, name: string, role: string]> = [
  [
    'I follow forty industry blogs. The morning digest means I read one email instead of opening forty tabs.',
    'Maya Rodriguez',
    'Newsletter editor',
  ],
  [
    'One click turns a long article into a post for X and a caption for Instagram. It saves me hours every week.',
    'Daniel Kim',
    'Content marketer',
  ],
  [
    'Category summaries keep my whole team up to date on release notes, in English and in German.',
    'Sofia Lang',
    'Engineering lead',
  ],
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials" className="mx-auto max-w-6xl px-4 py-20">
      <SectionHeading id="testimonials" title="Loved by busy readers" intro="What people say about Feedloom." />
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map(([quote, name, role]) => (
          <li key={name}>
            <figure className="grid h-full content-between gap-6 rounded-xl border border-border bg-card p-6 shadow-sm">
              <blockquote className="text-sm leading-relaxed">“{quote}”</blockquote>
              <figcaption className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-primary-soft text-sm font-semibold text-primary">
                  {name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </span>
                <span className="grid text-sm">
                  <span className="font-semibold">{name}</span>
                  <span className="text-muted-foreground">{role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
